import type { TChannelKind, TInteractive, TInteractiveReply, TMessageKind } from '@atende/shared';

/**
 * One adapter per channel kind (DESIGN.md §6): webhook signature check, webhook parsing into
 * provider-neutral events, sending, and the channel's media limits. Adapters hold no state and do
 * no SQL: the inbox services store what they parse and hand them what to send.
 */

/** The stored channel an adapter works for (modules/channels/channels.schema.ts). */
export type TChannelRecord = {
  id: string;
  accountId: string;
  kind: TChannelKind;
  externalId: string;
  config: Record<string, unknown>;
  secrets: Record<string, string>;
};

/** A customer's media read from the provider, streamed through to the agent. */
export type TFetchedMedia = { body: ReadableStream<Uint8Array>; mimeType: string; size?: number };

export type TInboundMedia = {
  providerMediaId?: string;
  url?: string;
  mimeType: string;
  fileName?: string;
  size?: number;
  caption?: string;
};

/** A customer's message, as the provider told it. `from` is E.164 for phone channels. */
export type TInboundMessage = {
  providerMessageId: string;
  from: string;
  profileName?: string;
  timestamp: Date;
  kind: TMessageKind;
  text?: string;
  media?: TInboundMedia;
  /** The option of one of our interactive messages the customer picked (WhatsApp replies). */
  reply?: TInteractiveReply;
};

/** A delivery report of one of our messages. */
export type TStatusUpdate = {
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  timestamp: Date;
  errorCode?: string;
  /** WhatsApp's biz_opaque_callback_data, echoed from the send (a campaign recipient's id). */
  callbackData?: string;
};

/** A customer reacted to one of our messages or theirs (an empty emoji removes the reaction). */
export type TInboundReaction = {
  /** The provider's id of the message reacted to. */
  targetProviderMessageId: string;
  from: string;
  emoji: string;
  timestamp: Date;
};

export type TParsedWebhook = {
  messages: TInboundMessage[];
  statuses: TStatusUpdate[];
  reactions?: TInboundReaction[];
};

export type TOutbound =
  | { kind: 'text'; to: string; text: string }
  | {
      kind: 'media';
      to: string;
      media: { url: string; mimeType: string; fileName?: string };
      caption?: string;
    }
  | {
      kind: 'template';
      to: string;
      template: { name: string; language: string; components?: unknown[] };
    }
  | { kind: 'interactive'; to: string; text: string; interactive: TInteractive }
  /** The team's reaction to a customer's message (an empty emoji removes it). */
  | { kind: 'reaction'; to: string; targetProviderMessageId: string; emoji: string };

export type TSendResult = { providerMessageId: string; segments?: number };

/**
 * Campaigns (issue 16): a key the provider may use to answer a repeated send with the first one's
 * result instead of sending again (a retry after a crash between the send and its commit).
 */
export type TSendOptions = { idempotencyKey?: string };

export type TMediaLimits = {
  /** Accepted MIME types, each with its maximum size in bytes. Empty: the channel takes no media. */
  types: Record<string, number>;
};

export interface ChannelAdapter {
  readonly kind: TChannelKind;
  readonly mediaLimits: TMediaLimits;
  /** True when the raw body's signature headers prove the provider sent it. */
  verifySignature(channel: TChannelRecord, rawBody: Buffer, headers: Record<string, unknown>): boolean;
  parseWebhook(channel: TChannelRecord, body: unknown): TParsedWebhook;
  send(channel: TChannelRecord, message: TOutbound, options?: TSendOptions): Promise<TSendResult>;
  /**
   * A customer's media read back from the provider (its id or its URL, as the inbound message
   * stored it); undefined when the provider no longer has it or the channel keeps none.
   */
  fetchMedia(channel: TChannelRecord, media: TStoredMediaRef): Promise<TFetchedMedia | undefined>;
}

/** How an inbound message refers to its media at the provider. */
export type TStoredMediaRef = { providerMediaId?: string | null; url?: string | null };

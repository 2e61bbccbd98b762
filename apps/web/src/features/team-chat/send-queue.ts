import { LIMITS, type TTeamChatAck, type TTeamChatMessage } from '@atende/shared';

/**
 * The sending rules of spec §4/§8 for team chat messages, free of React and of socket.io:
 * sending → sent on the ack; a failure (error ack, or no ack within 30 s) is retried up to 3 times
 * after 2 s, 4 s and 8 s (status retrying), then the message is failed and waits for the user's
 * retry. While the socket is not connected nothing is emitted: the message waits ('Socket not
 * connected') and goes out on flush() after reconnecting. Every attempt reuses the tempId, which
 * the server stores once, so a late ack or a duplicate attempt never doubles a message.
 */

export type TSendStatus = 'sending' | 'retrying' | 'sent' | 'failed';
/** Why a message is not sent (yet): the i18n keys of team-chat:errors. */
export type TSendError = 'notConnected' | 'sendFailed' | 'retryFailed' | 'timeout';
export type TSendEvent = 'sendMessage' | 'sendMessageGPT';

/** What the queue needs of a socket.io client socket. */
export interface TAckSocket {
  readonly connected: boolean;
  emit(event: TSendEvent, payload: unknown, ack: (response: TTeamChatAck<TTeamChatMessage>) => void): unknown;
}

export interface TOutgoing {
  tempId: string;
  event: TSendEvent;
  /** The emitted payload (it carries the tempId). */
  payload: { tempId: string } & Record<string, unknown>;
  status: TSendStatus;
  /** Automatic retries done in the current round (0..maxRetries). */
  retries: number;
  error?: TSendError;
  /** The server's message of the last error ack. */
  serverMessage?: string;
  /** The stored message, once sent. */
  message?: TTeamChatMessage;
}

export interface TSendQueueOptions {
  socket: () => TAckSocket | null;
  onChange: (item: TOutgoing) => void;
  maxRetries?: number;
  retryBaseDelayMs?: number;
  sendTimeoutMs?: number;
}

interface TEntry {
  item: TOutgoing;
  /** Increases on each attempt: callbacks of an older attempt are ignored. */
  attempt: number;
  inFlight: boolean;
  waiting: boolean;
  manual: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

export class SendQueue {
  private readonly entries = new Map<string, TEntry>();
  private readonly maxRetries: number;
  private readonly baseDelay: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: TSendQueueOptions) {
    this.maxRetries = options.maxRetries ?? LIMITS.teamChat.maxRetries;
    this.baseDelay = options.retryBaseDelayMs ?? LIMITS.teamChat.retryBaseDelayMs;
    this.timeoutMs = options.sendTimeoutMs ?? LIMITS.teamChat.sendTimeoutMs;
  }

  /** Queues and emits a message (or keeps it until the socket connects). */
  send(event: TSendEvent, payload: TOutgoing['payload']): TOutgoing {
    const existing = this.entries.get(payload.tempId);
    if (existing) return existing.item;
    const entry: TEntry = {
      item: { tempId: payload.tempId, event, payload, status: 'sending', retries: 0 },
      attempt: 0,
      inFlight: false,
      waiting: false,
      manual: false,
    };
    this.entries.set(payload.tempId, entry);
    this.options.onChange(entry.item);
    this.attempt(entry);
    return entry.item;
  }

  /** The retry button of a failed message: a new round of attempts. */
  retry(tempId: string): void {
    const entry = this.entries.get(tempId);
    if (entry?.item.status !== 'failed') return;
    entry.manual = true;
    this.update(entry, { status: 'sending', retries: 0, error: undefined, serverMessage: undefined });
    this.attempt(entry);
  }

  /** The server stored the message (ack, or the messageSent event): sent, whatever the attempt. */
  confirm(tempId: string, message: TTeamChatMessage): void {
    const entry = this.entries.get(tempId);
    if (!entry || entry.item.status === 'sent') return;
    this.stop(entry);
    entry.attempt += 1;
    this.update(entry, { status: 'sent', error: undefined, serverMessage: undefined, message });
    this.entries.delete(tempId);
  }

  /** The socket dropped: attempts in flight wait for the connection (no retry is counted). */
  disconnected(): void {
    for (const entry of this.entries.values()) {
      if (!entry.inFlight) continue;
      this.stop(entry);
      entry.attempt += 1;
      entry.waiting = true;
      this.update(entry, { error: 'notConnected' });
    }
  }

  /** The socket (re)connected: what waited for it goes out now. */
  flush(): void {
    for (const entry of [...this.entries.values()]) if (entry.waiting) this.attempt(entry);
  }

  /** Messages not sent yet (sending, retrying, waiting or failed). */
  pending(): TOutgoing[] {
    return [...this.entries.values()].map((e) => e.item);
  }

  /** Stops every timer (account change, unmount). */
  dispose(): void {
    for (const entry of this.entries.values()) this.stop(entry);
    this.entries.clear();
  }

  private attempt(entry: TEntry): void {
    this.stop(entry);
    const socket = this.options.socket();
    if (!socket?.connected) {
      entry.waiting = true;
      this.update(entry, { error: 'notConnected' });
      return;
    }
    entry.waiting = false;
    entry.inFlight = true;
    const attempt = ++entry.attempt;
    if (entry.item.error === 'notConnected') this.update(entry, { error: undefined });
    entry.timer = setTimeout(() => {
      if (entry.attempt === attempt) this.fail(entry, 'timeout');
    }, this.timeoutMs);
    socket.emit(entry.item.event, entry.item.payload, (response) => {
      if (response?.status === 1) this.confirm(entry.item.tempId, response.data);
      else if (entry.attempt === attempt) this.fail(entry, 'sendFailed', response?.message);
    });
  }

  private fail(entry: TEntry, reason: 'timeout' | 'sendFailed', serverMessage?: string): void {
    this.stop(entry);
    entry.attempt += 1;
    if (entry.item.retries < this.maxRetries) {
      const retries = entry.item.retries + 1;
      this.update(entry, { status: 'retrying', retries, error: reason, serverMessage });
      const attempt = entry.attempt;
      entry.timer = setTimeout(
        () => {
          if (entry.attempt === attempt) this.attempt(entry);
        },
        this.baseDelay * 2 ** (retries - 1),
      );
      return;
    }
    const error: TSendError = entry.manual ? 'retryFailed' : reason;
    this.update(entry, { status: 'failed', error, serverMessage });
  }

  private stop(entry: TEntry): void {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.inFlight = false;
  }

  private update(entry: TEntry, patch: Partial<TOutgoing>): void {
    entry.item = { ...entry.item, ...patch };
    this.options.onChange(entry.item);
  }
}

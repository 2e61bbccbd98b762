import type { TErrorCode, TMessageKind } from '@atende/shared';
import type { TInboundMessage, TInboundReaction, TParsedWebhook, TStatusUpdate } from '../channel-adapter';

/**
 * Parsing of WhatsApp Cloud API webhooks (object 'whatsapp_business_account'):
 * entry[].changes[] with field 'messages' carry value.messages (customer messages, with
 * value.contacts[].profile.name) and value.statuses (reports of ours); field
 * 'message_template_status_update' carries template review results. Anything not understood is
 * skipped, never thrown: a correctly signed delivery is answered 200 so Meta does not retry it.
 */

type TJson = Record<string, any>;

export interface TTemplateStatusEvent {
  providerTemplateId: string;
  name?: string;
  language?: string;
  /** Meta's event: APPROVED, REJECTED, PENDING, PAUSED, DISABLED, ... */
  event: string;
  reason?: string;
}

/** Graph error codes of the catalogue: 131047 re-engagement (24 h window), 131026 undeliverable. */
export function whatsappErrorCode(code: unknown): TErrorCode {
  const n = Number(code);
  if (n === 131047) return 'WHATSAPP_WINDOW_CLOSED';
  if (n === 131026) return 'NUMBER_NOT_EXISTS';
  return 'CHANNEL_PROVIDER_ERROR';
}

const MEDIA_KINDS = ['image', 'audio', 'video', 'document', 'sticker'] as const;

function isObject(v: unknown): v is TJson {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function arrayOf(v: unknown): TJson[] {
  return Array.isArray(v) ? v.filter(isObject) : [];
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : undefined;
}

function dateOf(seconds: unknown): Date {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : new Date();
}

/** The changes of one field, for this phone number only (a WABA's webhook carries all its numbers). */
function changesOf(body: unknown, field: string): TJson[] {
  if (!isObject(body)) return [];
  return arrayOf(body.entry)
    .flatMap((e) => arrayOf(e.changes))
    .filter((c) => c.field === field && isObject(c.value))
    .map((c) => c.value as TJson);
}

export function parseWhatsAppWebhook(phoneNumberId: string, body: unknown): TParsedWebhook {
  const out: TParsedWebhook = { messages: [], statuses: [] };
  for (const value of changesOf(body, 'messages')) {
    const metadataId = str(value.metadata?.phone_number_id);
    if (metadataId && metadataId !== phoneNumberId) continue;
    const names = new Map<string, string>();
    for (const c of arrayOf(value.contacts)) {
      const waId = str(c.wa_id);
      const name = str(c.profile?.name);
      if (waId && name) names.set(waId, name);
    }
    for (const m of arrayOf(value.messages)) {
      const reaction = parseReaction(m);
      if (reaction) {
        out.reactions = [...(out.reactions ?? []), reaction];
        continue;
      }
      const parsed = parseMessage(m, names);
      if (parsed) out.messages.push(parsed);
    }
    for (const s of arrayOf(value.statuses)) {
      const parsed = parseStatus(s);
      if (parsed) out.statuses.push(parsed);
    }
  }
  return out;
}

function parseMessage(m: TJson, names: Map<string, string>): TInboundMessage | null {
  const id = str(m.id);
  const from = str(m.from)?.replace(/\D/g, '');
  if (!id || !from || from.length < 6 || from.length > 15) return null;
  const base = {
    providerMessageId: id,
    from: `+${from}`,
    profileName: names.get(from),
    timestamp: dateOf(m.timestamp),
  };
  const type = str(m.type) ?? 'unknown';
  if (type === 'text') return { ...base, kind: 'text', text: str(m.text?.body) ?? '' };
  if ((MEDIA_KINDS as readonly string[]).includes(type) && isObject(m[type])) {
    const media = m[type] as TJson;
    return {
      ...base,
      kind: type as TMessageKind,
      media: {
        providerMediaId: str(media.id),
        mimeType: str(media.mime_type) ?? 'application/octet-stream',
        ...(str(media.filename) ? { fileName: str(media.filename) } : {}),
        ...(str(media.caption) ? { caption: str(media.caption) } : {}),
      },
    };
  }
  if (type === 'location' && isObject(m.location)) {
    const l = m.location;
    const where = [str(l.name), str(l.address)].filter(Boolean).join('\n');
    const link = `https://maps.google.com/?q=${Number(l.latitude)},${Number(l.longitude)}`;
    return { ...base, kind: 'location', text: where ? `${where}\n${link}` : link };
  }
  // Quick-reply buttons and interactive list/button replies read as the text the customer chose.
  if (type === 'button' && isObject(m.button))
    return { ...base, kind: 'text', text: str(m.button.text) ?? '' };
  // An answer to one of our interactive messages: the option's title as text, and which option
  // it was (its id, and a list row's description) as the reply.
  if (type === 'interactive' && isObject(m.interactive)) {
    const reply = m.interactive.button_reply ?? m.interactive.list_reply;
    if (isObject(reply)) {
      const title = str(reply.title) ?? '';
      const id = str(reply.id);
      const description = str(reply.description);
      return {
        ...base,
        kind: 'text',
        text: description ? `${title}\n${description}` : title,
        ...(id ? { reply: { id, title, ...(description ? { description } : {}) } } : {}),
      };
    }
  }
  return { ...base, kind: 'unsupported' };
}

/** A reaction, which belongs on the message it reacts to (an empty emoji: the reaction was removed). */
function parseReaction(m: TJson): TInboundReaction | null {
  if (str(m.type) !== 'reaction' || !isObject(m.reaction)) return null;
  const target = str(m.reaction.message_id);
  const from = str(m.from)?.replace(/\D/g, '');
  if (!target || !from) return null;
  return {
    targetProviderMessageId: target,
    from: `+${from}`,
    emoji: typeof m.reaction.emoji === 'string' ? m.reaction.emoji : '',
    timestamp: dateOf(m.timestamp),
  };
}

const STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;

function parseStatus(s: TJson): TStatusUpdate | null {
  const id = str(s.id);
  const status = str(s.status) as TStatusUpdate['status'] | undefined;
  if (!id || !status || !STATUSES.includes(status)) return null;
  const update: TStatusUpdate = { providerMessageId: id, status, timestamp: dateOf(s.timestamp) };
  if (status === 'failed') update.errorCode = whatsappErrorCode(arrayOf(s.errors)[0]?.code);
  const callbackData = str(s.biz_opaque_callback_data);
  if (callbackData) update.callbackData = callbackData.slice(0, 512);
  return update;
}

/** 'message_template_status_update' changes of the delivery. */
export function parseTemplateStatusEvents(body: unknown): TTemplateStatusEvent[] {
  return changesOf(body, 'message_template_status_update')
    .map((v) => ({
      providerTemplateId: str(v.message_template_id) ?? '',
      name: str(v.message_template_name),
      language: str(v.message_template_language),
      event: (str(v.event) ?? '').toUpperCase(),
      reason: str(v.reason),
    }))
    .filter((e) => e.providerTemplateId && e.event);
}

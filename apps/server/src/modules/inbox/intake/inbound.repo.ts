import { MESSAGE_ACK, type TContactType } from '@atende/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { TChannelRecord, TInboundMessage, TStatusUpdate } from '../../../providers/channel-adapter';
import { rowsOf } from '../../../platform/db/client';
import { newId } from '../../../platform/db/columns';
import type { TTx } from '../../../platform/db/tenant';
import { textArray, uuidArray } from '../../../platform/db/sql-arrays';
import { contactTypeOf, countNewConversations } from '../conversations/conversation-open';
import { conversationRecordColumns, type TConversationRecord } from '../conversations/conversations.repo';
import { messageFromJson, type TMessageRow } from '../conversations/message-presenter';
import { claimAwaitedReplies } from './awaited-replies';

/** One customer message to store, with its contact when the caller knows it (webchat visitors). */
export interface TInboundItem {
  message: TInboundMessage;
  contactId?: string;
}

export interface TStoredInbound {
  /** Messages really inserted (a retried webhook's are not). */
  inserted: TMessageRow[];
  /** Conversations whose activity changed, as committed, with their contact and channel kind (list rows). */
  conversations: TConversationRecord[];
  /** Conversations opened here: their conversation.opened event is their event number OPENED_SEQ. */
  createdConversationIds: Set<string>;
  /** Of those, the ones a chatbot's live test opened (conversations.test): never counted in the plan's usage. */
  testConversationIds: Set<string>;
  /** Inserted message id → its message.created event's number in its conversation (event_seq). */
  seqs: Map<string, number>;
  /** providerMessageId → stored message id (inserted now or before). */
  idsByProviderId: Map<string, { id: string; conversationId: string }>;
  /** Messages whose ack rose. */
  acked: TMessageRow[];
  quotaReached: boolean;
  usageChanged: boolean;
}

const PREVIEW_MAX = 200;

/** A conversation opened by the intake starts at event number 1 (its conversation.opened). */
export const OPENED_SEQ = 1;

/** Ack order for "only rises": failed (-1) ranks above sent, below delivered. */
const ACK_RANK: Record<TStatusUpdate['status'], number> = { sent: 1, failed: 1.5, delivered: 2, read: 3 };
const ACK_OF: Record<TStatusUpdate['status'], number> = {
  sent: MESSAGE_ACK.sent,
  failed: MESSAGE_ACK.failed,
  delivered: MESSAGE_ACK.delivered,
  read: MESSAGE_ACK.read,
};

function previewOf(m: TInboundMessage): string {
  const text = m.text ?? m.media?.caption ?? m.media?.fileName ?? `[${m.kind}]`;
  return text.slice(0, PREVIEW_MAX);
}

/**
 * Stores a batch of one channel's webhook content in the caller's tenant transaction, in a few
 * statements whatever the batch size: contacts (find or create by phone), open conversations
 * (find or open), messages (ON CONFLICT DO NOTHING on the provider id), conversation activity,
 * and delivery statuses (acks only rise).
 */
/** The contacts module's creation of missing contacts by phone, in the caller's transaction. */
export type TCreateContacts = (
  tx: TTx,
  accountId: string,
  wanted: Array<{ phone: string; name?: string }>,
  type: TContactType,
) => Promise<Map<string, { id: string }>>;

export async function storeInbound(
  tx: TTx,
  channel: TChannelRecord,
  items: TInboundItem[],
  statuses: TStatusUpdate[],
  createContacts: TCreateContacts,
): Promise<TStoredInbound> {
  const result: TStoredInbound = {
    inserted: [],
    conversations: [],
    createdConversationIds: new Set(),
    testConversationIds: new Set(),
    seqs: new Map(),
    idsByProviderId: new Map(),
    acked: [],
    quotaReached: false,
    usageChanged: false,
  };
  const unique = dedupe(items);
  if (unique.length > 0) await storeMessages(tx, channel, unique, result, createContacts);
  if (statuses.length > 0) result.acked = await raiseAcks(tx, channel, statuses);
  return result;
}

function dedupe(items: TInboundItem[]): TInboundItem[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    if (seen.has(i.message.providerMessageId)) return false;
    seen.add(i.message.providerMessageId);
    return true;
  });
}

async function storeMessages(
  tx: TTx,
  channel: TChannelRecord,
  all: TInboundItem[],
  out: TStoredInbound,
  createContacts: TCreateContacts,
) {
  await insertMessages(tx, channel, all, out, createContacts);
  for (const m of out.inserted)
    out.idsByProviderId.set(m.providerMessageId!, { id: m.id, conversationId: m.conversationId });
  // Counted last: the account's usage row stays locked from here to the commit.
  const counting = [...out.createdConversationIds].filter((id) => !out.testConversationIds.has(id));
  if (counting.length > 0) {
    const quota = await countNewConversations(tx, channel.accountId, counting);
    out.quotaReached = quota.overflow.length > 0;
    out.usageChanged = quota.usageChanged;
    const overflow = new Set(quota.overflow);
    for (const c of out.conversations) if (overflow.has(c.id)) c.counted = false;
  }
  // Stored meanwhile by another process (a provider retrying in parallel): read their ids.
  const raced = all.map((i) => i.message.providerMessageId).filter((id) => !out.idsByProviderId.has(id));
  if (raced.length > 0) await findKnown(tx, channel, raced, out);
}

/** Contacts, conversations and messages of a batch (the new ones), and their conversations' activity. */
async function insertMessages(
  tx: TTx,
  channel: TChannelRecord,
  all: TInboundItem[],
  out: TStoredInbound,
  createContacts: TCreateContacts,
) {
  const accountId = channel.accountId;
  // One read for the batch: messages already stored (a retried delivery's: they open no contact
  // and no conversation) and the live contacts of the senders' phones.
  const phones = [...new Set(all.filter((i) => !i.contactId).map((i) => i.message.from))];
  const contactIds = [...new Set(all.filter((i) => i.contactId).map((i) => i.contactId!))];
  const { contactIdByPhone, openByContact } = await lookupBatch(
    tx,
    channel,
    all.map((i) => i.message.providerMessageId),
    phones,
    contactIds,
    out,
  );
  const items = all.filter((i) => !out.idsByProviderId.has(i.message.providerMessageId));
  if (items.length === 0) return;
  const unknown = items.filter((i) => !i.contactId && !contactIdByPhone.has(i.message.from));
  if (unknown.length > 0) {
    const wanted = unknown.map((i) => ({ phone: i.message.from, name: i.message.profileName }));
    const created = await createContacts(tx, accountId, wanted, contactTypeOf(channel.kind));
    for (const [phone, row] of created) contactIdByPhone.set(phone, row.id);
  }
  const contactOf = (i: TInboundItem) => i.contactId ?? contactIdByPhone.get(i.message.from)!;

  const now = Date.now();
  // A provider's clock may run ahead of ours: never date a message in the future.
  const atOf = (i: TInboundItem) =>
    new Date(Math.min(i.message.timestamp.getTime() || now, now)).toISOString();
  const firstAt = new Map<string, string>();
  for (const i of items) {
    const contact = contactOf(i);
    const at = atOf(i);
    if (!firstAt.has(contact) || at < firstAt.get(contact)!) firstAt.set(contact, at);
  }
  const conversationByContact = new Map<string, string>();
  const toOpen = new Map<string, string>();
  for (const [contact, at] of firstAt) {
    const open = openByContact.get(contact);
    if (open) conversationByContact.set(contact, open);
    else toOpen.set(contact, at);
  }
  // Messages of customers without an open conversation may be the reply a closed one awaits.
  const claimed = toOpen.size > 0 ? await claimAwaited(tx, channel, items, toOpen, contactOf) : null;
  if (toOpen.size > 0)
    for (const [contact, id] of await openConversations(tx, channel, toOpen, out))
      conversationByContact.set(contact, id);

  const rows = items.map((i) => {
    const m = i.message;
    const media = m.media
      ? {
          mimeType: m.media.mimeType,
          ...(m.media.providerMediaId ? { providerMediaId: m.media.providerMediaId } : {}),
          ...(m.media.url ? { url: m.media.url } : {}),
          ...(m.media.fileName ? { fileName: m.media.fileName } : {}),
          ...(m.media.size ? { size: m.media.size } : {}),
        }
      : null;
    return {
      id: newId(),
      conversation_id: claimed?.get(m.providerMessageId) ?? conversationByContact.get(contactOf(i))!,
      author_name: m.profileName ?? null,
      kind: m.kind,
      body: m.text ?? m.media?.caption ?? null,
      media,
      reply: m.reply ?? null,
      provider_message_id: m.providerMessageId,
      created_at: atOf(i),
      preview: previewOf(m),
    };
  });
  const stored = rowsOf<{ t: 'm' | 'c'; r: Record<string, unknown> }>(
    await tx.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
          id uuid, conversation_id uuid, author_name text, kind text, body text, media jsonb,
          reply jsonb, provider_message_id text, created_at timestamptz, preview text)
      ),
      ins as (
        insert into messages (id, account_id, conversation_id, channel_id, author_type, author_name, kind,
          body, media, reply, provider_message_id, created_at)
        select v.id, ${accountId}, v.conversation_id, ${channel.id}, 'contact', v.author_name, v.kind,
          v.body, v.media, v.reply, v.provider_message_id, v.created_at
        from v
        on conflict (channel_id, provider_message_id) where provider_message_id is not null do nothing
        returning *
      ),
      agg as (
        select ins.conversation_id, count(*)::int as n, max(ins.created_at) as last_at,
          (array_agg(v.preview order by ins.created_at desc, ins.id desc))[1] as preview
        from ins join v on v.id = ins.id
        group by ins.conversation_id
      ),
      upd as (
        update conversations c set
          unread_count = case when c.stage = 'closed' then c.unread_count else c.unread_count + agg.n end,
          event_seq = c.event_seq + agg.n,
          last_message_at = greatest(c.last_message_at, agg.last_at),
          last_inbound_at = greatest(c.last_inbound_at, agg.last_at),
          last_message_preview = case when agg.last_at >= c.last_message_at or c.last_message_preview is null
            then agg.preview else c.last_message_preview end,
          updated_at = now()
        from agg
        where c.id = agg.conversation_id and c.account_id = ${accountId}
          and (c.stage <> 'closed' or c.id = any(${uuidArray([...new Set(claimed?.values() ?? [])])}))
        returning c.*
      )
      select 'm' as t, to_jsonb(ins) as r from ins
      union all
      select 'c' as t, to_jsonb(x) as r from (
        select ${conversationRecordColumns('upd', 'ct', sql`${channel.kind}::text`)}, upd.event_seq as "eventSeq"
        from upd left join contacts ct on ct.id = upd.contact_id) x`),
  );
  // Each conversation's new messages take its last event numbers, in the order they are listed.
  const inserted: TMessageRow[] = [];
  const nextSeq = new Map<string, number>();
  for (const s of stored) {
    if (s.t === 'm') inserted.push(messageFromJson(s.r));
    else {
      const { eventSeq, ...conversation } = s.r;
      out.conversations.push(conversation as TConversationRecord);
      nextSeq.set(s.r.id as string, Number(eventSeq));
    }
  }
  for (const m of inserted.reverse()) {
    const seq = nextSeq.get(m.conversationId);
    if (seq === undefined) continue; // its conversation was closed meanwhile (moveOutOfClosed)
    out.seqs.set(m.id, seq);
    nextSeq.set(m.conversationId, seq - 1);
  }
  out.inserted.push(...inserted.reverse());
  const again = await moveOutOfClosed(tx, out);
  if (again.size > 0)
    await insertMessages(
      tx,
      channel,
      items.filter((i) => again.has(i.message.providerMessageId)),
      out,
      createContacts,
    );
}

/**
 * The messages that are the reply a closed conversation of their contact awaits (provider id →
 * that conversation's id; see awaited-replies.ts); a contact all of whose messages are claimed
 * opens no conversation (removed from `toOpen`).
 */
async function claimAwaited(
  tx: TTx,
  channel: TChannelRecord,
  items: TInboundItem[],
  toOpen: Map<string, string>,
  contactOf: (i: TInboundItem) => string,
): Promise<Map<string, string>> {
  const candidates = items
    .filter((i) => toOpen.has(contactOf(i)))
    .map((i) => ({ contactId: contactOf(i), message: i.message }));
  const claimed = await claimAwaitedReplies(tx, channel, candidates);
  if (claimed.size === 0) return claimed;
  const stillOpening = new Set(
    candidates.filter((c) => !claimed.has(c.message.providerMessageId)).map((c) => c.contactId),
  );
  for (const contact of [...toOpen.keys()]) if (!stillOpening.has(contact)) toOpen.delete(contact);
  return claimed;
}

/**
 * An operator may close a conversation between this batch's lookup (it was open) and its insert:
 * the activity update skips closed conversations, so their messages are the inserted ones without
 * an updated conversation. Those are taken back (same transaction) and stored again — the second
 * pass sees the conversation closed and opens a new one, as if the message came a moment later.
 * Returns the provider ids to store again.
 */
async function moveOutOfClosed(tx: TTx, out: TStoredInbound): Promise<Set<string>> {
  const updated = new Set(out.conversations.map((c) => c.id));
  const stray = out.inserted.filter((m) => !updated.has(m.conversationId));
  if (stray.length === 0) return new Set();
  await tx.execute(sql`delete from messages where id = any(${uuidArray(stray.map((m) => m.id))})`);
  const strayIds = new Set(stray.map((m) => m.id));
  out.inserted = out.inserted.filter((m) => !strayIds.has(m.id));
  return new Set(stray.map((m) => m.providerMessageId!));
}

/**
 * The channel's message with this provider id (unique), probed on (channel_id,
 * provider_message_id) one id at a time: the limit keeps the probe a probe. With
 * `provider_message_id = any(...)`, or with the probe flattened into a join, the planner — for a
 * channel its statistics rate as nearly empty (a channel newer than the last ANALYZE) — took only
 * channel_id as the index condition and filtered the rest: every batch walked all of the channel's
 * messages (4.3 ms at 6,000 messages, growing with them).
 */
function knownMessage(channelId: string, providerId: SQL) {
  return sql`select id, conversation_id, provider_message_id from messages
    where channel_id = ${channelId} and provider_message_id = ${providerId} limit 1`;
}

async function findKnown(tx: TTx, channel: TChannelRecord, providerIds: string[], out: TStoredInbound) {
  const known = rowsOf<{ id: string; conversation_id: string; provider_message_id: string }>(
    await tx.execute(sql`
      select m.id, m.conversation_id, m.provider_message_id
      from unnest(${textArray(providerIds)}) as p(id)
      cross join lateral (${knownMessage(channel.id, sql`p.id`)}) m`),
  );
  for (const k of known)
    out.idsByProviderId.set(k.provider_message_id, { id: k.id, conversationId: k.conversation_id });
}

/**
 * One statement for what a batch needs to know: its messages already stored (into `out`), the
 * live contacts of its phones (the oldest per phone), and the open conversations on this channel
 * of those contacts and of the given contact ids. Steady traffic needs nothing else before the
 * insert. (The open conversations are probed once per contact in a lateral join: a filter on an
 * array built in the statement was not used as an index condition, and scanned every open
 * conversation of the channel, 5 ms for a batch of 40 at 5,000 open conversations.)
 */
async function lookupBatch(
  tx: TTx,
  channel: TChannelRecord,
  providerIds: string[],
  phones: string[],
  contactIds: string[],
  out: TStoredInbound,
): Promise<{ contactIdByPhone: Map<string, string>; openByContact: Map<string, string> }> {
  const rows = rowsOf<{ t: 'k' | 'p' | 'c'; key: string; id: string; conversation_id: string | null }>(
    await tx.execute(sql`
      with ph as (
        select distinct on (phone) phone, id from contacts
        where account_id = ${channel.accountId} and deleted_at is null and phone = any(${textArray(phones)})
        order by phone, created_at, id
      )
      select 'k' as t, m.provider_message_id as key, m.id::text as id, m.conversation_id::text as conversation_id
      from unnest(${textArray(providerIds)}) as p(id)
      cross join lateral (${knownMessage(channel.id, sql`p.id`)}) m
      union all
      select 'p', phone, id::text, null from ph
      union all
      select 'c', k.contact_id::text, c.id::text, null
      from unnest(array(select id from ph) || ${uuidArray(contactIds)}) as k(contact_id)
      cross join lateral (
        select id from conversations c
        where c.account_id = ${channel.accountId} and c.contact_id = k.contact_id
          and c.channel_id = ${channel.id} and c.stage <> 'closed'
        limit 1) c`),
  );
  const contactIdByPhone = new Map<string, string>();
  const openByContact = new Map<string, string>();
  for (const r of rows) {
    if (r.t === 'k') out.idsByProviderId.set(r.key, { id: r.id, conversationId: r.conversation_id! });
    else if (r.t === 'p') contactIdByPhone.set(r.key, r.id);
    else openByContact.set(r.key, r.id);
  }
  return { contactIdByPhone, openByContact };
}

/** The open conversation of each contact on the channel, opening the missing ones in one statement. */
async function openConversations(
  tx: TTx,
  channel: TChannelRecord,
  firstAt: Map<string, string>,
  out: TStoredInbound,
): Promise<Map<string, string>> {
  const accountId = channel.accountId;
  const byContact = new Map<string, string>();
  let missing = [...firstAt.keys()];
  for (let attempt = 0; attempt < 3 && missing.length > 0; attempt++) {
    // A channel a published chatbot answers on, or a visitor of a chatbot's live test (the
    // chatbots module's tables, read here), opens conversations in the flow stage: the bot's
    // until it hands over.
    // A test visitor's conversation is not a customer's: it opens as a test (conversations.test:
    // out of the inbox's lists, its events marked `test`, see isTestEvent) and uncounted (counted =
    // false, the plan's usage unchanged; ChatbotRuntime.endTestHandover has why).
    const testVisitor = sql`exists (select 1 from chatbot_test_visitors t where t.contact_id = w.contact)`;
    const startStage = sql`case when exists (select 1 from chatbot_channels b where b.channel_id = ${channel.id})
      or ${testVisitor} then 'flow' else 'waiting' end`;
    // A conversation opened by a message starts at that message (its preview and order follow).
    const wanted = missing.map((contact) => ({ id: newId(), contact, at: firstAt.get(contact) }));
    // Existing open conversations are read first; only the contacts without one try an insert
    // (a conflicting insert costs far more than a read).
    const rows = rowsOf<{ id: string; contact_id: string; created: boolean; test: boolean }>(
      await tx.execute(sql`
        with want as (
          select * from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w(id uuid, contact uuid, at timestamptz)
        ),
        existing as (
          select c.id, c.contact_id from conversations c
          where c.account_id = ${accountId} and c.channel_id = ${channel.id} and c.stage <> 'closed'
            and c.contact_id in (select contact from want)
        ),
        ins as (
          insert into conversations (id, account_id, contact_id, channel_id, stage, origin, last_message_at,
            event_seq, test, counted)
          select w.id, ${accountId}, w.contact, ${channel.id}, (select ${startStage}), 'inbound', w.at, ${OPENED_SEQ},
            t.test, not t.test
          from want w cross join lateral (select ${testVisitor} as test) t
          where not exists (select 1 from existing e where e.contact_id = w.contact)
          on conflict (account_id, contact_id, channel_id) where stage <> 'closed' do nothing
          returning id, contact_id, test
        )
        select id, contact_id, true as created, test from ins
        union all
        select id, contact_id, false as created, false as test from existing`),
    );
    // A row opened by this statement wins over one the statement's snapshot still saw open.
    for (const r of rows.filter((x) => x.created)) {
      byContact.set(r.contact_id, r.id);
      out.createdConversationIds.add(r.id);
      if (r.test) out.testConversationIds.add(r.id);
    }
    for (const r of rows.filter((x) => !x.created))
      if (!byContact.has(r.contact_id)) byContact.set(r.contact_id, r.id);
    missing = missing.filter((c) => !byContact.has(c));
  }
  if (missing.length > 0) throw new Error('could not open a conversation');
  return byContact;
}

/**
 * Raises acks of the channel's messages (never lowers them); one statement for the batch, each
 * message found by its provider id's probe (knownMessage), then by its key.
 */
async function raiseAcks(
  tx: TTx,
  channel: TChannelRecord,
  statuses: TStatusUpdate[],
): Promise<TMessageRow[]> {
  // Several reports of one message in a batch (sent, delivered, read): the highest decides.
  const best = new Map<string, TStatusUpdate>();
  for (const s of statuses) {
    const prev = best.get(s.providerMessageId);
    if (!prev || ACK_RANK[s.status] > ACK_RANK[prev.status]) best.set(s.providerMessageId, s);
  }
  const rows = [...best.values()].map((s) => ({
    pid: s.providerMessageId,
    ack: ACK_OF[s.status],
    rank: ACK_RANK[s.status],
    err: s.status === 'failed' ? (s.errorCode ?? 'CHANNEL_PROVIDER_ERROR') : null,
  }));
  const updated = rowsOf<{ r: Record<string, unknown> }>(
    await tx.execute(sql`
      update messages m set ack = v.ack, error_code = v.err
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(pid text, ack smallint, rank numeric, err text)
      cross join lateral (${knownMessage(channel.id, sql`v.pid`)}) k
      where m.id = k.id and m.account_id = ${channel.accountId}
        and v.rank > (case when m.ack = -1 then 1.5 else m.ack end)
      returning to_jsonb(m) as r`),
  );
  return updated.map((u) => messageFromJson(u.r));
}

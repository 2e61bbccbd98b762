import { and, asc, desc, eq, getTableColumns, gt, lt, sql } from 'drizzle-orm';
import { builtOnce, sqlOnce, type TPlaceholders } from '../../../platform/db/built-once';
import { jsonOf, rowsOf, type TDb } from '../../../platform/db/client';
import { newId } from '../../../platform/db/columns';
import { withTenant, type TTx } from '../../../platform/db/tenant';
import { conversations, messages } from '../inbox.schema';
import { messageFromJson, type TMessageRow } from '../conversations/message-presenter';
import { conversationRecordColumns, type TConversationRecord } from '../conversations/conversations.repo';

export type TNewMessage = Omit<typeof messages.$inferInsert, 'accountId' | 'conversationId'>;

const PREVIEW_MAX = 200;

/**
 * A page of a conversation's messages, oldest first: the newest `limit`, or those before a
 * message (older page), or those after a message id or instant (catch-up after a reconnect).
 */
export function listMessageRows(
  db: TDb,
  accountId: string,
  conversationId: string,
  page: { limit: number; before?: string; sinceId?: string; sinceAt?: Date },
): Promise<TMessageRow[]> {
  return withTenant(db, accountId, async (tx) => {
    const base = and(eq(messages.accountId, accountId), eq(messages.conversationId, conversationId));
    // Anchors are compared inside PostgreSQL: a Date would drop the microseconds of created_at.
    const anchor = (id: string) =>
      sql`(select m.created_at, m.id from messages m where m.id = ${id} and m.conversation_id = ${conversationId})`;
    if (page.sinceId || page.sinceAt) {
      const after = page.sinceId
        ? sql`(${messages.createdAt}, ${messages.id}) > ${anchor(page.sinceId)}`
        : gt(messages.createdAt, page.sinceAt!);
      return tx
        .select()
        .from(messages)
        .where(and(base, after))
        .orderBy(asc(messages.createdAt), asc(messages.id))
        .limit(page.limit);
    }
    const older = page.before
      ? sql`(${messages.createdAt}, ${messages.id}) < ${anchor(page.before)}`
      : undefined;
    const rows = await tx
      .select()
      .from(messages)
      .where(and(base, older))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(page.limit);
    return rows.reverse();
  });
}

/** Every message of a conversation, oldest first (transcripts). */
export function listAllMessageRows(
  db: TDb,
  accountId: string,
  conversationId: string,
): Promise<TMessageRow[]> {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, accountId), eq(messages.conversationId, conversationId)))
      .orderBy(asc(messages.createdAt), asc(messages.id)),
  );
}

/**
 * Stores a message in the caller's transaction. With a clientId, a retried send returns the
 * message stored the first time (`inserted` false) instead of a second one.
 */
export async function insertMessageRow(
  tx: TTx,
  accountId: string,
  conversationId: string,
  values: TNewMessage,
): Promise<{ row: TMessageRow; inserted: boolean }> {
  const [row] = await insertMessage(tx, {
    id: values.id ?? newId(),
    accountId,
    conversationId,
    channelId: values.channelId ?? null,
    authorType: values.authorType,
    authorId: values.authorId ?? null,
    authorName: values.authorName ?? null,
    kind: values.kind ?? 'text',
    body: values.body ?? null,
    media: values.media ?? null,
    template: values.template ?? null,
    interactive: values.interactive ?? null,
    reply: values.reply ?? null,
    reactions: values.reactions ?? null,
    private: values.private ?? false,
    providerMessageId: values.providerMessageId ?? null,
    clientId: values.clientId ?? null,
    ack: values.ack ?? 0,
    errorCode: values.errorCode ?? null,
    createdAt: values.createdAt ? values.createdAt.toISOString() : null,
  });
  if (row) return { row, inserted: true };
  const existing = await findMessageOfClientId(tx, accountId, conversationId, values.clientId ?? '');
  return { row: existing!, inserted: false };
}

/**
 * The conversation's message stored under `clientId` (a retried send's first copy), read in a
 * statement of its own: one whose insert met the first copy's row may have waited for that
 * transaction's commit, which its own snapshot does not see.
 */
async function findMessageOfClientId(
  tx: TTx,
  accountId: string,
  conversationId: string,
  clientId: string,
): Promise<TMessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.conversationId, conversationId),
        eq(messages.clientId, clientId),
      ),
    );
  return row;
}

/** Every column of a message, defaults written out (builtOnce: the text is the same for all). */
type TMessageInsert = Required<Omit<TNewMessage, 'createdAt'>> & {
  accountId: string;
  conversationId: string;
  /** ISO text, or null for the transaction's now(). */
  createdAt: string | null;
};

const insertMessage = builtOnce((tx, p: TPlaceholders<TMessageInsert>) =>
  tx
    .insert(messages)
    .values({
      id: p('id'),
      accountId: p('accountId'),
      conversationId: p('conversationId'),
      channelId: p('channelId'),
      authorType: p('authorType'),
      authorId: p('authorId'),
      authorName: p('authorName'),
      kind: p('kind'),
      body: p('body'),
      media: p('media'),
      template: p('template'),
      interactive: p('interactive'),
      reply: p('reply'),
      reactions: p('reactions'),
      private: p('private'),
      providerMessageId: p('providerMessageId'),
      clientId: p('clientId'),
      ack: p('ack'),
      errorCode: p('errorCode'),
      createdAt: sql`coalesce(${p('createdAt')}::timestamptz, now())`,
    })
    .onConflictDoNothing()
    .returning(),
);

/** The conversation's activity after an outgoing (non-private) message. */
export function touchConversation(tx: TTx, accountId: string, conversationId: string, preview: string) {
  return tx
    .update(conversations)
    .set({
      lastMessageAt: new Date(),
      lastMessagePreview: preview.slice(0, PREVIEW_MAX),
      updatedAt: new Date(),
    })
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId)))
    .returning();
}

/** storeAutomaticMessage's statement (sqlOnce: built once). */
const storeAutomatic = sqlOnce<{
  now: Date;
  preview: string;
  seqs: number;
  accountId: string;
  conversationId: string;
  closed: boolean;
  id: string;
  kind: string;
  body: string | null;
  interactive: string | null;
  media: string | null;
  clientId: string;
}>(
  (p) => sql`
    with t as (
      update conversations c
      set last_message_at = ${p('now')}, last_message_preview = ${p('preview')},
          updated_at = ${p('now')}, event_seq = c.event_seq + ${p('seqs')}::int
      from channels ch
      where c.account_id = ${p('accountId')} and c.id = ${p('conversationId')}
        and ch.account_id = c.account_id and ch.id = c.channel_id
        and ch.deleted_at is null and ch.status = 'active'
        and (${p('closed')}::boolean or c.stage <> 'closed')
      returning c.*, ch.kind as channel_kind
    ),
    ins as (
      insert into messages (id, account_id, conversation_id, channel_id, author_type, kind, body,
        interactive, media, client_id)
      select ${p('id')}::uuid, t.account_id, t.id, t.channel_id, 'bot', ${p('kind')}, ${p('body')},
        ${p('interactive')}::jsonb, ${p('media')}::jsonb, ${p('clientId')}
      from t
      on conflict do nothing
      returning *
    )
    select (select to_jsonb(ins) from ins) as message, t.event_seq as seq, t.channel_kind as "channelKind",
      to_jsonb(x) as conversation
    from t cross join lateral (
      select ${conversationRecordColumns('t', 'ct', sql`t.channel_kind`)}
      from contacts ct where ct.id = t.contact_id) x`,
);

/**
 * An automatic message (a bot's reply, an automation's) stored with its conversation's activity
 * in one statement: the conversation touched with the preview and given `seqs` event numbers (its
 * row stays locked until the commit), only on a live, active channel and not closed unless
 * `closed`; the message inserted; the conversation as listed after both. Undefined when the
 * conversation may not be written to (nothing written); `storedBefore` when a message of the same
 * client id was stored before (the caller rolls the touch back).
 */
export async function storeAutomaticMessage(
  tx: TTx,
  accountId: string,
  conversationId: string,
  values: {
    preview: string;
    seqs: number;
    closed: boolean;
    kind: string;
    body: string | null;
    interactive: unknown;
    media: unknown;
    clientId: string;
  },
): Promise<
  | { message: TMessageRow; listed: TConversationRecord; firstSeq: number; channelKind: string }
  | { storedBefore: string }
  | undefined
> {
  const [row] = rowsOf<{
    message: Record<string, unknown> | string | null;
    seq: string | number;
    channelKind: string;
    conversation: Record<string, unknown> | string;
  }>(
    await storeAutomatic(tx, {
      now: new Date(),
      preview: values.preview.slice(0, PREVIEW_MAX),
      seqs: values.seqs,
      accountId,
      conversationId,
      closed: values.closed,
      id: newId(),
      kind: values.kind,
      body: values.body,
      interactive: values.interactive == null ? null : JSON.stringify(values.interactive),
      media: values.media == null ? null : JSON.stringify(values.media),
      clientId: values.clientId,
    }),
  );
  if (!row) return undefined;
  if (!row.message) {
    // Stored before under its client id (a repeated turn), possibly by a transaction that
    // committed while this statement waited for the conversation's lock.
    const before = await findMessageOfClientId(tx, accountId, conversationId, values.clientId);
    if (!before) throw new Error('automatic message neither stored nor found');
    return { storedBefore: before.id };
  }
  return {
    message: messageFromJson(jsonOf(row.message)),
    listed: jsonOf<TConversationRecord>(row.conversation),
    firstSeq: Number(row.seq) - values.seqs + 1,
    channelKind: row.channelKind,
  };
}

export function findMessageRow(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, accountId), eq(messages.id, id)));
    return row;
  });
}

/** Whether a message's conversation is a chatbot's live test's (its events are marked: testMark). */
const conversationIsTest = sql<boolean>`(select c.test from conversations c where c.id = ${messages.conversationId})`;

/** Raises a message's ack (it only rises); the updated row, or undefined when it did not change. */
export async function raiseAck(tx: TTx, accountId: string, id: string, ack: number) {
  const [row] = await tx
    .update(messages)
    .set({ ack })
    .where(and(eq(messages.accountId, accountId), eq(messages.id, id), lt(messages.ack, ack), sql`ack >= 0`))
    .returning({ ...getTableColumns(messages), test: conversationIsTest });
  return row;
}

/**
 * The customer saw everything up to now: operator messages of the conversation still below `ack`
 * rise to it. Returns the ids that changed.
 */
export function raiseAcksOfConversation(tx: TTx, accountId: string, conversationId: string, ack: number) {
  return tx
    .update(messages)
    .set({ ack })
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.conversationId, conversationId),
        eq(messages.private, false),
        sql`author_type in ('operator', 'bot') and ack >= 0 and ack < ${ack}`,
      ),
    )
    .returning({ id: messages.id, test: conversationIsTest });
}

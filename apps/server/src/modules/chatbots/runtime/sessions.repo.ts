import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { builtOnce, type TPlaceholders } from '../../../platform/db/built-once';
import { jsonOf, rowFromJson, rowsOf, type TDb } from '../../../platform/db/client';
import { newId } from '../../../platform/db/columns';
import { tenantStatement } from '../../../platform/db/one-trip';
import { type TTx, withTenant } from '../../../platform/db/tenant';
import { chatbotSessions, chatbots, type TPendingMessage } from '../chatbots.schema';
import { initialState, type TSessionState, type TTestHandover } from './session-state';

export type TSessionRow = typeof chatbotSessions.$inferSelect;

/** How long a turn holds its session: past it (a crashed process) another worker may take over. */
export const LEASE_SECONDS = 45;
/** Processed message ids kept per session (a repeated delivery is recognised). */
const PROCESSED_KEEP = 50;

export function findActiveSession(db: TDb, accountId: string, conversationId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(chatbotSessions)
      .where(
        and(
          eq(chatbotSessions.accountId, accountId),
          eq(chatbotSessions.conversationId, conversationId),
          eq(chatbotSessions.status, 'active'),
        ),
      );
    return row;
  });
}

/** The conversation's active session and its bot, in one transaction (a customer's message). */
export function findActiveSessionAndBot(db: TDb, accountId: string, conversationId: string) {
  return withTenant(db, accountId, (tx) => findActiveSessionAndBotIn(tx, accountId, conversationId));
}

/** The conversation's active session and its bot, read in the caller's transaction. */
export async function findActiveSessionAndBotIn(tx: TTx, accountId: string, conversationId: string) {
  const [row] = await activeSessionAndBot(tx, { accountId, conversationId });
  return row as typeof row | undefined;
}

/** findActiveSessionAndBotIn's statement (builtOnce: built once). */
const activeSessionAndBot = builtOnce((tx, p: TPlaceholders<{ accountId: string; conversationId: string }>) =>
  tx
    .select({ session: chatbotSessions, bot: chatbots })
    .from(chatbotSessions)
    .leftJoin(chatbots, eq(chatbots.id, chatbotSessions.chatbotId))
    .where(
      and(
        eq(chatbotSessions.accountId, p('accountId')),
        eq(chatbotSessions.conversationId, p('conversationId')),
        eq(chatbotSessions.status, 'active'),
      ),
    ),
);

/**
 * What a turn job looks at before it runs (tenantStatement: one round trip, not three): the
 * session's status and last message, how many messages wait, and whether a turn holds its lease.
 */
export async function turnJobState(db: TDb, accountId: string, id: string) {
  const [row] = await tenantStatement<{
    status: string;
    lastMessageId: string | null;
    pending: number;
    leased: boolean;
  }>(
    db,
    accountId,
    sql`select status, last_message_id as "lastMessageId", jsonb_array_length(pending) as pending,
          lease_token is not null as leased
        from chatbot_sessions where account_id = ${accountId} and id = ${id}`,
  );
  return row;
}

/** What a new session is made of (createSession). */
interface TNewSession {
  accountId: string;
  chatbotId: string;
  version: number | null;
  conversationId: string;
  test: boolean;
  state: TSessionState;
}

/** createSession's statement (builtOnce: the columns it sets are always the same). */
const insertSession = builtOnce((tx, p: TPlaceholders<TNewSession & { id: string }>) =>
  tx
    .insert(chatbotSessions)
    .values({
      id: p('id'),
      accountId: p('accountId'),
      chatbotId: p('chatbotId'),
      version: p('version'),
      conversationId: p('conversationId'),
      test: p('test'),
      state: p('state'),
    })
    .onConflictDoNothing()
    .returning(),
);

/** The conversation's active session, or a new one (two racing creators get the same row). */
export async function createSession(tx: TTx, values: TNewSession): Promise<TSessionRow> {
  const inserted = await insertSession(tx, { id: newId(), ...values });
  if (inserted[0]) return inserted[0];
  const [row] = await tx
    .select()
    .from(chatbotSessions)
    .where(
      and(eq(chatbotSessions.conversationId, values.conversationId), eq(chatbotSessions.status, 'active')),
    );
  return row;
}

/**
 * Adds a customer message to the session's unanswered ones (once: a repeated delivery of a
 * message already pending or answered changes nothing). Runs in the caller's transaction.
 */
export async function appendPending(tx: TTx, sessionId: string, message: TPendingMessage): Promise<boolean> {
  const rows = await addToPending(tx, {
    pending: JSON.stringify([message]),
    messageId: message.id,
    updatedAt: new Date(),
    sessionId,
  });
  return rows.length > 0;
}

/** appendPending's statement (builtOnce: built once). */
const addToPending = builtOnce(
  (tx, p: TPlaceholders<{ pending: string; messageId: string; updatedAt: Date; sessionId: string }>) =>
    tx
      .update(chatbotSessions)
      .set({
        pending: sql`${chatbotSessions.pending} || ${p('pending')}::jsonb`,
        lastMessageId: p('messageId'),
        updatedAt: p('updatedAt'),
      })
      .where(
        and(
          eq(chatbotSessions.id, p('sessionId')),
          sql`not (${chatbotSessions.processed} ? ${p('messageId')})`,
          sql`not exists (select 1 from jsonb_array_elements(${chatbotSessions.pending}) e where e->>'id' = ${p('messageId')})`,
        ),
      )
      .returning({ id: chatbotSessions.id }),
);

/** A conversation's customer messages stored in one transaction, for its bot session. */
export interface TConversationMessages {
  conversationId: string;
  channelId: string | null;
  contactId: string | null;
  messages: TPendingMessage[];
}

/**
 * Adds customers' messages to their conversations' bot sessions, in the transaction that stored
 * the messages (the inbox's intake, through the runtime's settle), for bots that answer at once
 * (no debounce): one statement for the transaction's messages, each conversation's in order, each
 * message once (one already pending or answered is skipped).
 *
 * - A conversation with an active session: the messages join its pending ones, and a session no
 *   turn holds is leased to `token`.
 * - A conversation with none (its first message, or the next one after its flow ended): a session
 *   of its channel's published bot is created with the messages pending and leased to `token`, as
 *   the runtime's job would (startSession), unless the contact is a test visitor (a test runs the
 *   draft: the job reads it). Two racing creators meet on chatbot_sessions_active_uq: the loser
 *   creates nothing and its messages go to the job, which finds the winner's session.
 *
 * Each session leased here comes back with what its turn reads first (its bot, its conversation's
 * facts), so the turn starts after the commit with no transaction of its own. A conversation left
 * out (no bot to answer at once, a test visitor, a lost race) is left to the runtime's job.
 *
 * The rows are locked in id order and waited for, not skipped: a session row is only ever held by
 * a turn's short transaction (its lease, its last reply with its end), never across a network
 * call, and a skipped one would send its message the long way round, behind a later one.
 */
export async function appendPendingOfConversations(
  tx: TTx,
  accountId: string,
  items: TConversationMessages[],
  token: string,
): Promise<Array<{ sessionId: string; conversationId: string; leased: TLeasedTurn | undefined }>> {
  const values = items.map((item) => ({ ...item, newSessionId: newId() }));
  const rows = rowsOf<
    TConversationFacts & { sessionId: string; conversationId: string; session: unknown; bot: unknown }
  >(
    await tx.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          as v("conversationId" uuid, "channelId" uuid, "contactId" uuid, "newSessionId" uuid, messages jsonb)
      ), s as (
        select cs.id, v.messages from chatbot_sessions cs
        join v on v."conversationId" = cs.conversation_id
        join chatbots b on b.id = cs.chatbot_id and b.account_id = cs.account_id
        where cs.account_id = ${accountId} and cs.status = 'active' and b.debounce_seconds = 0
        order by cs.id
        for update of cs
      ), l as (
        update chatbot_sessions cs set
          pending = cs.pending || coalesce((
            select jsonb_agg(m order by i) from jsonb_array_elements(s.messages) with ordinality as x(m, i)
            where not (cs.processed ? (m->>'id'))
              and not exists (select 1 from jsonb_array_elements(cs.pending) p where p->>'id' = m->>'id')
          ), '[]'::jsonb),
          last_message_id = s.messages->-1->>'id',
          updated_at = now(),
          lease_token = case when cs.lease_until is null or cs.lease_until < now() then ${token}
            else cs.lease_token end,
          lease_until = case when cs.lease_until is null or cs.lease_until < now()
            then now() + make_interval(secs => ${LEASE_SECONDS}) else cs.lease_until end
        from s where cs.id = s.id
        returning cs.*
      ), n as (
        insert into chatbot_sessions (id, account_id, chatbot_id, version, conversation_id, test, state,
          pending, last_message_id, lease_token, lease_until)
        select v."newSessionId", ${accountId}, b.id, b.published_version, v."conversationId", false,
          ${JSON.stringify(initialState())}::jsonb, v.messages, v.messages->-1->>'id', ${token},
          now() + make_interval(secs => ${LEASE_SECONDS})
        from v
        join chatbot_channels cc on cc.channel_id = v."channelId" and cc.account_id = ${accountId}
        join chatbots b on b.id = cc.chatbot_id and b.account_id = cc.account_id
        where b.debounce_seconds = 0 and b.published_version is not null
          and not exists (select 1 from chatbot_sessions a
            where a.account_id = ${accountId} and a.conversation_id = v."conversationId" and a.status = 'active')
          and not exists (select 1 from chatbot_test_visitors t
            where t.account_id = ${accountId} and t.contact_id = v."contactId")
        on conflict do nothing
        returning *
      ), r as (select * from l union all select * from n)
      select r.id as "sessionId", r.conversation_id as "conversationId",
        case when r.lease_token = ${token} then to_jsonb(r.*) end as session,
        case when r.lease_token = ${token} then to_jsonb(b.*) end as bot, f.*
      from r
      left join chatbots b on b.id = r.chatbot_id and b.account_id = r.account_id
      left join lateral (${factsSelect(accountId, sql`r.conversation_id`)}) f on true`),
  );
  return rows.map(({ sessionId, conversationId, session, bot, ...facts }) => ({
    sessionId,
    conversationId,
    leased: session ? leasedTurnOf(session, bot, facts) : undefined,
  }));
}

/**
 * Takes the session's turn lease; undefined while another turn holds it (or the session ended).
 * In the same transaction, what the turn reads first: its conversation's facts and its bot.
 */
export async function acquireLease(
  db: TDb,
  accountId: string,
  sessionId: string,
  token: string,
): Promise<TLeasedTurn | undefined> {
  // One statement: the lease, the session's bot and the conversation's facts (prepared: the
  // facts' plan is made once; inlined into one round trip, planning it each time cost more).
  type TRow = TConversationFacts & { session: unknown; bot: unknown };
  const statement = sql`with l as (
          update chatbot_sessions set lease_token = ${token},
            lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
          where account_id = ${accountId} and id = ${sessionId} and status = 'active'
            and (lease_until is null or lease_until < now())
          returning *
        )
        select to_jsonb(l.*) as session, to_jsonb(b.*) as bot, f.*
        from l
        left join chatbots b on b.id = l.chatbot_id and b.account_id = l.account_id
        left join lateral (${factsSelect(accountId, sql`l.conversation_id`)}) f on true`;
  const [row] = await withTenant(db, accountId, async (tx) => rowsOf<TRow>(await tx.execute(statement)));
  if (!row) return undefined;
  const { session, bot, ...facts } = row;
  return leasedTurnOf(session, bot, facts);
}

/** A leased turn from a statement's to_jsonb session and bot rows and its facts' columns. */
function leasedTurnOf(session: unknown, bot: unknown, facts: TConversationFacts): TLeasedTurn {
  return {
    session: rowFromJson(chatbotSessions, session)!,
    // No conversation (deleted with its session's turn under way): no facts, as acquireLeaseIn.
    facts: facts.stage ? { ...facts, contact_custom_fields: jsonOf(facts.contact_custom_fields) } : undefined,
    bot: rowFromJson(chatbots, bot),
  };
}

export type TLeasedTurn = NonNullable<Awaited<ReturnType<typeof acquireLeaseIn>>>;

/** A session's bot (builtOnce: built once). */
const botById = builtOnce((tx, p: TPlaceholders<{ accountId: string; id: string }>) =>
  tx
    .select()
    .from(chatbots)
    .where(and(eq(chatbots.accountId, p('accountId')), eq(chatbots.id, p('id')))),
);

/** acquireLeaseIn's statement (builtOnce: built once). */
const lease = builtOnce((tx, p: TPlaceholders<{ token: string; sessionId: string }>) =>
  tx
    .update(chatbotSessions)
    .set({ leaseToken: p('token'), leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      and(
        eq(chatbotSessions.id, p('sessionId')),
        eq(chatbotSessions.status, 'active'),
        sql`(${chatbotSessions.leaseUntil} is null or ${chatbotSessions.leaseUntil} < now())`,
      ),
    )
    .returning(),
);

/**
 * acquireLease in the caller's transaction (a customer's message takes the lease with the
 * message: the lease holds only once that transaction commits). `bot`: the session's bot when the
 * caller read it already.
 */
export async function acquireLeaseIn(
  tx: TTx,
  accountId: string,
  sessionId: string,
  token: string,
  known?: { bot: typeof chatbots.$inferSelect | null },
) {
  const [row] = await lease(tx, { token, sessionId });
  if (!row) return undefined;
  const facts = await conversationFactsIn(tx, accountId, row.conversationId);
  if (known?.bot?.id === row.chatbotId) return { session: row, facts, bot: known.bot };
  const [bot] = await botById(tx, { accountId, id: row.chatbotId });
  return { session: row, facts, bot: bot as typeof bot | undefined };
}

/** When the current lease ends (to retry then), or null when none is held. */
export function leaseEnd(db: TDb, accountId: string, sessionId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select({ until: chatbotSessions.leaseUntil, status: chatbotSessions.status })
      .from(chatbotSessions)
      .where(eq(chatbotSessions.id, sessionId));
    return row;
  });
}

export interface TTurnEnd {
  state: TSessionState;
  status: string;
  consumed: string[];
}

/**
 * Ends a turn in `tx`: the new state, the pending messages it read removed (and remembered), the
 * turn number advanced, the lease released — only if this turn still holds it (else undefined).
 * `inTx` arms the next timer in the same transaction.
 */
export async function finishTurnIn(
  tx: TTx,
  session: TSessionRow,
  token: string,
  change: TTurnEnd,
  inTx: (tx: TTx) => Promise<void>,
): Promise<TSessionRow | undefined> {
  const processed = [...session.processed, ...change.consumed].slice(-PROCESSED_KEEP);
  const rows = await endTurn(tx, {
    state: change.state,
    status: change.status,
    consumed: JSON.stringify(change.consumed),
    processed,
    updatedAt: new Date(),
    id: session.id,
    token,
  });
  if (rows[0]) await inTx(tx);
  return rows[0];
}

/** finishTurnIn's statement (builtOnce: built once). */
const endTurn = builtOnce(
  (
    tx,
    p: TPlaceholders<{
      state: TSessionState;
      status: string;
      consumed: string;
      processed: string[];
      updatedAt: Date;
      id: string;
      token: string;
    }>,
  ) =>
    tx
      .update(chatbotSessions)
      .set({
        state: p('state'),
        status: p('status'),
        pending: sql`coalesce((select jsonb_agg(e) from jsonb_array_elements(${chatbotSessions.pending}) e
          where not (${p('consumed')}::jsonb ? (e->>'id'))), '[]'::jsonb)`,
        processed: p('processed'),
        turn: sql`${chatbotSessions.turn} + 1`,
        leaseToken: null,
        leaseUntil: null,
        updatedAt: p('updatedAt'),
      })
      .where(and(eq(chatbotSessions.id, p('id')), eq(chatbotSessions.leaseToken, p('token'))))
      .returning(),
);

/** finishTurnIn in a transaction of its own. */
export function finishTurn(
  db: TDb,
  accountId: string,
  session: TSessionRow,
  token: string,
  change: TTurnEnd,
  inTx: (tx: TTx) => Promise<void>,
) {
  return withTenant(db, accountId, (tx) => finishTurnIn(tx, session, token, change, inTx));
}

/** Releases a lease without a turn (nothing to do). */
export function releaseLease(db: TDb, accountId: string, sessionId: string, token: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .update(chatbotSessions)
      .set({ leaseToken: null, leaseUntil: null })
      .where(and(eq(chatbotSessions.id, sessionId), eq(chatbotSessions.leaseToken, token))),
  );
}

/** A test session's hand-over target, kept on its state (before its conversation closes). */
export function recordTestHandover(db: TDb, accountId: string, sessionId: string, handover: TTestHandover) {
  return withTenant(db, accountId, (tx) =>
    tx
      .update(chatbotSessions)
      .set({
        state: sql`${chatbotSessions.state} || jsonb_build_object('testHandover', ${JSON.stringify(handover)}::jsonb)`,
        updatedAt: new Date(),
      })
      .where(and(eq(chatbotSessions.id, sessionId), eq(chatbotSessions.test, true))),
  );
}

/** Where the bot's latest test session on the conversation handed over (undefined: it did not). */
export async function findTestHandover(
  db: TDb,
  accountId: string,
  chatbotId: string,
  conversationId: string,
): Promise<TTestHandover | undefined> {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .select({ state: chatbotSessions.state })
      .from(chatbotSessions)
      .where(
        and(
          eq(chatbotSessions.accountId, accountId),
          eq(chatbotSessions.chatbotId, chatbotId),
          eq(chatbotSessions.conversationId, conversationId),
          eq(chatbotSessions.test, true),
        ),
      )
      .orderBy(desc(chatbotSessions.createdAt))
      .limit(1),
  );
  return (row?.state as TSessionState | undefined)?.testHandover;
}

/** Stops a session (operator took over, conversation closed, bot gone). */
export function stopSession(db: TDb, accountId: string, sessionId: string, status: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .update(chatbotSessions)
      .set({ status, leaseToken: null, leaseUntil: null, updatedAt: new Date() })
      .where(and(eq(chatbotSessions.id, sessionId), eq(chatbotSessions.status, 'active'))),
  );
}

export function stopConversationSessions(db: TDb, accountId: string, conversationId: string, status: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .update(chatbotSessions)
      .set({ status, updatedAt: new Date() })
      .where(
        and(
          eq(chatbotSessions.accountId, accountId),
          eq(chatbotSessions.conversationId, conversationId),
          eq(chatbotSessions.status, 'active'),
        ),
      ),
  );
}

/** What a turn needs to know of its conversation (the inbox's row, read in a join). */
export function conversationFacts(db: TDb, accountId: string, conversationId: string) {
  return withTenant(db, accountId, (tx) => conversationFactsIn(tx, accountId, conversationId));
}

export type TConversationFacts = NonNullable<Awaited<ReturnType<typeof conversationFactsIn>>>;

async function conversationFactsIn(tx: TTx, accountId: string, conversationId: string) {
  const [row] = rowsOf<TFactsRow>(await tx.execute(factsSelect(accountId, sql`${conversationId}`)));
  return row as typeof row | undefined;
}

interface TFactsRow {
  stage: string;
  contact_id: string;
  channel_id: string | null;
  channel_kind: string | null;
  timezone: string | null;
  /** The contact has no other conversation (a bot's "first contact only" start condition). */
  first_contact: boolean;
  ai_enable: boolean;
  /** The account's language: its (first) owner's. */
  account_lang: string | null;
  /** The conversation's contact, for the flow's variables (null fields: the contact was deleted). */
  contact_live: boolean;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  contact_custom_fields: Record<string, unknown> | null;
}

/** The facts of one conversation (`conversationId`: a value or a column of an outer query). */
function factsSelect(accountId: string, conversationId: SQL) {
  return sql`
      select c.stage, c.contact_id, c.channel_id, ch.kind as channel_kind, a.timezone, a.ai_enable,
        ct.id is not null as contact_live, ct.name as contact_name, ct.phone as contact_phone,
        ct.email as contact_email, ct.custom_fields as contact_custom_fields,
        (select u.lang from account_members m join users u on u.id = m.user_id
          where m.account_id = c.account_id and m.acl = 'master' order by m.created_at limit 1) as account_lang,
        not exists (select 1 from conversations o
          where o.account_id = c.account_id and o.contact_id = c.contact_id and o.id <> c.id) as first_contact
      from conversations c
      left join channels ch on ch.id = c.channel_id
      join accounts a on a.id = c.account_id
      left join contacts ct on ct.id = c.contact_id and ct.account_id = c.account_id and ct.deleted_at is null
      where c.account_id = ${accountId} and c.id = ${conversationId}`;
}

/** Sessions with unanswered messages and no live turn (a crashed process left them), across accounts. */
export async function strandedSessions(db: TDb) {
  return rowsOf<{ id: string; account_id: string; lease_until: string | null }>(
    await db.execute(sql`
      select id, account_id, lease_until from chatbot_sessions
      where status = 'active' and jsonb_array_length(pending) > 0 and updated_at < now() - interval '10 seconds'
      limit 500`),
  );
}

/** Ends the conversation's active session in the caller's transaction (before a new one starts). */
export function stopSessionsInTx(tx: TTx, accountId: string, conversationId: string) {
  return tx
    .update(chatbotSessions)
    .set({ status: 'stopped', leaseToken: null, leaseUntil: null, updatedAt: new Date() })
    .where(
      and(
        eq(chatbotSessions.accountId, accountId),
        eq(chatbotSessions.conversationId, conversationId),
        eq(chatbotSessions.status, 'active'),
      ),
    );
}

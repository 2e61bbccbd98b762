import { and, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { builtOnce, type TPlaceholders } from '../../../platform/db/built-once';
import { rowsOf, type TDb } from '../../../platform/db/client';
import { withTenant, type TTx } from '../../../platform/db/tenant';
import { channels } from '../../channels/channels.schema';
import { containsPattern, type TSearchTerm } from '../../../platform/search-term';
import { contacts } from '../../contacts/contacts.schema';
import { conversations } from '../inbox.schema';

/** A conversation with what the inbox list shows of its contact and channel. */
const listColumns = {
  id: conversations.id,
  accountId: conversations.accountId,
  stage: conversations.stage,
  origin: conversations.origin,
  channelId: conversations.channelId,
  channelKind: channels.kind,
  contactId: conversations.contactId,
  contactName: contacts.name,
  contactPhone: contacts.phone,
  contactEmail: contacts.email,
  contactPic: contacts.profilePic,
  contactTags: contacts.tags,
  assigneeId: conversations.assigneeId,
  departmentId: conversations.departmentId,
  unreadCount: conversations.unreadCount,
  counted: conversations.counted,
  test: conversations.test,
  lastMessageAt: conversations.lastMessageAt,
  lastInboundAt: conversations.lastInboundAt,
  lastMessagePreview: conversations.lastMessagePreview,
  takenAt: conversations.takenAt,
  closedAt: conversations.closedAt,
  closedBy: conversations.closedBy,
  closeReason: conversations.closeReason,
  closeSubReason: conversations.closeSubReason,
  holdUntil: conversations.holdUntil,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
};

type TColumnsRow = {
  [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['notNull'] extends true
    ? (typeof listColumns)[K]['_']['data']
    : (typeof listColumns)[K]['_']['data'] | null;
};
/** The channel is a left join: its kind may be missing. */
export type TConversationListRow = Omit<TColumnsRow, 'channelKind'> & { channelKind: string | null };

/** The list's filter, already narrowed to what the caller may see (conversations.service.ts). */
export interface TConversationFilter {
  /** undefined: every stage (one contact's conversations). */
  stage?: 'flow' | 'waiting' | 'attendance' | 'hold' | 'closed';
  /** An operator's view across stages (inbox-rooms.ts canSee): theirs, closed by them, and the waiting ones they may see. */
  visibleTo?: TOperatorView;
  contactId?: string;
  origins?: string[];
  /** A user id; null: no assignee; undefined: any. */
  assigneeId?: string | null;
  /** Closed history of an operator: assigned to or closed by this user. */
  involving?: string;
  /** Department-restricted operators: no department yet, or one of these. */
  departments?: string[];
  departmentId?: string;
  channelId?: string;
  tagId?: string;
  search?: TSearchTerm | null;
  /** Keyset: the previous page's last lastMessageAt (ISO, microseconds kept) and id. */
  before?: { at: string; id: string };
}

/** What an operator may see of the inbox (managers see everything). */
export interface TOperatorView {
  userId: string;
  /** The waiting tab is shown to them (not hidden by the settings). */
  waiting: boolean;
  /** Their departments (empty: every department). */
  departments: string[];
}

/** canSee (inbox-rooms.ts) as SQL: assigned to or closed by them, or waiting unassigned in their departments. */
function visibleToOperator(v: TOperatorView): SQL {
  const mine = or(eq(conversations.assigneeId, v.userId), eq(conversations.closedBy, v.userId))!;
  if (!v.waiting) return mine;
  const departments = v.departments.length
    ? or(isNull(conversations.departmentId), inArray(conversations.departmentId, v.departments))
    : undefined;
  return or(mine, and(eq(conversations.stage, 'waiting'), isNull(conversations.assigneeId), departments))!;
}

/**
 * A chatbot's live test is not the inbox's: no tab, count, search nor contact history lists it
 * (conversations.test). Only the stages a test can be in filter on it: a test never hands over
 * (ChatbotRuntime.endTestHandover), so the queue and attendance tabs, the inbox's hot reads, keep
 * their counts answered from the open-stage index alone.
 */
const TEST_FREE_STAGES = new Set(['waiting', 'attendance', 'hold']);

function whereOf(accountId: string, f: TConversationFilter): SQL {
  const clauses: Array<SQL | undefined> = [eq(conversations.accountId, accountId)];
  if (!f.stage || !TEST_FREE_STAGES.has(f.stage)) clauses.push(eq(conversations.test, false));
  if (f.stage) clauses.push(eq(conversations.stage, f.stage));
  if (f.contactId) clauses.push(eq(conversations.contactId, f.contactId));
  if (f.visibleTo) clauses.push(visibleToOperator(f.visibleTo));
  if (f.origins?.length) clauses.push(inArray(conversations.origin, f.origins));
  if (f.assigneeId === null) clauses.push(isNull(conversations.assigneeId));
  else if (f.assigneeId) clauses.push(eq(conversations.assigneeId, f.assigneeId));
  if (f.involving)
    clauses.push(or(eq(conversations.assigneeId, f.involving), eq(conversations.closedBy, f.involving)));
  if (f.departments?.length)
    clauses.push(or(isNull(conversations.departmentId), inArray(conversations.departmentId, f.departments)));
  if (f.departmentId) clauses.push(eq(conversations.departmentId, f.departmentId));
  if (f.channelId) clauses.push(eq(conversations.channelId, f.channelId));
  if (f.tagId) clauses.push(sql`${contacts.tags} @> array[${f.tagId}]::uuid[]`);
  if (f.search?.kind === 'digits')
    clauses.push(sql`${contacts.phone} like ${containsPattern(f.search.value)}`);
  else if (f.search) clauses.push(sql`${contacts.search} like ${containsPattern(f.search.value)}`);
  if (f.before)
    clauses.push(
      sql`(${conversations.lastMessageAt}, ${conversations.id}) < (${f.before.at}::timestamptz, ${f.before.id}::uuid)`,
    );
  return and(...clauses)!;
}

function baseQuery(tx: TTx) {
  return tx
    .select(listColumns)
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .leftJoin(channels, eq(channels.id, conversations.channelId));
}

/**
 * An instant written as JavaScript's toISOString writes it (milliseconds, Z): parsing 6,000 of
 * PostgreSQL's own timestamps back into Dates costs more than the whole query.
 */
const isoOf = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A conversation's columns under the names of TConversationRecord, from the conversation `c`, its
 * contact `ct` and the channel's kind: the page query and the intake's statement select the same
 * list, so one presenter (presentConversation) reads what either answers.
 */
export function conversationRecordColumns(c: string, ct: string, channelKind: SQL): SQL {
  const columns = `${c}.id, ${c}.account_id as "accountId", ${c}.stage, ${c}.origin,
    ${c}.channel_id as "channelId", ${c}.contact_id as "contactId", ${ct}.name as "contactName",
    ${ct}.phone as "contactPhone", ${ct}.email as "contactEmail", ${ct}.profile_pic as "contactPic",
    ${ct}.tags as "contactTags", ${c}.assignee_id as "assigneeId", ${c}.department_id as "departmentId",
    ${c}.unread_count as "unreadCount", ${c}.counted, ${c}.test, ${isoOf(`${c}.last_message_at`)} as "lastMessageAt",
    ${isoOf(`${c}.last_inbound_at`)} as "lastInboundAt", ${c}.last_message_preview as "lastMessagePreview",
    ${isoOf(`${c}.taken_at`)} as "takenAt", ${isoOf(`${c}.closed_at`)} as "closedAt", ${c}.closed_by as "closedBy",
    ${c}.close_reason as "closeReason", ${c}.close_sub_reason as "closeSubReason",
    ${isoOf(`${c}.hold_until`)} as "holdUntil", ${isoOf(`${c}.created_at`)} as "createdAt",
    ${isoOf(`${c}.updated_at`)} as "updatedAt"`;
  return sql`${sql.raw(columns)}, ${channelKind} as "channelKind"`;
}

/** Filters on the contact (tag, search) need the join inside the page query. */
const needsContact = (f: TConversationFilter) => !!(f.tagId || f.search);

type TInstantColumn =
  | 'lastMessageAt'
  | 'lastInboundAt'
  | 'takenAt'
  | 'closedAt'
  | 'holdUntil'
  | 'createdAt'
  | 'updatedAt';

/**
 * A conversation as any of its reads answers it: a list row (instants as Dates), or the page
 * query's and the intake's conversationRecordColumns (instants as ISO text, tags as uuid[] or its
 * text form).
 */
export type TConversationRecord = {
  [K in keyof TConversationListRow]: K extends TInstantColumn
    ? TConversationListRow[K] | string
    : K extends 'contactTags'
      ? string[] | string
      : TConversationListRow[K];
};

/**
 * A page row: the record, its keyset cursor (microseconds since the epoch), the capped count, and
 * its row version (rowVersionSql).
 */
export type TConversationPageRow = TConversationRecord & {
  cursorUs: string;
  total: number;
  rowVersion: string;
};

/**
 * What a page row shows, as versions: the conversation's id and the xmin (the writing
 * transaction) of its row, of its contact's row and of its channel's row. Any write to any of
 * them (an UPDATE writes a new row version with a new xmin) changes it.
 */
const rowVersionSql = sql.raw(
  `p.id::text || '.' || p.rx::text || '.' || ct.rx::text || '.' || coalesce(ch.rx::text, '-')`,
);

/** The capped count of the filter's matches, whatever the page. */
function totalSql(accountId: string, filter: TConversationFilter, countCap: number) {
  const { before: _before, ...unpaged } = filter;
  return sql`(select count(*)::int from (select 1 from ${conversations} ${contactJoin(filter)}
    where ${whereOf(accountId, unpaged)} limit ${countCap}) t)`;
}

const contactJoin = (filter: TConversationFilter) =>
  needsContact(filter) ? sql`inner join ${contacts} on ${contacts.id} = ${conversations.contactId}` : sql``;

/** The page's conversations with `columns` and their row's xmin (rx), as `p`: an index walk, LIMIT inside. */
function pageOf(accountId: string, filter: TConversationFilter, limit: number, columns: SQL) {
  return sql`(select ${columns}, ${conversations}.xmin as rx from ${conversations} ${contactJoin(filter)}
    where ${whereOf(accountId, filter)}
    order by ${conversations.lastMessageAt} desc, ${conversations.id} desc
    limit ${limit}) p`;
}

/**
 * One page of a tab, most recent activity first (keyset on last_message_at, id), with the capped
 * count of matches, in one statement. The page of conversations is chosen first (an index walk,
 * LIMIT inside), then each row's contact and channel are read by primary key (LATERAL: the
 * planner never hashes the whole account's contacts for 1,000 rows).
 */
function pageSql(accountId: string, filter: TConversationFilter, limit: number, countCap: number) {
  return sql`
    select ${conversationRecordColumns('p', 'ct', sql`ch.kind`)},
      (extract(epoch from p.last_message_at) * 1000000)::bigint::text as "cursorUs",
      ${totalSql(accountId, filter, countCap)} as total, ${rowVersionSql} as "rowVersion"
    from ${pageOf(accountId, filter, limit, sql`${conversations}.*`)}
    cross join lateral (select name, phone, email, profile_pic, tags, xmin as rx from contacts where id = p.contact_id offset 0) ct
    left join lateral (select kind, xmin as rx from channels where id = p.channel_id offset 0) ch on true`;
}

export function listConversationPage(
  db: TDb,
  accountId: string,
  filter: TConversationFilter,
  limit: number,
  countCap: number,
): Promise<TConversationPageRow[]> {
  return withTenant(db, accountId, async (tx) => {
    const result = await tx.execute(
      sql`${pageSql(accountId, filter, limit, countCap)} order by p.last_message_at desc, p.id desc`,
    );
    return rowsOf<TConversationPageRow>(result);
  });
}

/**
 * The version of the page listConversationPage would answer now, without reading it: the capped
 * count and the md5 of its rows' versions (rowVersionSql) in page order, joined by ','. An empty
 * page has version null.
 */
export async function readConversationPageVersion(
  db: TDb,
  accountId: string,
  filter: TConversationFilter,
  limit: number,
  countCap: number,
): Promise<{ total: number; version: string | null }> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = rowsOf<{ total: number; version: string | null }>(
      await tx.execute(sql`
        select ${totalSql(accountId, filter, countCap)} as total,
          md5(string_agg(${rowVersionSql}, ',' order by p.last_message_at desc, p.id desc)) as version
        from ${pageOf(accountId, filter, limit, sql`${conversations.id}, ${conversations.contactId}, ${conversations.channelId}, ${conversations.lastMessageAt}`)}
        cross join lateral (select xmin as rx from contacts where id = p.contact_id offset 0) ct
        left join lateral (select xmin as rx from channels where id = p.channel_id offset 0) ch on true`),
    );
    return { total: Number(row.total), version: row.version };
  });
}

export function findConversationListRow(
  db: TDb,
  accountId: string,
  id: string,
): Promise<TConversationListRow | undefined> {
  return withTenant(db, accountId, (tx) => readConversationListRow(tx, accountId, id));
}

/** The conversation as listed, read in the caller's transaction (what its commit will show). */
export async function readConversationListRow(
  tx: TTx,
  accountId: string,
  id: string,
): Promise<TConversationListRow | undefined> {
  const [row] = await listRowStatement(tx, { accountId, id });
  return row;
}

/** A conversation as listed, by id: read after every message (builtOnce: its text never changes). */
const listRowStatement = builtOnce((tx, p: TPlaceholders<{ accountId: string; id: string }>) =>
  baseQuery(tx).where(and(eq(conversations.accountId, p('accountId')), eq(conversations.id, p('id')))),
);

/** Conversations changed after `since` (catch-up after a reconnect), oldest change first. */
export function listConversationsUpdatedSince(
  db: TDb,
  accountId: string,
  since: Date,
  limit: number,
): Promise<TConversationListRow[]> {
  return withTenant(db, accountId, async (tx) => {
    const rows = await baseQuery(tx)
      .where(
        and(
          eq(conversations.accountId, accountId),
          gt(conversations.updatedAt, since),
          eq(conversations.test, false),
        ),
      )
      .orderBy(conversations.updatedAt, conversations.id)
      .limit(limit);
    return rows as TConversationListRow[];
  });
}

/** Open conversations per tab for the inbox header: waiting, in attendance, mine, and on hold (a manager's: all). */
export function countOpenConversations(
  db: TDb,
  accountId: string,
  userId: string,
  departments: string[] | null,
  manager = false,
): Promise<{ waiting: number; attendance: number; mine: number; hold: number }> {
  return withTenant(db, accountId, async (tx) => {
    const dept = departments?.length
      ? sql`and (department_id is null
          or department_id in (select jsonb_array_elements_text(${JSON.stringify(departments)}::jsonb)))`
      : sql``;
    const heldBy = manager ? sql`` : sql`and assignee_id = ${userId}`;
    const [row] = rowsOf<{ waiting: number; attendance: number; mine: number; hold: number }>(
      await tx.execute(sql`select
        (select count(*)::int from conversations where account_id = ${accountId} and stage = 'waiting' ${dept}) as waiting,
        (select count(*)::int from conversations where account_id = ${accountId} and stage = 'attendance') as attendance,
        (select count(*)::int from conversations where account_id = ${accountId} and stage = 'attendance'
           and assignee_id = ${userId}) as mine,
        (select count(*)::int from conversations where account_id = ${accountId} and stage = 'hold' ${heldBy}) as hold`),
    );
    return {
      waiting: Number(row.waiting),
      attendance: Number(row.attendance),
      mine: Number(row.mine),
      hold: Number(row.hold),
    };
  });
}

/** Stage, assignee and department of a conversation (the realtime events' visibility). */
export async function findConversationState(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select({
        stage: conversations.stage,
        assigneeId: conversations.assigneeId,
        departmentId: conversations.departmentId,
      })
      .from(conversations)
      .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id)));
    return row;
  });
}

/** A contact's open conversation on a channel (at most one: conversations_open_uq), in `tx`. */
export function openConversationQuery(
  tx: TTx,
  accountId: string,
  contactId: string,
  channelId: string | null,
) {
  return tx
    .select({
      id: conversations.id,
      stage: conversations.stage,
      assigneeId: conversations.assigneeId,
      departmentId: conversations.departmentId,
      closedBy: conversations.closedBy,
    })
    .from(conversations)
    .where(
      and(
        eq(conversations.accountId, accountId),
        eq(conversations.contactId, contactId),
        channelId ? eq(conversations.channelId, channelId) : isNull(conversations.channelId),
        sql`${conversations.stage} <> 'closed'`,
      ),
    );
}

/** A contact's open conversation on a channel (at most one: conversations_open_uq). */
export async function findOpenConversation(
  db: TDb,
  accountId: string,
  contactId: string,
  channelId: string | null,
) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await openConversationQuery(tx, accountId, contactId, channelId);
    return row;
  });
}

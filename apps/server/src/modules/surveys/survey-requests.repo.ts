import { and, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import type { TSurveySettings } from '@atende/shared';
import { rowsOf, type TDb } from '../../platform/db/client';
import { type TTx, withTenant } from '../../platform/db/tenant';
import { surveyRequests, surveySettings } from './surveys.schema';

export type TSurveyRequestRow = typeof surveyRequests.$inferSelect;
export type TNewSurveyRequest = typeof surveyRequests.$inferInsert;

export async function findSettingsRow(db: TDb, accountId: string): Promise<Partial<TSurveySettings> | null> {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx.select().from(surveySettings).where(eq(surveySettings.accountId, accountId)),
  );
  return row?.settings ?? null;
}

export async function upsertSettingsRow(db: TDb, accountId: string, settings: TSurveySettings) {
  await withTenant(db, accountId, (tx) =>
    tx
      .insert(surveySettings)
      .values({ accountId, settings })
      .onConflictDoUpdate({ target: surveySettings.accountId, set: { settings, updatedAt: new Date() } }),
  );
}

/** The conversation as a survey needs it (read in a join: the inbox owns these tables). */
export interface TSurveyConversation {
  id: string;
  contactId: string;
  channelId: string | null;
  channelKind: string | null;
  channelActive: boolean;
  assigneeId: string | null;
  departmentId: string | null;
  stage: string;
  lastInboundAt: Date | null;
}

export async function findSurveyConversation(
  db: TDb,
  accountId: string,
  conversationId: string,
): Promise<TSurveyConversation | null> {
  const rows = await withTenant(db, accountId, async (tx) =>
    rowsOf<Record<string, any>>(
      await tx.execute(sql`
        select c.id, c.contact_id, c.channel_id, ch.kind as channel_kind,
          (ch.status = 'active' and ch.deleted_at is null) as channel_active,
          c.assignee_id, c.department_id, c.stage, c.last_inbound_at
        from conversations c left join channels ch on ch.id = c.channel_id
        where c.account_id = ${accountId} and c.id = ${conversationId}`),
    ),
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    contactId: r.contact_id,
    channelId: r.channel_id,
    channelKind: r.channel_kind,
    channelActive: !!r.channel_active,
    assigneeId: r.assignee_id,
    departmentId: r.department_id,
    stage: r.stage,
    lastInboundAt: r.last_inbound_at ? new Date(r.last_inbound_at) : null,
  };
}

/** Whether the contact got a survey (sent, answered or expired) since `since`. */
export async function askedSince(
  tx: TTx,
  accountId: string,
  contactId: string,
  since: Date,
): Promise<boolean> {
  const rows = await tx
    .select({ id: surveyRequests.id })
    .from(surveyRequests)
    .where(
      and(
        eq(surveyRequests.accountId, accountId),
        eq(surveyRequests.contactId, contactId),
        ne(surveyRequests.status, 'not_sent'),
        gt(surveyRequests.createdAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Inserts the request unless its event already made one; returns the event's request either way. */
export async function insertRequest(tx: TTx, values: TNewSurveyRequest): Promise<TSurveyRequestRow> {
  const [inserted] = await tx.insert(surveyRequests).values(values).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [existing] = await tx
    .select()
    .from(surveyRequests)
    .where(and(eq(surveyRequests.accountId, values.accountId), eq(surveyRequests.eventId, values.eventId!)));
  return existing;
}

export async function findRequestByEvent(db: TDb, accountId: string, eventId: string) {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(surveyRequests)
      .where(and(eq(surveyRequests.accountId, accountId), eq(surveyRequests.eventId, eventId))),
  );
  return row ?? null;
}

export async function updateRequest(
  db: TDb,
  accountId: string,
  id: string,
  patch: Partial<TNewSurveyRequest>,
): Promise<TSurveyRequestRow | undefined> {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .update(surveyRequests)
      .set(patch)
      .where(and(eq(surveyRequests.accountId, accountId), eq(surveyRequests.id, id)))
      .returning(),
  );
  return row;
}

/**
 * Moves a request from `step` (still waiting, not expired at `at`) with `patch`; undefined when it
 * is not at that step any more (a retried listener, or a later answer won).
 */
export async function advanceRequest(
  tx: TTx,
  accountId: string,
  id: string,
  step: string,
  at: Date,
  patch: Partial<TNewSurveyRequest>,
): Promise<TSurveyRequestRow | undefined> {
  const [row] = await tx
    .update(surveyRequests)
    .set(patch)
    .where(
      and(
        eq(surveyRequests.accountId, accountId),
        eq(surveyRequests.id, id),
        eq(surveyRequests.step, step),
        gt(surveyRequests.expiresAt, at),
      ),
    )
    .returning();
  return row;
}

/** The survey of a conversation still waiting for an answer at `at` (the latest). */
export async function findWaitingForConversation(
  db: TDb,
  accountId: string,
  conversationId: string,
  at: Date,
): Promise<TSurveyRequestRow | null> {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(surveyRequests)
      .where(
        and(
          eq(surveyRequests.accountId, accountId),
          eq(surveyRequests.conversationId, conversationId),
          isNotNull(surveyRequests.step),
          sql`${surveyRequests.status} in ('sent', 'answered')`,
          gt(surveyRequests.expiresAt, at),
        ),
      )
      .orderBy(sql`${surveyRequests.createdAt} desc`)
      .limit(1),
  );
  return row ?? null;
}

export async function findLatestForConversation(db: TDb, accountId: string, conversationId: string) {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(surveyRequests)
      .where(and(eq(surveyRequests.accountId, accountId), eq(surveyRequests.conversationId, conversationId)))
      .orderBy(sql`${surveyRequests.createdAt} desc`)
      .limit(1),
  );
  return row ?? null;
}

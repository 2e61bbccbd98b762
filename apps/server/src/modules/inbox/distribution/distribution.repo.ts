import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { builtOnce, type TPlaceholders } from '../../../platform/db/built-once';
import { rowsOf, type TDb } from '../../../platform/db/client';
import type { TTx } from '../../../platform/db/tenant';
import { withTenant } from '../../../platform/db/tenant';
import { accountMembers } from '../../accounts/accounts.schema';
import { users } from '../../auth/auth.schema';
import { distributionMembers } from './distribution.schema';
import { conversations } from '../inbox.schema';

/** The waiting, unassigned conversation, locked; undefined when someone else holds or took it. */
export async function lockWaitingConversation(tx: TTx, accountId: string, id: string) {
  const [row] = await lockWaiting(tx, { accountId, id });
  return row;
}

/** lockWaitingConversation's statement (builtOnce: built once). */
const lockWaiting = builtOnce((tx, p: TPlaceholders<{ accountId: string; id: string }>) =>
  tx
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.accountId, p('accountId')),
        eq(conversations.id, p('id')),
        eq(conversations.stage, 'waiting'),
        isNull(conversations.assigneeId),
      ),
    )
    .for('update', { skipLocked: true }),
);

/**
 * Distributions of one account run one after another (a transaction advisory lock, one per
 * account: no lock-order cycles), so two cannot both fill the last free place of an operator.
 */
export async function lockAccountDistribution(tx: TTx, accountId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('inbox-distribution'), hashtext(${accountId}))`);
}

/** The queue, least recently assigned first, with each member's intentions. */
export function listQueue(tx: TTx, accountId: string) {
  return tx
    .select({
      userId: distributionMembers.userId,
      lastAssignedAt: distributionMembers.lastAssignedAt,
      intentions: accountMembers.intentions,
    })
    .from(distributionMembers)
    .innerJoin(
      accountMembers,
      and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, distributionMembers.userId)),
    )
    .where(eq(distributionMembers.accountId, accountId))
    .orderBy(sql`${distributionMembers.lastAssignedAt} asc nulls first`, asc(distributionMembers.createdAt));
}

/** Conversations in attendance per user (their load). */
export async function attendanceLoads(
  tx: TTx,
  accountId: string,
  userIds: string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: conversations.assigneeId, n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(
      and(
        eq(conversations.accountId, accountId),
        eq(conversations.stage, 'attendance'),
        inArray(conversations.assigneeId, userIds),
      ),
    )
    .groupBy(conversations.assigneeId);
  return new Map(rows.map((r) => [r.userId!, Number(r.n)]));
}

export function markAssigned(tx: TTx, accountId: string, userId: string) {
  return tx
    .update(distributionMembers)
    .set({ lastAssignedAt: new Date() })
    .where(and(eq(distributionMembers.accountId, accountId), eq(distributionMembers.userId, userId)));
}

/** Queue member ids of an account. */
export function queueUserIds(db: TDb, accountId: string): Promise<string[]> {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select({ userId: distributionMembers.userId })
      .from(distributionMembers)
      .where(eq(distributionMembers.accountId, accountId));
    return rows.map((r) => r.userId);
  });
}

/** Waiting unassigned conversations, oldest first, with their department. */
export function waitingConversationIds(
  db: TDb,
  accountId: string,
  limit: number,
): Promise<Array<{ id: string; departmentId: string | null }>> {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select({ id: conversations.id, departmentId: conversations.departmentId })
      .from(conversations)
      .where(
        and(
          eq(conversations.accountId, accountId),
          eq(conversations.stage, 'waiting'),
          isNull(conversations.assigneeId),
        ),
      )
      .orderBy(asc(conversations.createdAt))
      .limit(limit);
    return rows;
  });
}

/** A department was deleted (issue 13): its conversations go back to no department. */
export function clearConversationsDepartment(db: TDb, accountId: string, departmentId: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .update(conversations)
      .set({ departmentId: null })
      .where(and(eq(conversations.accountId, accountId), eq(conversations.departmentId, departmentId))),
  );
}

/** Accounts (any) with a distribution queue and waiting conversations: the periodic sweep's work. */
export async function accountsToDistribute(db: TDb): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct d.account_id from distribution_members d
    where exists (select 1 from conversations c
                  where c.account_id = d.account_id and c.stage = 'waiting' and c.assignee_id is null)`);
  return rowsOf<{ account_id: string }>(result).map((r) => r.account_id);
}

/** Queue members with their name, role and open attendance load. */
export function listDistributionRows(db: TDb, accountId: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select({
        userId: distributionMembers.userId,
        lastAssignedAt: distributionMembers.lastAssignedAt,
        name: users.name,
        acl: accountMembers.acl,
        open: sql<number>`(select count(*)::int from conversations c
          where c.account_id = ${accountId} and c.assignee_id = ${distributionMembers.userId}
            and c.stage = 'attendance')`,
      })
      .from(distributionMembers)
      .innerJoin(
        accountMembers,
        and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, distributionMembers.userId)),
      )
      .innerJoin(users, eq(users.id, distributionMembers.userId))
      .where(eq(distributionMembers.accountId, accountId))
      .orderBy(asc(users.name)),
  );
}

/** Adds a member of the account to the queue (false when the user is not a member). */
export function insertDistributionRow(db: TDb, accountId: string, userId: string): Promise<boolean> {
  return withTenant(db, accountId, async (tx) => {
    const [member] = await tx
      .select({ id: accountMembers.id })
      .from(accountMembers)
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
    if (!member) return false;
    await tx.insert(distributionMembers).values({ accountId, userId }).onConflictDoNothing();
    return true;
  });
}

export function deleteDistributionRow(db: TDb, accountId: string, userId: string): Promise<boolean> {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .delete(distributionMembers)
      .where(and(eq(distributionMembers.accountId, accountId), eq(distributionMembers.userId, userId)))
      .returning({ userId: distributionMembers.userId });
    return rows.length > 0;
  });
}

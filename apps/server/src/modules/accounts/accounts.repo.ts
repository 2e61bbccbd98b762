import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { isEmptyPatch, newId } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';
import { accountMembers, accountPlans, accounts, conversationUsage, invitations } from './accounts.schema';

export type TAccountRow = typeof accounts.$inferSelect;
export type TAccountPlanRow = typeof accountPlans.$inferSelect;
export type TMemberRow = typeof accountMembers.$inferSelect;
export type TNewAccount = Omit<typeof accounts.$inferInsert, 'id'>;
export type TNewPlan = Omit<typeof accountPlans.$inferInsert, 'accountId'>;

/** Creates the account, its plan and its first member (master) in one transaction. */
export function insertAccountWithOwner(db: TDb, account: TNewAccount, plan: TNewPlan, ownerUserId: string) {
  const id = newId();
  return withTenant(db, id, async (tx) => {
    const [row] = await tx
      .insert(accounts)
      .values({ ...account, id })
      .returning();
    await tx.insert(accountPlans).values({ ...plan, accountId: id });
    await tx.insert(accountMembers).values({ accountId: id, userId: ownerUserId, acl: 'master' });
    return row;
  });
}

/** The accounts a user belongs to (a cross-account read by user id, outside any tenant). */
export function listAccountsOfUser(db: TDb, userId: string) {
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      versionNamespace: accounts.versionNamespace,
      acl: accountMembers.acl,
    })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(and(eq(accountMembers.userId, userId), sql`${accounts.status} <> 2`))
    .orderBy(asc(accountMembers.createdAt));
}

export function findAccountWithPlan(db: TDb, accountId: string, periodStart: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select({ account: accounts, plan: accountPlans, usage: conversationUsage.count })
      .from(accounts)
      .innerJoin(accountPlans, eq(accountPlans.accountId, accounts.id))
      .leftJoin(
        conversationUsage,
        and(eq(conversationUsage.accountId, accounts.id), eq(conversationUsage.periodStart, periodStart)),
      )
      .where(eq(accounts.id, accountId));
    return row;
  });
}

export function updateAccountRow(db: TDb, accountId: string, patch: Partial<TNewAccount>) {
  return withTenant(db, accountId, async (tx) => {
    if (isEmptyPatch(patch)) {
      const [current] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
      return current;
    }
    const [row] = await tx.update(accounts).set(patch).where(eq(accounts.id, accountId)).returning();
    return row;
  });
}

export function updatePlanRow(db: TDb, accountId: string, patch: Partial<TNewPlan>) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(accountPlans)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(accountPlans.accountId, accountId))
      .returning();
    return row;
  });
}

/** Deletes the account; every tenant table cascades from it. */
export function deleteAccountRow(db: TDb, accountId: string) {
  return withTenant(db, accountId, (tx) => tx.delete(accounts).where(eq(accounts.id, accountId)));
}

export function listMembers(db: TDb, accountId: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select({ member: accountMembers, name: users.name, email: users.email, profilePic: users.profilePic })
      .from(accountMembers)
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .where(eq(accountMembers.accountId, accountId))
      .orderBy(asc(accountMembers.createdAt)),
  );
}

export function findMember(db: TDb, accountId: string, userId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(accountMembers)
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
    return row;
  });
}

export function insertMember(
  db: TDb,
  accountId: string,
  member: Pick<TMemberRow, 'userId' | 'acl' | 'intentions' | 'entities'>,
) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .insert(accountMembers)
      .values({ ...member, accountId })
      .onConflictDoNothing()
      .returning();
    return row;
  });
}

/**
 * Updates a member unless a demotion would leave the account without a master; the master count
 * is read under the same row lock as deleteMemberKeepingAMaster, so racing changes cannot both pass.
 */
export function updateMemberRow(
  db: TDb,
  accountId: string,
  userId: string,
  patch: Partial<Pick<TMemberRow, 'acl' | 'intentions' | 'entities'>>,
) {
  return withTenant(db, accountId, async (tx) => {
    if (patch.acl && patch.acl !== 'master') {
      const masters = await tx
        .select({ userId: accountMembers.userId })
        .from(accountMembers)
        .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.acl, 'master')))
        .for('update');
      if (masters.length <= 1 && masters.some((m) => m.userId === userId)) return 'last_master' as const;
    }
    if (isEmptyPatch(patch)) {
      const [current] = await tx
        .select()
        .from(accountMembers)
        .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
      return current;
    }
    const [row] = await tx
      .update(accountMembers)
      .set(patch)
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)))
      .returning();
    return row;
  });
}

/**
 * Removes a member unless that would leave the account without a master. The master count is
 * read under a row lock so two concurrent removals cannot both pass.
 */
export function deleteMemberKeepingAMaster(db: TDb, accountId: string, userId: string) {
  return withTenant(db, accountId, async (tx) => {
    const masters = await tx
      .select({ userId: accountMembers.userId })
      .from(accountMembers)
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.acl, 'master')))
      .for('update');
    const [target] = await tx
      .select()
      .from(accountMembers)
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
    if (!target) return 'not_found' as const;
    if (target.acl === 'master' && masters.length <= 1) return 'last_master' as const;
    await tx.delete(accountMembers).where(eq(accountMembers.id, target.id));
    return 'removed' as const;
  });
}

/** Departments (issue 13): sets several members' intentions in one transaction. */
export function setMemberIntentionsRows(
  db: TDb,
  accountId: string,
  changes: Array<{ userId: string; intentions: string[] }>,
) {
  return withTenant(db, accountId, async (tx) => {
    for (const c of changes)
      await tx
        .update(accountMembers)
        .set({ intentions: c.intentions })
        .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, c.userId)));
  });
}

/** Open invitations whose `field` list holds `id` (departments with pending invitations). */
export function countInvitationsWith(
  db: TDb,
  accountId: string,
  field: 'intentions' | 'entities',
  id: string,
) {
  return withTenant(db, accountId, async (tx) => {
    const column = field === 'intentions' ? invitations.intentions : invitations.entities;
    const rows = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.accountId, accountId),
          sql`${invitations.acceptedAt} is null`,
          sql`${column} ? ${id}`,
        ),
      );
    return rows.length;
  });
}

/** A key entity was deleted: members and invitations forget its id. */
export function removeEntityFromListsRows(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    await tx
      .update(accountMembers)
      .set({ entities: sql`${accountMembers.entities} - ${id}::text` })
      .where(and(eq(accountMembers.accountId, accountId), sql`${accountMembers.entities} ? ${id}`));
    await tx
      .update(invitations)
      .set({ entities: sql`${invitations.entities} - ${id}::text` })
      .where(and(eq(invitations.accountId, accountId), sql`${invitations.entities} ? ${id}`));
  });
}

/** Service-operator controls (issue 13): the accounts whose master has this e-mail (outside any tenant). */
export function listAccountIdsOfMasterEmail(db: TDb, email: string) {
  return db
    .select({ id: accounts.id })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        eq(accountMembers.acl, 'master'),
        sql`${accounts.status} <> 2`,
      ),
    )
    .orderBy(asc(accountMembers.createdAt));
}

/** Service-operator controls (issue 13): account and plan fields in one transaction, before and after. */
export function updateOperatorFieldsRows(
  db: TDb,
  accountId: string,
  account: Partial<TNewAccount>,
  plan: Partial<TNewPlan>,
) {
  return withTenant(db, accountId, async (tx) => {
    const [accountBefore] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    const [planBefore] = await tx
      .select()
      .from(accountPlans)
      .where(eq(accountPlans.accountId, accountId))
      .for('update');
    if (!accountBefore || !planBefore) return undefined;
    const [accountAfter] = isEmptyPatch(account)
      ? [accountBefore]
      : await tx.update(accounts).set(account).where(eq(accounts.id, accountId)).returning();
    const [planAfter] = isEmptyPatch(plan)
      ? [planBefore]
      : await tx
          .update(accountPlans)
          .set({ ...plan, updatedAt: new Date() })
          .where(eq(accountPlans.accountId, accountId))
          .returning();
    return {
      before: { account: accountBefore, plan: planBefore },
      after: { account: accountAfter, plan: planAfter },
    };
  });
}

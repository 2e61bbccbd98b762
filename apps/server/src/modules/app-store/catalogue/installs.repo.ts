import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TAppRunAction, TAppRunStatus } from '@atende/shared';
import type { TDb } from '../../../platform/db/client';
import { withTenant } from '../../../platform/db/tenant';
import { users } from '../../auth/auth.schema';
import { appInstalls, appRuns } from '../app-store.schema';

export type TInstallRow = typeof appInstalls.$inferSelect;
export type TRunRow = typeof appRuns.$inferSelect;

export function listInstallRows(db: TDb, accountId: string, appKey?: string): Promise<TInstallRow[]> {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(appInstalls)
      .where(and(eq(appInstalls.accountId, accountId), appKey ? eq(appInstalls.appKey, appKey) : undefined))
      .orderBy(appInstalls.createdAt),
  );
}

export function findInstallRow(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(appInstalls)
      .where(and(eq(appInstalls.accountId, accountId), eq(appInstalls.id, id)));
    return row;
  });
}

/** Installs unless the app allows one install and the account has it (checked under a lock). */
export function insertInstallRow(
  db: TDb,
  accountId: string,
  values: Omit<typeof appInstalls.$inferInsert, 'accountId' | 'id'>,
  single: boolean,
) {
  return withTenant(db, accountId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('app_installs'), hashtext(${accountId}))`);
    if (single) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(appInstalls)
        .where(and(eq(appInstalls.accountId, accountId), eq(appInstalls.appKey, values.appKey)));
      if (n > 0) return 'exists' as const;
    }
    const [row] = await tx
      .insert(appInstalls)
      .values({ ...values, accountId })
      .returning();
    return row;
  });
}

export function updateInstallRow(
  db: TDb,
  accountId: string,
  id: string,
  patch: Partial<Omit<typeof appInstalls.$inferInsert, 'accountId' | 'id'>>,
) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(appInstalls)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(appInstalls.accountId, accountId), eq(appInstalls.id, id)))
      .returning();
    return row;
  });
}

/** Counts one more error (or resets on success); returns the install as it is now. */
export function bumpInstallErrors(db: TDb, accountId: string, id: string, failed: boolean) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(appInstalls)
      .set({ consecutiveErrors: failed ? sql`${appInstalls.consecutiveErrors} + 1` : 0 })
      .where(and(eq(appInstalls.accountId, accountId), eq(appInstalls.id, id)))
      .returning();
    return row;
  });
}

export function deleteInstallRow(db: TDb, accountId: string, id: string): Promise<boolean> {
  return withTenant(db, accountId, async (tx) => {
    // Runs still going for this install end as cancelled (spec §4).
    await tx
      .update(appRuns)
      .set({ status: 'cancelled', finishedAt: new Date() })
      .where(and(eq(appRuns.accountId, accountId), eq(appRuns.installId, id), eq(appRuns.status, 'ongoing')));
    const rows = await tx
      .delete(appInstalls)
      .where(and(eq(appInstalls.accountId, accountId), eq(appInstalls.id, id)))
      .returning({ id: appInstalls.id });
    return rows.length > 0;
  });
}

export interface TNewRun {
  installId: string | null;
  appKey: string;
  action: TAppRunAction;
  status: TAppRunStatus;
  userId: string | null;
  message: string;
  log: string[];
  startedAt: Date;
  finishedAt: Date | null;
}

export function insertRunRow(db: TDb, accountId: string, run: TNewRun) {
  return withTenant(db, accountId, async (tx) => {
    const userName = run.userId
      ? sql`coalesce((select ${users.name} from ${users} where ${users.id} = ${run.userId}), '')`
      : '';
    const [row] = await tx
      .insert(appRuns)
      .values({ ...run, accountId, userName })
      .returning();
    return row;
  });
}

export function finishRunRow(
  db: TDb,
  accountId: string,
  id: string,
  patch: { status: TAppRunStatus; message: string; log: string[] },
) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(appRuns)
      .set({ ...patch, finishedAt: new Date() })
      .where(and(eq(appRuns.accountId, accountId), eq(appRuns.id, id)))
      .returning();
    return row;
  });
}

export function listRunRows(
  db: TDb,
  accountId: string,
  filter: { app?: string; status?: string; page: number; limit: number },
) {
  return withTenant(db, accountId, async (tx) => {
    const where = and(
      eq(appRuns.accountId, accountId),
      filter.app ? eq(appRuns.appKey, filter.app) : undefined,
      filter.status ? eq(appRuns.status, filter.status) : undefined,
    );
    const rows = await tx
      .select()
      .from(appRuns)
      .where(where)
      .orderBy(desc(appRuns.startedAt), desc(appRuns.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit);
    const [{ n }] = await tx.select({ n: count() }).from(appRuns).where(where);
    return { rows, count: n };
  });
}

export function countInstallsByApp(db: TDb, accountId: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select({ appKey: appInstalls.appKey, n: count() })
      .from(appInstalls)
      .where(eq(appInstalls.accountId, accountId))
      .groupBy(appInstalls.appKey),
  );
}

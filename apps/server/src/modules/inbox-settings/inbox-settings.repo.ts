import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { closingReasons, inboxSettings } from './inbox-settings.schema';

export type TInboxSettingsRow = typeof inboxSettings.$inferSelect;
export type TInboxSettingsPatch = Partial<Omit<TInboxSettingsRow, 'accountId' | 'updatedAt'>>;
export type TClosingReasonRow = typeof closingReasons.$inferSelect;

export function findSettingsRow(db: TDb, accountId: string): Promise<TInboxSettingsRow | undefined> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx.select().from(inboxSettings).where(eq(inboxSettings.accountId, accountId));
    return row;
  });
}

/**
 * The account's out-of-hours reply as the emitting transaction reads it (a scalar subquery under
 * the account's RLS): its week hours and time zone when it has the hours on and a message to send,
 * else null (it never replies out of hours).
 */
export function outOfHoursReplySql(accountId: string) {
  return sql`select jsonb_build_object('hours', s.hours, 'zone', a.timezone)
    from inbox_settings s join accounts a on a.id = s.account_id
    where s.account_id = ${accountId} and s.hours_enabled and s.out_of_hours_message_enabled
      and s.out_of_hours_message <> ''`;
}

export function upsertSettingsRow(db: TDb, accountId: string, patch: TInboxSettingsPatch) {
  return withTenant(db, accountId, async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(inboxSettings)
      .values({ ...patch, accountId, updatedAt: now })
      .onConflictDoUpdate({ target: inboxSettings.accountId, set: { ...patch, updatedAt: now } })
      .returning();
    return row;
  });
}

export function listReasonRows(db: TDb, accountId: string): Promise<TClosingReasonRow[]> {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(closingReasons)
      .where(eq(closingReasons.accountId, accountId))
      .orderBy(asc(closingReasons.createdAt), asc(closingReasons.id)),
  );
}

export function findReasonByName(db: TDb, accountId: string, name: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(closingReasons)
      .where(
        and(eq(closingReasons.accountId, accountId), sql`lower(${closingReasons.name}) = lower(${name})`),
      );
    return row;
  });
}

/**
 * Inserts a reason unless the account already has `max`: the account's reasons are locked first,
 * so two admins adding the 50th and 51st at once cannot both pass the count.
 */
export function insertReasonRow(
  db: TDb,
  accountId: string,
  values: { name: string; subReasons: string[] },
  max: number,
): Promise<TClosingReasonRow | 'limit'> {
  return withTenant(db, accountId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('closing_reasons'), hashtext(${accountId}))`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(closingReasons)
      .where(eq(closingReasons.accountId, accountId));
    if (n >= max) return 'limit';
    const [row] = await tx
      .insert(closingReasons)
      .values({ ...values, accountId })
      .returning();
    return row;
  });
}

export function updateReasonRow(
  db: TDb,
  accountId: string,
  id: string,
  values: { name: string; subReasons: string[] },
) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(closingReasons)
      .set(values)
      .where(and(eq(closingReasons.accountId, accountId), eq(closingReasons.id, id)))
      .returning();
    return row;
  });
}

export function deleteReasonRow(db: TDb, accountId: string, id: string): Promise<boolean> {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .delete(closingReasons)
      .where(and(eq(closingReasons.accountId, accountId), eq(closingReasons.id, id)))
      .returning({ id: closingReasons.id });
    return rows.length > 0;
  });
}

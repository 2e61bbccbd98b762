import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { type TTx, withTenant } from '../../platform/db/tenant';
import { channels } from './channels.schema';

export type TChannelRow = typeof channels.$inferSelect;
export type TNewChannel = Pick<TChannelRow, 'kind' | 'name' | 'externalId' | 'config' | 'secrets'>;
export type TChannelPatch = Partial<
  Pick<TChannelRow, 'name' | 'externalId' | 'config' | 'secrets' | 'status'>
>;

const live = (accountId: string) => and(eq(channels.accountId, accountId), isNull(channels.deletedAt));

export function listChannelRows(db: TDb, accountId: string): Promise<TChannelRow[]> {
  return withTenant(db, accountId, (tx) =>
    tx.select().from(channels).where(live(accountId)).orderBy(asc(channels.createdAt)),
  );
}

export function findChannelRow(db: TDb, accountId: string, id: string): Promise<TChannelRow | undefined> {
  return withTenant(db, accountId, (tx) => findChannelRowIn(tx, accountId, id));
}

/** A live channel of the account, read in the caller's transaction. */
export async function findChannelRowIn(
  tx: TTx,
  accountId: string,
  id: string,
): Promise<TChannelRow | undefined> {
  const [row] = await tx
    .select()
    .from(channels)
    .where(and(live(accountId), eq(channels.id, id)));
  return row;
}

/**
 * A live channel by id whatever its account (webhooks and the public chat page arrive without an
 * account; they run as the owner and then act inside the channel's own account).
 */
export async function findChannelAnyAccount(db: TDb, id: string): Promise<TChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.id, id), isNull(channels.deletedAt)));
  return row;
}

/** A live channel by its provider address (WhatsApp phone_number_id, SMS number, chat page slug). */
export async function findChannelByExternalId(
  db: TDb,
  kind: string,
  externalId: string,
): Promise<TChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.kind, kind), eq(channels.externalId, externalId), isNull(channels.deletedAt)));
  return row;
}

export function insertChannelRow(db: TDb, accountId: string, values: TNewChannel): Promise<TChannelRow> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .insert(channels)
      .values({ ...values, accountId })
      .returning();
    return row;
  });
}

export function updateChannelRow(
  db: TDb,
  accountId: string,
  id: string,
  patch: TChannelPatch,
): Promise<TChannelRow | undefined> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(channels)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(live(accountId), eq(channels.id, id)))
      .returning();
    return row;
  });
}

/** Deletes a live channel; `also` runs in the same transaction when it was deleted (its event). */
export function softDeleteChannelRow(
  db: TDb,
  accountId: string,
  id: string,
  also?: (tx: TTx) => Promise<unknown>,
): Promise<boolean> {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .update(channels)
      .set({ deletedAt: new Date(), status: 'disabled', updatedAt: new Date() })
      .where(and(live(accountId), eq(channels.id, id)))
      .returning({ id: channels.id });
    if (rows.length > 0 && also) await also(tx);
    return rows.length > 0;
  });
}

import { sql } from 'drizzle-orm';
import { accounts } from '../accounts/accounts.schema';
import { rowsOf, type TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { type TTx, withTenant } from '../../platform/db/tenant';
import { smsCreditEntries } from './campaigns.schema';

export type TCreditEntryRow = typeof smsCreditEntries.$inferSelect;

/**
 * The balance lives on the account (accounts.sms_credit, which the inbox's SMS replies debit too);
 * every change this module makes is also a ledger row with the balance after it.
 */
export async function balanceOf(tx: TTx | TDb, accountId: string): Promise<number> {
  const [row] = rowsOf<{ sms_credit: number }>(
    await tx.execute(sql`select sms_credit from ${accounts} where id = ${accountId}`),
  );
  return Number(row?.sms_credit ?? 0);
}

/** Takes `amount` credits, or none when the balance is short (answers the balance after, or null). */
export async function debit(
  tx: TTx,
  accountId: string,
  amount: number,
  entry: { kind: 'debit'; campaignId: string | null },
): Promise<number | null> {
  const [row] = rowsOf<{ sms_credit: number }>(
    await tx.execute(sql`
      update ${accounts} set sms_credit = sms_credit - ${amount}
      where id = ${accountId} and sms_credit >= ${amount} returning sms_credit`),
  );
  if (!row) return null;
  await tx.insert(smsCreditEntries).values({
    id: newId(),
    accountId,
    kind: entry.kind,
    amount: -amount,
    balanceAfter: Number(row.sms_credit),
    campaignId: entry.campaignId,
  });
  return Number(row.sms_credit);
}

export async function credit(
  tx: TTx,
  accountId: string,
  amount: number,
  entry: {
    kind: 'purchase' | 'refund';
    campaignId?: string | null;
    packageId?: string;
    price?: number;
    provider?: string;
    providerSessionId?: string;
    createdBy?: string | null;
  },
): Promise<number> {
  const [row] = rowsOf<{ sms_credit: number }>(
    await tx.execute(
      sql`update ${accounts} set sms_credit = sms_credit + ${amount} where id = ${accountId} returning sms_credit`,
    ),
  );
  await tx.insert(smsCreditEntries).values({
    id: newId(),
    accountId,
    kind: entry.kind,
    amount,
    balanceAfter: Number(row?.sms_credit ?? 0),
    campaignId: entry.campaignId ?? null,
    packageId: entry.packageId ?? null,
    price: entry.price ?? null,
    provider: entry.provider ?? null,
    providerSessionId: entry.providerSessionId ?? null,
    createdBy: entry.createdBy ?? null,
  });
  return Number(row?.sms_credit ?? 0);
}

export async function history(db: TDb, accountId: string, limit = 100): Promise<TCreditEntryRow[]> {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(smsCreditEntries)
      .where(sql`account_id = ${accountId}`)
      .orderBy(sql`created_at desc, id desc`)
      .limit(limit),
  );
}

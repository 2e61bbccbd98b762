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

/** A package bought through the billing provider (one provider session: one purchase). */
export interface TPurchase {
  providerSessionId: string;
  packageId: string;
  /** Cents of BRL paid. */
  price: number;
  /** Credits of the package (the pending row's own amount wins). */
  credits: number;
  provider: string;
  createdBy?: string | null;
}

function purchaseRow(accountId: string, purchase: TPurchase, status: 'pending' | 'done' | 'canceled') {
  return {
    id: newId(),
    accountId,
    kind: 'purchase',
    amount: purchase.credits,
    balanceAfter: null,
    packageId: purchase.packageId,
    price: purchase.price,
    provider: purchase.provider,
    providerSessionId: purchase.providerSessionId,
    status,
    createdBy: purchase.createdBy ?? null,
  };
}

/**
 * A purchase started on the provider's payment page: shown in the history as 'pending' (the
 * balance does not change) until the provider confirms it. Nothing when the session already has
 * its row (the confirmation came first).
 */
export async function insertPendingPurchase(tx: TTx, accountId: string, purchase: TPurchase) {
  await tx
    .insert(smsCreditEntries)
    .values(purchaseRow(accountId, purchase, 'pending'))
    .onConflictDoNothing({ target: smsCreditEntries.providerSessionId });
}

/**
 * Credits a paid purchase once per provider session: its pending row (or a new one) becomes
 * 'done' at this moment with the balance after it. Answers the balance after, or null when the
 * session was already credited (a repeated confirmation).
 */
export async function settlePurchase(
  tx: TTx,
  accountId: string,
  purchase: TPurchase,
): Promise<number | null> {
  const [entry] = await tx
    .insert(smsCreditEntries)
    .values(purchaseRow(accountId, purchase, 'done'))
    .onConflictDoUpdate({
      target: smsCreditEntries.providerSessionId,
      set: { status: 'done', createdAt: sql`now()` },
      setWhere: sql`${smsCreditEntries.status} <> 'done' and ${smsCreditEntries.accountId} = ${accountId}`,
    })
    .returning({ id: smsCreditEntries.id, amount: smsCreditEntries.amount });
  if (!entry) return null;
  const [row] = rowsOf<{ sms_credit: number }>(
    await tx.execute(
      sql`update ${accounts} set sms_credit = sms_credit + ${entry.amount} where id = ${accountId} returning sms_credit`,
    ),
  );
  const balance = Number(row?.sms_credit ?? 0);
  await tx.execute(
    sql`update ${smsCreditEntries} set balance_after = ${balance} where id = ${entry.id} and account_id = ${accountId}`,
  );
  return balance;
}

/** A pending purchase whose payment never came (the session expired, the payment failed): 'canceled'. */
export async function cancelPurchase(tx: TTx, accountId: string, purchase: TPurchase): Promise<boolean> {
  const [entry] = await tx
    .insert(smsCreditEntries)
    .values(purchaseRow(accountId, purchase, 'canceled'))
    .onConflictDoUpdate({
      target: smsCreditEntries.providerSessionId,
      set: { status: 'canceled' },
      setWhere: sql`${smsCreditEntries.status} = 'pending' and ${smsCreditEntries.accountId} = ${accountId}`,
    })
    .returning({ id: smsCreditEntries.id });
  return Boolean(entry);
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

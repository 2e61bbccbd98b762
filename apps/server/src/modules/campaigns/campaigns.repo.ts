import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../platform/db/client';
import { uuidArray } from '../../platform/db/sql-arrays';
import { type TTx, withTenant } from '../../platform/db/tenant';
import { campaignRecipients, campaigns } from './campaigns.schema';

export type TCampaignRow = typeof campaigns.$inferSelect;
export type TRecipientRow = typeof campaignRecipients.$inferSelect;
export type TNewRecipient = {
  id: string;
  phone: string;
  name: string;
  contactId: string | null;
  source: 'csv' | 'contacts';
  line: number | null;
  fields: Record<string, string>;
};

const run = <T>(db: TDb, accountId: string, query: SQL) =>
  withTenant(db, accountId, async (tx) => rowsOf<T>(await tx.execute(query)));

/** Campaign rows come back from raw SQL in snake_case: mapped to the drizzle shape. */
export function campaignFromSql(r: Record<string, any>): TCampaignRow {
  const d = (v: unknown) => (v ? new Date(v as string) : null);
  return {
    id: r.id,
    accountId: r.account_id,
    type: r.type,
    name: r.name,
    description: r.description,
    channelId: r.channel_id,
    templateId: r.template_id,
    template: r.template,
    text: r.text,
    mapping: r.mapping,
    status: r.status,
    pauseReason: r.pause_reason,
    scheduledAt: d(r.scheduled_at),
    sendWindow: r.send_window,
    consentAcceptedAt: d(r.consent_accepted_at),
    csvName: r.csv_name,
    audience: r.audience ?? {},
    ratePerSecond: Number(r.rate_per_second),
    leaseOwner: r.lease_owner,
    leaseUntil: d(r.lease_until),
    createdBy: r.created_by,
    startedAt: d(r.started_at),
    finishedAt: d(r.finished_at),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

export async function insertCampaign(db: TDb, row: typeof campaigns.$inferInsert): Promise<TCampaignRow> {
  return withTenant(db, row.accountId, async (tx) => {
    const [created] = await tx.insert(campaigns).values(row).returning();
    return created;
  });
}

export async function findCampaign(
  db: TDb,
  accountId: string,
  id: string,
): Promise<TCampaignRow | undefined> {
  const [row] = await run<Record<string, unknown>>(
    db,
    accountId,
    sql`select * from campaigns where account_id = ${accountId} and id = ${id}`,
  );
  return row ? campaignFromSql(row) : undefined;
}

export async function updateCampaign(
  db: TDb,
  accountId: string,
  id: string,
  patch: Partial<typeof campaigns.$inferInsert>,
  onlyStatus?: string[],
): Promise<TCampaignRow | undefined> {
  return withTenant(db, accountId, async (tx) => {
    const where = onlyStatus
      ? sql`account_id = ${accountId} and id = ${id} and status in ${sql.raw(`(${onlyStatus.map((s) => `'${s}'`).join(',')})`)}`
      : sql`account_id = ${accountId} and id = ${id}`;
    const [row] = await tx
      .update(campaigns)
      .set({ ...patch, updatedAt: new Date() })
      .where(where)
      .returning();
    return row;
  });
}

export async function listCampaigns(
  db: TDb,
  accountId: string,
  filter: { status?: string; type?: string; search?: string },
  limit: number,
  offset: number,
): Promise<{ rows: TCampaignRow[]; total: number }> {
  const parts: SQL[] = [sql`account_id = ${accountId}`];
  if (filter.status) parts.push(sql`status = ${filter.status}`);
  if (filter.type) parts.push(sql`type = ${filter.type}`);
  if (filter.search) parts.push(sql`name ilike ${`%${filter.search.replace(/[\\%_]/g, '\\$&')}%`}`);
  const where = sql.join(parts, sql` and `);
  return withTenant(db, accountId, async (tx) => {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(
        sql`select * from campaigns where ${where} order by created_at desc limit ${limit} offset ${offset}`,
      ),
    );
    const [count] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from campaigns where ${where}`),
    );
    return { rows: rows.map(campaignFromSql), total: Number(count?.n ?? 0) };
  });
}

export type TCountsRow = { campaign_id: string; status: string; n: number; replied: number };

/**
 * Recipients per status (and replies) of some campaigns: the sums of their counts' rows (migration
 * 0047 keeps them with every write of recipients), not a count of the recipients.
 */
export async function countRecipients(db: TDb, accountId: string, ids: string[]): Promise<TCountsRow[]> {
  if (ids.length === 0) return [];
  return run<TCountsRow>(
    db,
    accountId,
    sql`select campaign_id, status, sum(n)::int as n, sum(replied)::int as replied
        from campaign_counts
        where account_id = ${accountId} and campaign_id = any(${uuidArray(ids)})
        group by campaign_id, status
        having sum(n) <> 0 or sum(replied) <> 0`,
  );
}

/**
 * A campaign's counts' rows folded into one per status (the live progress does it as it reads, so
 * a running campaign's rows stay a few dozen). Rows written meanwhile are left for the next fold.
 */
export async function foldCounts(db: TDb, accountId: string, campaignId: string): Promise<void> {
  await run(
    db,
    accountId,
    sql`with gone as (
          delete from campaign_counts where account_id = ${accountId} and campaign_id = ${campaignId}
          returning status, n, replied)
        insert into campaign_counts (campaign_id, account_id, status, n, replied)
        select ${campaignId}, ${accountId}, status, sum(n), sum(replied) from gone
        group by status
        having sum(n) <> 0 or sum(replied) <> 0`,
  );
}

/** Adds recipients (one statement per 1,000); a phone already in the campaign is skipped. Answers how many were added. */
export async function insertRecipients(
  db: TDb,
  accountId: string,
  campaignId: string,
  rows: TNewRecipient[],
): Promise<number> {
  if (rows.length === 0) return 0;
  return withTenant(db, accountId, async (tx) => {
    let added = 0;
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000).map((r) => ({
        id: r.id,
        accountId,
        campaignId,
        phone: r.phone,
        name: r.name,
        contactId: r.contactId,
        source: r.source,
        line: r.line,
        fields: r.fields,
      }));
      const inserted = await tx
        .insert(campaignRecipients)
        .values(chunk)
        .onConflictDoNothing()
        .returning({ id: campaignRecipients.id });
      added += inserted.length;
    }
    return added;
  });
}

/** Contacts matching the contacts list's WHERE (alias c), not opted out or blocked, as recipients. */
export async function insertContactRecipients(
  db: TDb,
  accountId: string,
  campaignId: string,
  where: SQL,
): Promise<{ added: number; matched: number }> {
  return withTenant(db, accountId, async (tx) => {
    const [m] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from contacts c where ${where} and c.phone is not null and not c.opt_out and not c.blocked`,
      ),
    );
    const added = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into campaign_recipients (id, account_id, campaign_id, phone, name, contact_id, source, fields)
        select gen_random_uuid(), ${accountId}, ${campaignId}, c.phone, c.name, c.id, 'contacts',
               jsonb_build_object('email', coalesce(c.email, ''))
        from contacts c where ${where} and c.phone is not null and not c.opt_out and not c.blocked
        on conflict (campaign_id, phone) do nothing
        returning id`),
    );
    return { added: added.length, matched: Number(m?.n ?? 0) };
  });
}

export async function clearRecipients(db: TDb, accountId: string, campaignId: string, source: string) {
  await run(
    db,
    accountId,
    sql`delete from campaign_recipients where account_id = ${accountId} and campaign_id = ${campaignId} and source = ${source}`,
  );
}

/** Reasons a recipient is left out before sending (skipped with this reason at start). */
export const EXCLUSIONS = ['OPTED_OUT', 'BLOCKED', 'INVALID_PHONE', 'NOT_MOBILE', 'NO_WHATSAPP'] as const;
export type TExclusion = (typeof EXCLUSIONS)[number];

/**
 * The recipients of a campaign (alias r) with why each cannot be sent (`exclusion`, null when it
 * can), in one statement: its contact opted out or is blocked; the phone is not E.164; an SMS to
 * a Brazilian landline (+55, area code, then 8 digits from 2 to 5); a WhatsApp number an earlier
 * send of the account found undeliverable (131026, campaign_recipients_undeliverable_idx).
 */
function classified(accountId: string, campaignId: string, type: string): SQL {
  return sql`
    select r.id, case
      when k.opt_out then 'OPTED_OUT'
      when k.blocked then 'BLOCKED'
      when r.phone !~ '^[+][1-9][0-9]{7,14}$' then 'INVALID_PHONE'
      when ${type}::text = 'sms' and r.phone ~ '^[+]55[1-9][0-9][2-5][0-9]{7}$' then 'NOT_MOBILE'
      when ${type}::text = 'whatsapp' and exists (
        select 1 from campaign_recipients p
        where p.account_id = ${accountId} and p.phone = r.phone and p.status = 'failed'
          and p.reason = 'NUMBER_NOT_EXISTS') then 'NO_WHATSAPP'
    end as exclusion
    from campaign_recipients r
    left join lateral (
      select bool_or(c.opt_out) as opt_out, bool_or(c.blocked) as blocked from contacts c
      where c.account_id = ${accountId} and c.phone = r.phone and c.deleted_at is null) k on true
    where r.account_id = ${accountId} and r.campaign_id = ${campaignId}`;
}

/**
 * The review's counts in one query: recipients per exclusion (null: sendable). A draft is
 * classified now; a started campaign answers what its start skipped.
 */
export async function countExclusions(
  db: TDb,
  accountId: string,
  campaign: { id: string; type: string; status: string },
): Promise<Map<string | null, number>> {
  const source =
    campaign.status === 'draft'
      ? classified(accountId, campaign.id, campaign.type)
      : sql`select r.id, case when r.status = 'skipped' and r.reason <> 'CANCELED' then r.reason end as exclusion
            from campaign_recipients r where r.account_id = ${accountId} and r.campaign_id = ${campaign.id}`;
  const rows = await run<{ exclusion: string | null; n: number }>(
    db,
    accountId,
    sql`select x.exclusion, count(*)::int as n from (${source}) x group by x.exclusion`,
  );
  return new Map(rows.map((r) => [r.exclusion, Number(r.n)]));
}

/** At start: every excluded recipient is skipped with its reason. */
export async function skipExcluded(tx: TTx, accountId: string, campaignId: string, type: string) {
  await tx.execute(sql`
    update campaign_recipients r set status = 'skipped', reason = x.exclusion
    from (${classified(accountId, campaignId, type)}) x
    where r.id = x.id and x.exclusion is not null`);
}

export async function sampleRecipients(db: TDb, accountId: string, campaignId: string, n: number) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(campaignRecipients)
      .where(sql`account_id = ${accountId} and campaign_id = ${campaignId}`)
      .orderBy(campaignRecipients.id)
      .limit(n),
  );
}

export async function recipientIdsAfter(
  tx: TTx,
  accountId: string,
  campaignId: string,
  after: string | null,
  n: number,
): Promise<TRecipientRow[]> {
  return tx
    .select()
    .from(campaignRecipients)
    .where(
      after
        ? sql`account_id = ${accountId} and campaign_id = ${campaignId} and id > ${after}`
        : sql`account_id = ${accountId} and campaign_id = ${campaignId}`,
    )
    .orderBy(campaignRecipients.id)
    .limit(n);
}

export async function listRecipients(
  db: TDb,
  accountId: string,
  campaignId: string,
  filter: { search?: string; status?: string },
  limit: number,
  offset: number,
): Promise<{ rows: TRecipientRow[]; total: number }> {
  const parts: SQL[] = [sql`account_id = ${accountId}`, sql`campaign_id = ${campaignId}`];
  if (filter.status) parts.push(sql`status = ${filter.status}`);
  if (filter.search) {
    const term = `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`;
    const digits = filter.search.replace(/\D/g, '');
    parts.push(digits ? sql`(name ilike ${term} or phone like ${`%${digits}%`})` : sql`name ilike ${term}`);
  }
  const where = sql.join(parts, sql` and `);
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select()
      .from(campaignRecipients)
      .where(where)
      .orderBy(campaignRecipients.id)
      .limit(limit)
      .offset(offset);
    const [count] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from campaign_recipients where ${where}`),
    );
    return { rows, total: Number(count?.n ?? 0) };
  });
}

/**
 * Why recipients were not reached, by reason: send failures ('failed': the provider refused the
 * send or reported it undelivered) apart from recipients skipped before sending ('skipped': opted
 * out, blocked, invalid number, campaign canceled), so each group adds up to its count.
 */
export async function failureReasons(db: TDb, accountId: string, campaignId: string) {
  return run<{ status: 'failed' | 'skipped'; reason: string; count: number }>(
    db,
    accountId,
    sql`select status, coalesce(reason, 'UNKNOWN') as reason, count(*)::int as count from campaign_recipients
        where account_id = ${accountId} and campaign_id = ${campaignId} and status in ('failed', 'skipped')
        group by 1, 2 order by 1, 3 desc, 2`,
  );
}

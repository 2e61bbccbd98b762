import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from '../../platform/db/columns';
import { accounts } from '../accounts/accounts.schema';
import { channels } from '../channels/channels.schema';

/** Rows an audience source did not add, per source (drizzle/0040_campaign_settings.sql). */
export type TAudienceStats = {
  csv?: { duplicates: number; invalid: number };
  contacts?: { duplicates: number };
};

/** A WhatsApp template or SMS broadcast (drizzle/0019_campaigns.sql). */
export const campaigns = pgTable(
  'campaigns',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    templateId: uuid('template_id'),
    template: jsonb('template'),
    text: text('text'),
    mapping: jsonb('mapping').notNull().default([]),
    status: text('status').notNull().default('draft'),
    pauseReason: text('pause_reason'),
    scheduledAt: tsColumn('scheduled_at'),
    sendWindow: jsonb('send_window'),
    consentAcceptedAt: tsColumn('consent_accepted_at'),
    csvName: text('csv_name'),
    /** What each audience source left out: { csv: { duplicates, invalid }, contacts: { duplicates } }. */
    audience: jsonb('audience').$type<TAudienceStats>().notNull().default({}),
    ratePerSecond: integer('rate_per_second').notNull().default(80),
    leaseOwner: uuid('lease_owner'),
    leaseUntil: tsColumn('lease_until'),
    createdBy: uuid('created_by'),
    startedAt: tsColumn('started_at'),
    finishedAt: tsColumn('finished_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('campaigns_acc_idx').on(t.accountId, t.createdAt),
    index('campaigns_running_idx').on(t.status).where(sql`status in ('waiting','executing')`),
  ],
);

/** One recipient of a campaign, frozen at plan time: its variables, body, and delivery state. */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    name: text('name').notNull().default(''),
    contactId: uuid('contact_id'),
    source: text('source').notNull(),
    line: integer('line'),
    fields: jsonb('fields').notNull().default({}),
    variables: jsonb('variables'),
    body: text('body'),
    segments: integer('segments').notNull().default(0),
    status: text('status').notNull().default('queued'),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tsColumn('next_attempt_at'),
    claimedAt: tsColumn('claimed_at'),
    providerMessageId: text('provider_message_id'),
    sentAt: tsColumn('sent_at'),
    deliveredAt: tsColumn('delivered_at'),
    readAt: tsColumn('read_at'),
    failedAt: tsColumn('failed_at'),
    repliedAt: tsColumn('replied_at'),
    conversationId: uuid('conversation_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('campaign_recipients_phone_uq').on(t.campaignId, t.phone),
    index('campaign_recipients_status_idx').on(t.campaignId, t.status, t.id),
    index('campaign_recipients_provider_idx')
      .on(t.providerMessageId)
      .where(sql`provider_message_id is not null`),
    index('campaign_recipients_reply_idx').on(t.accountId, t.phone, t.sentAt).where(sql`sent_at is not null`),
    index('campaign_recipients_undeliverable_idx')
      .on(t.accountId, t.phone)
      .where(sql`status = 'failed' AND reason = 'NUMBER_NOT_EXISTS'`),
  ],
);

/**
 * Recipients per status and replies of a campaign, as changes: each statement that writes
 * recipients adds a row per (campaign, status) it changed (triggers of migration 0047). A count is
 * the sum of a campaign's rows.
 */
export const campaignCounts = pgTable(
  'campaign_counts',
  {
    campaignId: uuid('campaign_id').notNull(),
    accountId: uuid('account_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
    replied: integer('replied').notNull(),
  },
  (t) => [index('campaign_counts_campaign_idx').on(t.campaignId)],
);

/** The next free send slot of a sending number (a token bucket shared by every process). */
export const campaignThrottle = pgTable('campaign_throttle', {
  channelId: uuid('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  nextAt: tsColumn('next_at').notNull().defaultNow(),
});

/** The SMS credit ledger: purchases (+), debits per message and segment (−), refunds (+). */
export const smsCreditEntries = pgTable(
  'sms_credit_entries',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after'),
    campaignId: uuid('campaign_id'),
    packageId: text('package_id'),
    price: integer('price'),
    provider: text('provider'),
    providerSessionId: text('provider_session_id'),
    status: text('status').notNull().default('done'),
    createdBy: uuid('created_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('sms_credit_entries_acc_idx').on(t.accountId, t.createdAt),
    // A provider's session credits once (drizzle/0043_sms_credit_checkout.sql).
    uniqueIndex('sms_credit_entries_provider_session_uq').on(t.providerSessionId),
  ],
);

/** The account's campaign settings (drizzle/0040_campaign_settings.sql): its own opt-out words. */
export const campaignSettings = pgTable('campaign_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** null: the defaults (OPT_OUT_KEYWORDS). */
  optOutKeywords: jsonb('opt_out_keywords').$type<string[] | null>(),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAtColumn(),
});

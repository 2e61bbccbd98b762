import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TTemplateButton } from '@atende/shared';
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from '../../platform/db/columns';
import { accounts } from '../accounts/accounts.schema';
import { channels } from '../channels/channels.schema';

/**
 * WhatsApp message templates of an account, per WhatsApp channel (its Business Account).
 * status: draft | pending | approved | rejected (packages/shared TEMPLATE_STATUSES);
 * providerTemplateId: Meta's id once submitted; rejectionReason: Meta's reason when rejected.
 * One (name, language) per channel, as Meta requires per WhatsApp Business Account.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    header: text('header'),
    body: text('body').notNull(),
    footer: text('footer'),
    buttons: jsonb('buttons').$type<TTemplateButton[]>().notNull().default([]),
    examples: jsonb('examples')
      .$type<{ body: string[]; header: string[] }>()
      .notNull()
      .default({ body: [], header: [] }),
    status: text('status').notNull().default('draft'),
    providerTemplateId: text('provider_template_id'),
    rejectionReason: text('rejection_reason'),
    submittedAt: tsColumn('submitted_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('message_templates_channel_name_uq').on(t.channelId, t.name, t.language),
    index('message_templates_acc_idx').on(t.accountId, t.createdAt),
    index('message_templates_provider_idx').on(t.providerTemplateId),
  ],
);

import { findPlan, type TChannelKind, type TContactType, usagePeriod } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/client';
import { newId } from '../../../platform/db/columns';
import { uuidArray } from '../../../platform/db/sql-arrays';
import type { TTx } from '../../../platform/db/tenant';
import { AppError } from '../../../platform/errors';
import type { TenantCache } from '../../../platform/tenant-cache';
import type { contacts } from '../../contacts/contacts.schema';
import { conversations } from '../inbox.schema';

export type TConversationRow = typeof conversations.$inferSelect;
export type TContactRow = typeof contacts.$inferSelect;
export type TConversationOrigin = 'inbound' | 'outbound' | 'campaign';

export interface TOpenConversationInput {
  accountId: string;
  channel: { id: string; kind: TChannelKind };
  contactId: string;
  origin: TConversationOrigin;
}

export interface TOpenedConversation {
  conversation: TConversationRow;
  /** True when this call opened it (false: the contact's open conversation on the channel). */
  created: boolean;
  /** The plan's monthly limit was reached: the new conversation is kept but not counted. */
  quotaReached: boolean;
  /** conversation_usage changed: call `tenantCache.invalidate(accountId)` after the commit. */
  usageChanged: boolean;
}

/** The contact type of a channel kind (DESIGN.md §9: contact `type` is the channel kind). */
export function contactTypeOf(kind: TChannelKind): TContactType {
  return kind === 'whatsapp-cloud' ? 'whatsapp' : kind;
}

/**
 * The contact's open conversation on the channel, or a new one (stage 'waiting'). Race-safe: the
 * unique partial index conversations_open_uq decides between two openers (ON CONFLICT DO NOTHING,
 * then read the winner).
 *
 * Plan quota (spec: "new conversations beyond the plan's monthly limit are refused with a clear
 * message to admins"): a new conversation counts once in conversation_usage for the current
 * period (packages/shared usagePeriod). Past the plan's `conversations` limit:
 * - an OUTBOUND or campaign start is refused: AppError('PLAN_QUOTA_REACHED') (the caller's
 *   transaction rolls back, nothing is opened);
 * - an INBOUND customer message is never refused nor lost: the conversation opens with
 *   counted=false and `quotaReached` is true, so admins are shown the quota message (the
 *   conversation's `counted` flag and the account's usage say so).
 */
export async function openConversation(tx: TTx, input: TOpenConversationInput): Promise<TOpenedConversation> {
  const { accountId, channel, contactId, origin } = input;
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into conversations (id, account_id, contact_id, channel_id, stage, origin)
        values (${newId()}, ${accountId}, ${contactId}, ${channel.id}, 'waiting', ${origin})
        on conflict (account_id, contact_id, channel_id) where stage <> 'closed' do nothing
        returning id`),
    );
    if (inserted.length > 0) {
      const quota = await countNewConversations(tx, accountId, [inserted[0].id]);
      if (quota.overflow.length > 0 && origin !== 'inbound') throw new AppError('PLAN_QUOTA_REACHED');
      return {
        conversation: await readConversation(tx, inserted[0].id),
        created: true,
        quotaReached: quota.overflow.length > 0,
        usageChanged: quota.usageChanged,
      };
    }
    const [open] = await tx
      .select()
      .from(conversations)
      .where(
        sql`${conversations.accountId} = ${accountId} and ${conversations.contactId} = ${contactId}
          and ${conversations.channelId} = ${channel.id} and ${conversations.stage} <> 'closed'`,
      );
    // Closed between the conflict and this read: try again.
    if (open) return { conversation: open, created: false, quotaReached: false, usageChanged: false };
  }
  throw new AppError('CONVERSATION_START_FAILED');
}

/** After the commit of a transaction that opened conversations: the cached usage is stale. */
export async function settleOpened(
  tenantCache: TenantCache,
  accountId: string,
  opened: TOpenedConversation[],
) {
  if (opened.some((o) => o.usageChanged)) await tenantCache.invalidate(accountId);
}

async function readConversation(tx: TTx, id: string): Promise<TConversationRow> {
  const [row] = await tx.select().from(conversations).where(sql`${conversations.id} = ${id}`);
  return row;
}

/**
 * Counts newly opened conversations in this period's usage, up to the plan's limit (Infinity for
 * an unknown plan). The usage row stays locked until the transaction ends, so concurrent openers
 * count one after another. Conversations past the limit are marked counted=false and returned in
 * `overflow`.
 */
export async function countNewConversations(
  tx: TTx,
  accountId: string,
  conversationIds: string[],
): Promise<{ overflow: string[]; usageChanged: boolean }> {
  const k = conversationIds.length;
  if (k === 0) return { overflow: [], usageChanged: false };
  const period = usagePeriod().start;
  const [row] = rowsOf<{ count: number; plan_id: string | null }>(
    await tx.execute(sql`
      insert into conversation_usage (account_id, period_start, count) values (${accountId}, ${period}, ${k})
      on conflict (account_id, period_start) do update set count = conversation_usage.count + excluded.count
      returning count, (select plan_id from account_plans where account_id = ${accountId}) as plan_id`),
  );
  const plan = row.plan_id ? findPlan(row.plan_id) : undefined;
  const limit = plan?.planParameters.conversations ?? Number.POSITIVE_INFINITY;
  const before = Number(row.count) - k;
  const fit = Math.max(0, Math.min(k, limit - before));
  const overflow = conversationIds.slice(fit);
  if (overflow.length > 0) {
    await tx.execute(sql`
      with usage as (
        update conversation_usage set count = count - ${overflow.length}
        where account_id = ${accountId} and period_start = ${period}
      )
      update conversations set counted = false
      where account_id = ${accountId} and id = any(${uuidArray(overflow)})`);
  }
  return { overflow, usageChanged: fit > 0 };
}

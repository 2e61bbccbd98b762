import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { conversations, messages } from '../inbox/inbox.schema';
import type { TMessageRow } from '../inbox/inbox.types';

/** The visitor's messages on this channel (all conversations, no private notes), the newest `limit`, oldest first. */
export function listVisitorMessages(
  db: TDb,
  accountId: string,
  channelId: string,
  contactId: string,
  limit: number,
): Promise<TMessageRow[]> {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select({ m: messages })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          eq(conversations.accountId, accountId),
          eq(conversations.contactId, contactId),
          eq(conversations.channelId, channelId),
          eq(messages.private, false),
          ne(messages.authorType, 'system'),
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit);
    return rows.map((r) => r.m).reverse();
  });
}

/** The visitor's open conversation on the channel, if any. */
export function findOpenConversationId(db: TDb, accountId: string, channelId: string, contactId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.accountId, accountId),
          eq(conversations.contactId, contactId),
          eq(conversations.channelId, channelId),
          sql`${conversations.stage} <> 'closed'`,
        ),
      );
    return row?.id;
  });
}

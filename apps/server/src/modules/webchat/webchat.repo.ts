import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { channels } from '../channels/channels.schema';
import { contacts } from '../contacts/contacts.schema';
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
      // A deleted contact's conversations are no longer the visitor's to read.
      .innerJoin(contacts, and(eq(contacts.id, conversations.contactId), isNull(contacts.deletedAt)))
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

/** The visitor's latest conversation on the channel (open or closed), if any. */
export function findLatestConversation(db: TDb, accountId: string, channelId: string, contactId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select({
        id: conversations.id,
        stage: conversations.stage,
        closedAt: conversations.closedAt,
        awaitingReply: conversations.awaitingReply,
      })
      .from(conversations)
      .where(
        and(
          eq(conversations.accountId, accountId),
          eq(conversations.contactId, contactId),
          eq(conversations.channelId, channelId),
        ),
      )
      .orderBy(desc(conversations.createdAt), desc(conversations.id))
      .limit(1);
    return row;
  });
}

/** Where a web chat conversation's visitor is (channel and contact); undefined for other channels. */
export function findWebchatVisitorOf(db: TDb, accountId: string, conversationId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select({ channelId: conversations.channelId, contactId: conversations.contactId })
      .from(conversations)
      .innerJoin(channels, eq(channels.id, conversations.channelId))
      .where(
        and(
          eq(conversations.accountId, accountId),
          eq(conversations.id, conversationId),
          eq(channels.kind, 'webchat'),
        ),
      );
    return row?.channelId ? { channelId: row.channelId, contactId: row.contactId } : undefined;
  });
}

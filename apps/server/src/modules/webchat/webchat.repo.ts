import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { withTenant } from '../../platform/db/tenant';
import { contacts } from '../contacts/contacts.schema';
import { conversations, messages } from '../inbox/inbox.schema';
import type { TMessageRow } from '../inbox/conversations/message-presenter';

/** A new web chat visitor: a contact of type webchat whose `inbox` is the channel. */
export function insertVisitorContact(
  db: TDb,
  accountId: string,
  values: { channelId: string; name: string; email: string | null },
) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({
        id: newId(),
        accountId,
        name: values.name,
        email: values.email,
        type: 'webchat',
        source: 'channel',
        inbox: values.channelId,
      })
      .returning();
    return row;
  });
}

export function findVisitorContact(db: TDb, accountId: string, contactId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId), isNull(contacts.deletedAt)));
    return row;
  });
}

/** The pre-chat form's name and e-mail on a returning visitor. */
export function updateVisitorContact(
  db: TDb,
  accountId: string,
  contactId: string,
  patch: { name?: string; email?: string | null },
) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(contacts)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)))
      .returning();
    return row;
  });
}

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

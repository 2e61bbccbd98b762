import { eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../../platform/db/client';
import { withTenant } from '../../../platform/db/tenant';
import { users } from '../../auth/auth.schema';
import { contacts } from '../../contacts/contacts.schema';
import { conversations } from '../../inbox/inbox.schema';

/** The conversation's contact name (read-only join over the inbox's and contacts' tables). */
export function conversationContactName(db: TDb, accountId: string, conversationId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select({ name: contacts.name })
      .from(conversations)
      .innerJoin(contacts, eq(contacts.id, conversations.contactId))
      .where(eq(conversations.id, conversationId));
    return row?.name ?? '';
  });
}

/** Each user's interface language (the notification's texts follow it). */
export async function userLanguages(db: TDb, userIds: string[]) {
  if (!userIds.length) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, lang: users.lang })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, r.lang]));
}

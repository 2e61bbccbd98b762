import { and, eq, inArray } from 'drizzle-orm';
import { builtOnce, type TPlaceholders } from '../../../platform/db/built-once';
import type { TDb } from '../../../platform/db/client';
import { isUuid } from '../../../platform/db/columns';
import { withTenant, type TTx } from '../../../platform/db/tenant';
import { accountMembers } from '../../accounts/accounts.schema';
import { users } from '../../auth/auth.schema';
import type { TConversationRow } from '../conversations/conversation-open';
import { conversations } from '../inbox.schema';

export type TConversationPatch = Partial<
  Pick<
    TConversationRow,
    | 'stage'
    | 'assigneeId'
    | 'departmentId'
    | 'takenAt'
    | 'closedAt'
    | 'closedBy'
    | 'closeReason'
    | 'closeSubReason'
    | 'holdUntil'
    | 'unreadCount'
    | 'lastMessageAt'
    | 'lastMessagePreview'
  >
>;

/**
 * Runs `fn` in a tenant transaction holding the conversation's row lock (SELECT ... FOR UPDATE):
 * two operators acting on one conversation at once are serialized, and the second sees the first
 * one's outcome. `fn` gets undefined for an unknown conversation (or another account's).
 */
export function withLockedConversation<T>(
  db: TDb,
  accountId: string,
  id: string,
  fn: (tx: TTx, row: TConversationRow | undefined) => Promise<T>,
): Promise<T> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await lockConversation(tx, { accountId, id });
    return fn(tx, row);
  });
}

/** withLockedConversation's statement (builtOnce: built once). */
const lockConversation = builtOnce((tx, p: TPlaceholders<{ accountId: string; id: string }>) =>
  tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.accountId, p('accountId')), eq(conversations.id, p('id'))))
    .for('update'),
);

export async function updateConversationRow(
  tx: TTx,
  accountId: string,
  id: string,
  patch: TConversationPatch,
): Promise<TConversationRow> {
  // Leaving the hold stage (transfer, close, resume) ends the hold's time too.
  const hold = patch.stage && patch.stage !== 'hold' ? { holdUntil: null } : {};
  const [row] = await tx
    .update(conversations)
    .set({ ...patch, ...hold, updatedAt: new Date() })
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id)))
    .returning();
  return row;
}

/** A member of the account with their name (transfer targets, system messages); none for a non-id. */
export async function findMember(tx: TTx, accountId: string, userId: string) {
  if (!isUuid(userId)) return undefined;
  const [row] = await tx
    .select({
      userId: accountMembers.userId,
      acl: accountMembers.acl,
      intentions: accountMembers.intentions,
      name: users.name,
    })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
  return row;
}

/** Names of users (system messages, transcripts, statements). */
export async function userNames(db: TDb, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { accountMembers } from '../accounts/accounts.schema';
import { users } from '../auth/auth.schema';
import { teamChatPresence } from './team-chat.schema';

export interface TTeamRow {
  userId: string;
  name: string;
  avatar: string | null;
  lang: string;
  lastSeenAt: Date | null;
  lastActivityAt: Date | null;
  offlineAt: Date | null;
}

const teamColumns = {
  userId: accountMembers.userId,
  name: users.name,
  avatar: users.profilePic,
  lang: users.lang,
  lastSeenAt: teamChatPresence.lastSeenAt,
  lastActivityAt: teamChatPresence.lastActivityAt,
  offlineAt: teamChatPresence.offlineAt,
};

/** Every member of the account with their stored presence (`userIds` narrows it). */
export function listTeam(db: TDb, accountId: string, userIds?: string[]): Promise<TTeamRow[]> {
  return withTenant(db, accountId, (tx) =>
    tx
      .select(teamColumns)
      .from(accountMembers)
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .leftJoin(
        teamChatPresence,
        and(eq(teamChatPresence.accountId, accountId), eq(teamChatPresence.userId, accountMembers.userId)),
      )
      .where(
        and(
          eq(accountMembers.accountId, accountId),
          userIds ? inArray(accountMembers.userId, userIds) : undefined,
        ),
      )
      .orderBy(users.name),
  );
}

/** Activity (a ping, a message, a connection): seen now, active now, no longer explicitly offline. */
export function recordActivity(db: TDb, accountId: string, userId: string) {
  const now = new Date();
  return withTenant(db, accountId, (tx) =>
    tx
      .insert(teamChatPresence)
      .values({ accountId, userId, lastSeenAt: now, lastActivityAt: now, offlineAt: null })
      .onConflictDoUpdate({
        target: [teamChatPresence.accountId, teamChatPresence.userId],
        set: { lastSeenAt: now, lastActivityAt: now, offlineAt: null },
      }),
  );
}

/** Seen now; `explicit` (pingOffline) also marks the user offline while still connected. */
export function recordSeen(db: TDb, accountId: string, userId: string, explicit: boolean) {
  const now = new Date();
  return withTenant(db, accountId, (tx) =>
    tx
      .insert(teamChatPresence)
      .values({ accountId, userId, lastSeenAt: now, offlineAt: explicit ? now : null })
      .onConflictDoUpdate({
        target: [teamChatPresence.accountId, teamChatPresence.userId],
        set: explicit ? { lastSeenAt: now, offlineAt: now } : { lastSeenAt: now },
      }),
  );
}

import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { accounts, devices, invitations } from '../accounts/accounts.schema';
import { userAvatars } from './users.schema';

export type TInvitationRow = typeof invitations.$inferSelect;

/**
 * Invites `row.email` into the account: an open invitation to that e-mail (any case) is renewed in
 * place (role, departments, entities, inviter, expiry; its id and link stay), else one is made.
 */
export function upsertOpenInvitation(db: TDb, row: Omit<typeof invitations.$inferInsert, 'id'>) {
  return withTenant(db, row.accountId, async (tx) => {
    const [open] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.accountId, row.accountId),
          sql`lower(${invitations.email}) = lower(${row.email})`,
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(invitations.createdAt))
      .limit(1)
      .for('update');
    if (!open) {
      const [created] = await tx.insert(invitations).values(row).returning();
      return created;
    }
    const [renewed] = await tx
      .update(invitations)
      .set({
        email: row.email,
        acl: row.acl,
        intentions: row.intentions,
        entities: row.entities,
        invitedBy: row.invitedBy,
        expiresAt: row.expiresAt,
      })
      .where(eq(invitations.id, open.id))
      .returning();
    return renewed;
  });
}

/** An open invitation by id (public lookup by an unguessable id, outside any tenant). */
export async function findOpenInvitation(db: TDb, id: string) {
  const [row] = await db
    .select({ invitation: invitations, accountName: accounts.name })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .where(
      and(eq(invitations.id, id), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())),
    );
  return row;
}

export function listOpenInvitations(db: TDb, accountId: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.accountId, accountId),
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      ),
  );
}

/** Marks an invitation accepted once; false when someone else already did. */
export function acceptInvitationRow(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    return Boolean(row);
  });
}

/** Deletes an invitation; returns the invitee's e-mail, or undefined when there was none. */
export function deleteInvitation(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .delete(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.accountId, accountId)))
      .returning({ email: invitations.email });
    return rows[0]?.email;
  });
}

export function upsertDevice(db: TDb, row: Omit<typeof devices.$inferInsert, 'id'>) {
  return withTenant(db, row.accountId, (tx) =>
    tx
      .insert(devices)
      .values(row)
      .onConflictDoUpdate({
        target: [devices.accountId, devices.userId, devices.deviceId],
        set: { token: row.token, type: row.type, deviceName: row.deviceName },
      }),
  );
}

/** A member's registered push tokens of one type in one account (web: push subscriptions as JSON). */
export function listDeviceTokens(db: TDb, accountId: string, userId: string, type: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select({ token: devices.token, deviceName: devices.deviceName })
      .from(devices)
      .where(and(eq(devices.accountId, accountId), eq(devices.userId, userId), eq(devices.type, type))),
  );
}

/** Removes a push token of the user from every account (on logout). */
export async function deleteDeviceToken(db: TDb, userId: string, token: string) {
  await db.delete(devices).where(and(eq(devices.userId, userId), eq(devices.token, token)));
}

export async function upsertAvatar(db: TDb, userId: string, mime: string, data: Uint8Array) {
  await db
    .insert(userAvatars)
    .values({ userId, mime, data })
    .onConflictDoUpdate({ target: userAvatars.userId, set: { mime, data, updatedAt: new Date() } });
}

export async function findAvatar(db: TDb, userId: string) {
  const [row] = await db.select().from(userAvatars).where(eq(userAvatars.userId, userId));
  return row;
}

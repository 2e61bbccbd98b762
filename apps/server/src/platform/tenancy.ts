import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { hasRole, isRole, type TRole } from '@atende/shared';
import { z } from 'zod';
import { accountMembers, accounts } from './db/schema';
import { AppError } from './errors';
import { requireUser } from './auth/guard';

export type TAccountRow = typeof accounts.$inferSelect;

export interface TTenant {
  accountId: string;
  userId: string;
  role: TRole;
  intentions: string[];
  entities: string[];
  account: TAccountRow;
}

const uuidSchema = z.uuid();

type TAccountSource = 'acc' | 'id' | 'body';

/**
 * The account id of a request: path `acc` (or `id` on g/acc/{id}), else query `acc`. The body
 * only where the spec's call carries it there (g/user/invite, mobile-token); it is checked the same.
 */
function accountIdOf(request: FastifyRequest, from: TAccountSource): string | undefined {
  if (from === 'body') return (request.body as { acc?: string } | undefined)?.acc;
  const params = request.params as Record<string, string | undefined>;
  const query = request.query as Record<string, string | undefined>;
  return params?.[from] ?? params?.acc ?? query?.acc;
}

/**
 * preHandler factory: authenticates, checks the caller's membership of the account and its role,
 * and sets request.tenant. Unknown accounts answer 'Acc not found'; accounts the caller does not
 * belong to answer 'Invalid acc or user ID' (both 404, so ids cannot be probed).
 */
export function requireTenant(minRole: TRole, from: TAccountSource = 'acc') {
  return async (request: FastifyRequest): Promise<void> => {
    await requireUser(request);
    const accountId = accountIdOf(request, from);
    if (!accountId || !uuidSchema.safeParse(accountId).success) throw new AppError('ACC_NOT_FOUND');
    const { db } = request.server.platform.database;
    const rows = await db
      .select({ account: accounts, acl: accountMembers.acl, intentions: accountMembers.intentions, entities: accountMembers.entities })
      .from(accounts)
      .leftJoin(accountMembers, and(eq(accountMembers.accountId, accounts.id), eq(accountMembers.userId, request.userId!)))
      .where(eq(accounts.id, accountId))
      .limit(1);
    const row = rows[0];
    if (!row || row.account.status === 2) throw new AppError('ACC_NOT_FOUND');
    if (!row.acl || !isRole(row.acl)) throw new AppError('ACC_INVALID_USER');
    if (!hasRole(row.acl, minRole)) throw new AppError('NOT_AUTHORIZED');
    request.tenant = {
      accountId,
      userId: request.userId!,
      role: row.acl,
      intentions: row.intentions ?? [],
      entities: row.entities ?? [],
      account: row.account,
    };
  };
}

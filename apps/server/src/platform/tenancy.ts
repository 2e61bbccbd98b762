import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { hasRole, isRole, usagePeriod, type TRole } from '@atende/shared';
import { z } from 'zod';
import type { TDb } from './db/client';
import { accountMembers, accountPlans, accounts, conversationUsage } from './db/schema';
import { AppError } from './errors';
import { requireUser } from './auth/guard';

export type TAccountRow = typeof accounts.$inferSelect;
export type TAccountPlanRow = typeof accountPlans.$inferSelect;

/** What every tenant request knows about its account (cached; see TenantCache). */
export interface TAccountBundle {
  account: TAccountRow;
  plan: TAccountPlanRow;
  usage: { periodStart: string; count: number };
}

export interface TMembership {
  role: TRole;
  intentions: string[];
  entities: string[];
}

export interface TTenant extends TMembership, TAccountBundle {
  accountId: string;
  userId: string;
}

/**
 * Where the account id is read: 'acc' the path's `acc`, else the query's; 'id' the path's `id`
 * (g/acc/{id}); 'body' the body's `acc`; 'acc-or-body' the query's when given, else the body's.
 */
export type TAccountSource = 'acc' | 'id' | 'body' | 'acc-or-body';
const uuidSchema = z.uuid();

/** Prepared statements, built once per database handle. */
const statements = new WeakMap<TDb, ReturnType<typeof prepare>>();
function prepare(db: TDb) {
  return {
    account: db
      .select({ account: accounts, plan: accountPlans, usage: conversationUsage.count })
      .from(accounts)
      .innerJoin(accountPlans, eq(accountPlans.accountId, accounts.id))
      .leftJoin(
        conversationUsage,
        and(
          eq(conversationUsage.accountId, accounts.id),
          eq(conversationUsage.periodStart, sql.placeholder('periodStart')),
        ),
      )
      .where(eq(accounts.id, sql.placeholder('accountId')))
      .prepare('tenant_account'),
    member: db
      .select({
        acl: accountMembers.acl,
        intentions: accountMembers.intentions,
        entities: accountMembers.entities,
      })
      .from(accountMembers)
      .where(
        and(
          eq(accountMembers.accountId, sql.placeholder('accountId')),
          eq(accountMembers.userId, sql.placeholder('userId')),
        ),
      )
      .prepare('tenant_member'),
  };
}
function statementsOf(db: TDb) {
  let s = statements.get(db);
  if (!s) {
    s = prepare(db);
    statements.set(db, s);
  }
  return s;
}

/** The account with its plan and this period's usage (the gate's own read, before membership is known). */
export async function loadAccountBundle(db: TDb, accountId: string): Promise<TAccountBundle | undefined> {
  const periodStart = usagePeriod().start;
  const [row] = await statementsOf(db).account.execute({ accountId, periodStart });
  return row
    ? { account: row.account, plan: row.plan, usage: { periodStart, count: row.usage ?? 0 } }
    : undefined;
}

export async function loadMembership(
  db: TDb,
  accountId: string,
  userId: string,
): Promise<TMembership | undefined> {
  const [row] = await statementsOf(db).member.execute({ accountId, userId });
  if (!row || !isRole(row.acl)) return undefined;
  return { role: row.acl, intentions: row.intentions, entities: row.entities };
}

/**
 * The account id of a request: path `acc` (or `id` on g/acc/{id}), else query `acc`. The body
 * only where the spec's call carries it there (g/user/invite, mobile-token); it is checked the same.
 */
function accountIdOf(request: FastifyRequest, from: TAccountSource): string | undefined {
  const bodyAcc = () => (request.body as { acc?: string } | undefined)?.acc;
  if (from === 'body') return bodyAcc();
  const params = request.params as Record<string, string | undefined>;
  const query = request.query as Record<string, string | undefined>;
  if (from === 'acc-or-body') return query?.acc || bodyAcc();
  return params?.[from] ?? params?.acc ?? query?.acc;
}

/** The tenant the gate set; a route that reads it without the gate is a programming error. */
export function tenantOf(request: FastifyRequest): TTenant {
  const { tenant } = request;
  if (!tenant) throw new Error(`no tenant on ${request.method} ${request.url}: the route has no tenant gate`);
  return tenant;
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
    const { database, tenantCache } = request.server.platform;
    const userId = request.userId!;
    const bundle = await tenantCache.account(accountId, () => loadAccountBundle(database.db, accountId));
    if (!bundle || bundle.account.status === 2) throw new AppError('ACC_NOT_FOUND');
    // A disabled account keeps its account and billing pages (/g/...) so it can be fixed, but not the product.
    if (bundle.account.status === 0 && request.url.startsWith('/p/')) throw new AppError('ACC_DISABLED');
    const member = await tenantCache.member(accountId, userId, () =>
      loadMembership(database.db, accountId, userId),
    );
    if (!member) throw new AppError('ACC_INVALID_USER');
    if (!hasRole(member.role, minRole)) throw new AppError('NOT_AUTHORIZED');
    request.tenant = { accountId, userId, ...member, ...bundle };
  };
}

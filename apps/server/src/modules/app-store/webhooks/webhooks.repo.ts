import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../../platform/db/client';
import { type TTx, withTenant } from '../../../platform/db/tenant';
import { appInstalls, webhookDeliveries, webhookEndpoints } from '../app-store.schema';

export type TEndpointRow = typeof webhookEndpoints.$inferSelect;
export type TDeliveryRow = typeof webhookDeliveries.$inferSelect;

export function listEndpointRows(db: TDb, accountId: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, accountId))
      .orderBy(webhookEndpoints.createdAt),
  );
}

export function findEndpointRow(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)));
    return row;
  });
}

export function insertEndpointRow(
  db: TDb,
  accountId: string,
  values: Omit<typeof webhookEndpoints.$inferInsert, 'accountId' | 'id'>,
  max: number,
) {
  return withTenant(db, accountId, async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints'), hashtext(${accountId}))`,
    );
    const [{ n }] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, accountId));
    if (n >= max) return 'limit' as const;
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ ...values, accountId })
      .returning();
    return row;
  });
}

export function updateEndpointRow(
  db: TDb,
  accountId: string,
  id: string,
  patch: Partial<Omit<typeof webhookEndpoints.$inferInsert, 'accountId' | 'id'>>,
) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set(patch)
      .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)))
      .returning();
    return row;
  });
}

export function deleteEndpointRow(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  });
}

/** An enabled endpoint of the account, of an active Webhooks install (the ones that receive events). */
const liveEndpointOf = (accountId: string) =>
  and(
    eq(webhookEndpoints.accountId, accountId),
    eq(webhookEndpoints.enabled, true),
    eq(appInstalls.status, 'active'),
  );

/** The account's live endpoints subscribed to `event`, with what an attempt posts with. */
export function subscribedEndpoints(tx: TTx, accountId: string, event: string) {
  return tx
    .select({
      endpoint: webhookEndpoints,
      installId: appInstalls.id,
      installErrors: appInstalls.consecutiveErrors,
    })
    .from(webhookEndpoints)
    .innerJoin(appInstalls, eq(appInstalls.id, webhookEndpoints.installId))
    .where(and(liveEndpointOf(accountId), sql`${event} = any(${webhookEndpoints.events})`));
}

/** The events some live endpoint of the account subscribes to, as a jsonb array (for the events bus). */
export function subscribedEventsSql(accountId: string) {
  return sql`select coalesce(jsonb_agg(distinct e.name), '[]'::jsonb)
    from ${webhookEndpoints}
    inner join ${appInstalls} on ${eq(appInstalls.id, webhookEndpoints.installId)}
    cross join lateral unnest(${webhookEndpoints.events}) as e(name)
    where ${liveEndpointOf(accountId)}`;
}

/**
 * One delivery per (endpoint, event): the rows this call created (none on a repeat). The first
 * `claimed` endpoints' rows are written already held for their first attempt (as claimDelivery
 * leaves a row), for `claimSeconds`: the caller attempts them at once, with no claim of its own.
 */
export async function insertDeliveryRows(
  tx: TTx,
  accountId: string,
  endpointIds: string[],
  event: { id: string; name: string; payload: unknown },
  claim: { claimed: number; claimSeconds: number },
) {
  if (!endpointIds.length) return [];
  const held = {
    status: 'sending',
    attempts: 1,
    claimedUntil: sql`now() + make_interval(secs => ${claim.claimSeconds})`,
    firstAttemptAt: sql`now()`,
  };
  return tx
    .insert(webhookDeliveries)
    .values(
      endpointIds.map((endpointId, i) => ({
        accountId,
        endpointId,
        eventId: event.id,
        eventName: event.name,
        payload: event.payload,
        ...(i < claim.claimed ? held : {}),
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/**
 * Takes a delivery for one attempt: only one worker holds it until `claimSeconds` pass (a worker
 * killed mid-attempt releases it by time). Nothing when it is done; `heldUntil` when another
 * attempt holds it.
 */
export function claimDelivery(db: TDb, accountId: string, id: string, claimSeconds: number) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        status: 'sending',
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})`,
        firstAttemptAt: sql`coalesce(${webhookDeliveries.firstAttemptAt}, now())`,
      })
      .where(
        and(
          eq(webhookDeliveries.accountId, accountId),
          eq(webhookDeliveries.id, id),
          // A retrying delivery waits for its time (a fast path's fallback job may come earlier).
          sql`(${webhookDeliveries.status} = 'pending'
            or (${webhookDeliveries.status} = 'retrying' and coalesce(${webhookDeliveries.nextAttemptAt} <= now(), true))
            or (${webhookDeliveries.status} = 'sending' and ${webhookDeliveries.claimedUntil} < now()))`,
        ),
      )
      .returning();
    if (!row) {
      // Held by another worker's attempt (until its claim runs out), waiting for its retry, or done.
      const [held] = await tx
        .select({
          status: webhookDeliveries.status,
          claimedUntil: webhookDeliveries.claimedUntil,
          nextAttemptAt: webhookDeliveries.nextAttemptAt,
        })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.accountId, accountId),
            eq(webhookDeliveries.id, id),
            sql`${webhookDeliveries.status} in ('sending', 'retrying')`,
          ),
        );
      if (held?.status === 'sending' && held.claimedUntil) return { heldUntil: held.claimedUntil };
      if (held?.status === 'retrying' && held.nextAttemptAt) return { retryAt: held.nextAttemptAt };
      return undefined;
    }
    const [endpoint] = await tx
      .select({
        endpoint: webhookEndpoints,
        installId: appInstalls.id,
        installErrors: appInstalls.consecutiveErrors,
      })
      .from(webhookEndpoints)
      .innerJoin(appInstalls, eq(appInstalls.id, webhookEndpoints.installId))
      .where(eq(webhookEndpoints.id, row.endpointId));
    return { delivery: row, ...endpoint };
  });
}

/** What a successful attempt records. */
export interface TDeliveredOutcome {
  id: string;
  responseStatus: number;
  latencyMs: number;
  responseExcerpt: string;
}

/** Successful attempts of the account's deliveries, in one statement. */
export function markDelivered(db: TDb, accountId: string, outcomes: TDeliveredOutcome[]) {
  return withTenant(db, accountId, (tx) =>
    tx.execute(sql`
      update webhook_deliveries d
      set status = 'success', response_status = v."responseStatus", latency_ms = v."latencyMs",
          response_excerpt = v."responseExcerpt", error = '', claimed_until = null,
          next_attempt_at = null, delivered_at = now()
      from json_to_recordset(${JSON.stringify(outcomes)}::json)
        as v(id uuid, "responseStatus" int, "latencyMs" int, "responseExcerpt" text)
      where d.account_id = ${accountId} and d.id = v.id`),
  );
}

export function updateDeliveryRow(
  tx: TTx,
  accountId: string,
  id: string,
  patch: Partial<Omit<typeof webhookDeliveries.$inferInsert, 'accountId' | 'id'>>,
  /** Only a delivery still held for an attempt (an attempt's failure; a success may have come first). */
  options: { whileSending?: boolean } = {},
) {
  return tx
    .update(webhookDeliveries)
    .set(patch)
    .where(
      and(
        eq(webhookDeliveries.accountId, accountId),
        eq(webhookDeliveries.id, id),
        options.whileSending ? eq(webhookDeliveries.status, 'sending') : undefined,
      ),
    )
    .returning();
}

export function findDeliveryRow(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.id, id)));
    return row;
  });
}

export function listDeliveryRows(
  db: TDb,
  accountId: string,
  endpointId: string,
  filter: { status?: string; page: number; limit: number },
) {
  return withTenant(db, accountId, async (tx) => {
    const where = and(
      eq(webhookDeliveries.accountId, accountId),
      eq(webhookDeliveries.endpointId, endpointId),
      filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
    );
    const rows = await tx
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit);
    const [{ n }] = await tx.select({ n: count() }).from(webhookDeliveries).where(where);
    return { rows, count: n };
  });
}

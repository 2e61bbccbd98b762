import { and, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { jsonOf, rowsOf, type TDb } from '../../../platform/db/client';
import { newId } from '../../../platform/db/columns';
import { textArray, uuidArray } from '../../../platform/db/sql-arrays';
import { statementText } from '../../../platform/db/one-trip';
import { inTransaction, type TTx, txTailExecutor, withTenant } from '../../../platform/db/tenant';
import { appInstalls, webhookDeliveries, webhookEndpoints, webhookEvents } from '../app-store.schema';

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

/** A delivery's columns with its body: its own copy (written before webhook_events), else its event's. */
const deliveryWithBody = {
  ...getTableColumns(webhookDeliveries),
  payload: sql<unknown>`coalesce(${webhookDeliveries.payload}::json, ${webhookEvents.payload})`,
};

/** What an attempt posts with: the endpoint and its install. */
const endpointWithInstall = {
  endpoint: webhookEndpoints,
  installId: appInstalls.id,
  installErrors: appInstalls.consecutiveErrors,
};

/** An endpoint that receives events, as the fan-out reads it with the change (liveEndpointsSql). */
export interface TLiveEndpoint {
  endpoint: Pick<TEndpointRow, 'id' | 'url' | 'events' | 'secret' | 'previousSecret' | 'previousSecretUntil'>;
  installId: string;
  installErrors: number;
}

/**
 * The account's live endpoints with what an attempt posts with, as one jsonb array (null when
 * none): read by the events bus in the emitting transaction, once per transaction.
 */
export function liveEndpointsSql(accountId: string) {
  return sql`select jsonb_agg(jsonb_build_object(
      'id', ${webhookEndpoints.id}, 'url', ${webhookEndpoints.url}, 'events', ${webhookEndpoints.events},
      'secret', ${webhookEndpoints.secret}, 'previousSecret', ${webhookEndpoints.previousSecret},
      'previousSecretUntil', ${webhookEndpoints.previousSecretUntil},
      'installId', ${appInstalls.id}, 'installErrors', ${appInstalls.consecutiveErrors}))
    from ${webhookEndpoints}
    inner join ${appInstalls} on ${eq(appInstalls.id, webhookEndpoints.installId)}
    where ${liveEndpointOf(accountId)}`;
}

/** liveEndpointsSql's answer as endpoints. */
export function liveEndpointsOf(value: unknown): TLiveEndpoint[] {
  return ((value ?? []) as Array<Record<string, any>>).map((e) => ({
    endpoint: {
      id: e.id,
      url: e.url,
      events: e.events,
      secret: e.secret,
      previousSecret: e.previousSecret ?? null,
      previousSecretUntil: e.previousSecretUntil ? new Date(e.previousSecretUntil) : null,
    },
    installId: e.installId,
    installErrors: Number(e.installErrors),
  }));
}

/** The account's live endpoints (liveEndpointsSql), read on their own. */
export async function liveEndpoints(tx: TTx, accountId: string): Promise<TLiveEndpoint[]> {
  const [row] = rowsOf<{ v: unknown }>(await tx.execute(sql`select (${liveEndpointsSql(accountId)}) as v`));
  return liveEndpointsOf(jsonOf(row?.v));
}

/** A delivery to write: an event for one endpoint. */
export interface TNewDelivery {
  endpointId: string;
  event: { id: string; name: string; payload: unknown };
}

/**
 * Events as rows (id, name, body[, more]): ROWS FROM zips one parameter per column, each read
 * once. (A body picked out of a jsonb array per row re-read the whole array on every row once the
 * prepared statement's plan was generic: 48 µs an event for 15 events a statement.)
 */
function eventColumns(events: Array<{ id: string; name: string; payload: unknown }>, more?: SQL) {
  return sql`rows from (unnest(${uuidArray(events.map((e) => e.id))}), unnest(${textArray(events.map((e) => e.name))}),
    json_array_elements(${JSON.stringify(events.map((e) => e.payload))}::json)${more ? sql`, unnest(${more})` : sql``})`;
}

/**
 * One delivery per (endpoint, event): the rows this call created (none for a repeat). The first
 * `claimed` rows are written already held for their first attempt (as a sweep's claim leaves a
 * row) for `claimSeconds`: the caller attempts them at once, with no claim of its own, and they
 * are due again only if that attempt never records its outcome (its process died). The others
 * are due at once, for the sweep.
 */
export async function insertDeliveryRows(
  tx: TTx,
  accountId: string,
  deliveries: TNewDelivery[],
  claim: { claimed: number; claimSeconds: number },
): Promise<TDeliveryRow[]> {
  if (!deliveries.length) return [];
  // Each event's body once (webhook_events), one array per column for the deliveries (the query
  // builder's row objects cost more than the statement under a stream of events).
  const events = [...new Map(deliveries.map((d) => [d.event.id, d.event])).values()];
  const ids = deliveries.map(() => newId());
  const held = sql`v.n <= ${claim.claimed}`;
  const until = sql`now() + make_interval(secs => ${claim.claimSeconds})`;
  const created = rowsOf<{
    id: string;
    status: string;
    claimed_until: string | null;
    first_attempt_at: string | null;
  }>(
    await tx.execute(sql`
      with bodies as (
        insert into webhook_events (id, account_id, name, payload)
        select e.id, ${accountId}, e.name, e.body
        from ${eventColumns(events)} as e(id, name, body)
        on conflict do nothing)
      insert into webhook_deliveries
        (id, account_id, endpoint_id, event_id, event_name, status, attempts, claimed_until, due_at,
         first_attempt_at)
      select v.id, ${accountId}, v.endpoint_id, v.event_id, v.event_name,
             case when ${held} then 'sending' else 'pending' end,
             case when ${held} then 1 else 0 end,
             case when ${held} then ${until} end,
             case when ${held} then ${until} else now() end,
             case when ${held} then now() end
      from unnest(${uuidArray(ids)}, ${uuidArray(deliveries.map((d) => d.endpointId))},
                  ${uuidArray(deliveries.map((d) => d.event.id))}, ${textArray(deliveries.map((d) => d.event.name))})
        with ordinality as v(id, endpoint_id, event_id, event_name, n)
      on conflict do nothing
      returning id::text as id, status, claimed_until, first_attempt_at`),
  );
  const byId = new Map(deliveries.map((d, i) => [ids[i], d]));
  const at = (value: string | null) => (value === null ? null : new Date(value));
  return created.map((row) => {
    const { endpointId, event } = byId.get(row.id)!;
    return {
      id: row.id,
      accountId,
      endpointId,
      eventId: event.id,
      eventName: event.name,
      payload: event.payload,
      status: row.status,
      attempts: row.status === 'sending' ? 1 : 0,
      claimedUntil: at(row.claimed_until),
      nextAttemptAt: null,
      responseStatus: null,
      latencyMs: null,
      responseExcerpt: '',
      error: '',
      firstAttemptAt: at(row.first_attempt_at),
      deliveredAt: null,
      dueAt: at(row.claimed_until),
      createdAt: new Date(),
    };
  });
}

/** An event whose deliveries a worker process writes later: its body and the endpoints it goes to. */
export interface TPendingEvent {
  id: string;
  name: string;
  payload: unknown;
  endpointIds: string[];
}

/**
 * The events as rows due for their fan-out (deliveries written by expandDueEvents); a repeat
 * writes none. Nothing reads its answer, so on PostgreSQL it travels with the transaction's COMMIT
 * (txTailExecutor: under a burst this is written by every customer message's transaction, and a
 * round trip of its own cost more than the row); if it fails, the COMMIT fails with it.
 */
export async function insertPendingEvents(tx: TTx, accountId: string, events: TPendingEvent[]) {
  if (!events.length) return;
  const targets = textArray(events.map((e) => `{${e.endpointIds.join(',')}}`));
  await txTailExecutor(tx).executeSql(
    statementText(sql`
      insert into webhook_events (id, account_id, name, payload, endpoint_ids, due_at)
      select e.id, ${accountId}, e.name, e.body, e.targets::uuid[], now()
      from ${eventColumns(events, targets)} as e(id, name, body, targets)
      on conflict do nothing`),
  );
}

/** Log rows deleted a statement at most (short transactions beside the traffic). */
const PRUNE_BATCH = 5_000;

/** The smallest UUIDv7 of the instant `ms` (newId's ids, and so events' ids, sort by creation time). */
function uuidv7Floor(ms: number): string {
  const hex = Math.floor(ms).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8)}-7000-8000-000000000000`;
}

/**
 * The delivery log of every account past `days`, a batch at a time: finished deliveries created
 * before then (each endpoint's by its (endpoint, created_at) index; one still due stays whatever
 * its age), then the bodies of events a day older still that no due delivery needs (by their
 * time-ordered ids: a delivery is written at most a backlog's delay after its event, so a kept
 * delivery's body is never among them). Answers how many rows of each it deleted.
 */
export async function pruneDeliveryLog(db: TDb, days: number, now = Date.now()) {
  const deliveryCutoff = new Date(now - days * 86_400_000).toISOString();
  const eventCutoff = now - (days + 1) * 86_400_000;
  let deliveries = 0;
  for (;;) {
    const [{ n }] = rowsOf<{ n: number }>(
      await inTransaction(db, (tx) =>
        tx.execute(sql`
          with old as (
            select d.id from webhook_endpoints ep
            cross join lateral (
              select id from webhook_deliveries d
              where d.endpoint_id = ep.id and d.created_at < ${deliveryCutoff}::timestamptz and d.due_at is null
              limit ${PRUNE_BATCH}) d
            limit ${PRUNE_BATCH}),
          gone as (delete from webhook_deliveries w using old where w.id = old.id returning 1)
          select count(*)::int as n from gone`),
      ),
    );
    deliveries += n;
    if (n < PRUNE_BATCH) break;
  }
  // Events in id order, each batch after the last one's (the walk never passes its own deletions
  // again); the index walk stops at the batch's size.
  let events = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const [row] = rowsOf<{ n: number; last: string | null }>(
      await inTransaction(db, async (tx) => {
        await tx.execute(
          sql`select set_config('enable_bitmapscan', 'off', true), set_config('jit', 'off', true)`,
        );
        return tx.execute(sql`
          with old as (
            select e.id from webhook_events e
            where e.id > ${after}::uuid and e.id < ${uuidv7Floor(eventCutoff)}::uuid and e.due_at is null
              and e.created_at < ${new Date(eventCutoff).toISOString()}::timestamptz
              and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.due_at is not null)
            order by e.id
            limit ${PRUNE_BATCH}),
          gone as (delete from webhook_events w using old where w.id = old.id returning w.id)
          select count(*)::int as n, max(id::text) as last from gone`);
      }),
    );
    events += row.n;
    if (row.n < PRUNE_BATCH || !row.last) break;
    after = row.last;
  }
  return { deliveries, events };
}

/**
 * Fans out up to `limit` due events of every account (FOR UPDATE SKIP LOCKED): one pending
 * delivery per endpoint each was for that still exists (idempotent on (endpoint, event)), and the
 * event is no longer due; one statement. Answers how many events and deliveries it wrote.
 */
export async function expandDueEvents(
  db: TDb,
  limit: number,
): Promise<{ events: number; deliveries: number }> {
  const [row] = rowsOf<{ events: number; deliveries: number }>(
    await inTransaction(db, (tx) =>
      tx.execute(sql`
        with picked as materialized (
          select id from webhook_events
          where due_at <= now()
          order by due_at
          limit ${limit}
          for update skip locked),
        events as (
          update webhook_events e set due_at = null
          from picked where e.id = picked.id
          returning e.id, e.account_id, e.name, e.endpoint_ids),
        written as (
          insert into webhook_deliveries (id, account_id, endpoint_id, event_id, event_name, due_at)
          select gen_random_uuid(), ev.account_id, w.id, ev.id, ev.name, now()
          from events ev
          cross join lateral unnest(ev.endpoint_ids) as t(endpoint_id)
          join webhook_endpoints w on w.id = t.endpoint_id
          on conflict do nothing
          returning 1)
        select (select count(*)::int from events) as events, (select count(*)::int from written) as deliveries`),
    ),
  );
  return { events: row?.events ?? 0, deliveries: row?.deliveries ?? 0 };
}

/**
 * Claims up to `limit` due deliveries of every account (FOR UPDATE SKIP LOCKED: two processes
 * never claim one row) for one attempt each, held `claimSeconds` (due again then: a process killed
 * mid-attempt loses nothing), with what each attempt posts with. The pick is a MATERIALIZED CTE
 * (see the campaign dispatcher's claim).
 */
export async function claimDueDeliveryRows(db: TDb, limit: number, claimSeconds: number) {
  return inTransaction(db, async (tx) => {
    const claimed = rowsOf<{ id: string }>(
      await tx.execute(sql`
        with picked as materialized (
          select id from webhook_deliveries
          where due_at <= now()
          order by due_at
          limit ${limit}
          for update skip locked)
        update webhook_deliveries d
        set status = 'sending', attempts = d.attempts + 1,
            claimed_until = now() + make_interval(secs => ${claimSeconds}),
            due_at = now() + make_interval(secs => ${claimSeconds}),
            first_attempt_at = coalesce(d.first_attempt_at, now())
        from picked where d.id = picked.id
        returning d.id::text as id`),
    );
    if (claimed.length === 0) return [];
    return tx
      .select({ delivery: deliveryWithBody, ...endpointWithInstall })
      .from(webhookDeliveries)
      .leftJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(appInstalls, eq(appInstalls.id, webhookEndpoints.installId))
      .where(sql`${webhookDeliveries.id} = any(${uuidArray(claimed.map((r) => r.id))})`);
  });
}

/**
 * Claimed deliveries not attempted (the sweep stopped first, or held them too long): due at once and
 * pending (or retrying) again, each only while still under this claim (its attempts as claimed: a
 * row whose claim ran out and that another claim took is left to it).
 */
export async function releaseDeliveryRows(db: TDb, rows: Array<Pick<TDeliveryRow, 'id' | 'attempts'>>) {
  if (rows.length === 0) return;
  const claims = JSON.stringify(rows.map((r) => ({ id: r.id, attempts: r.attempts })));
  await inTransaction(db, (tx) =>
    tx.execute(sql`
      update webhook_deliveries d
      set due_at = now(), attempts = d.attempts - 1,
          status = case when d.attempts = 1 then 'pending' else 'retrying' end
      from jsonb_to_recordset(${claims}::jsonb) as v(id uuid, attempts int)
      where d.id = v.id and d.status = 'sending' and d.attempts = v.attempts`),
  );
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
          next_attempt_at = null, due_at = null, delivered_at = now()
      from json_to_recordset(${JSON.stringify(outcomes)}::json)
        as v(id uuid, "responseStatus" int, "latencyMs" int, "responseExcerpt" text)
      where d.account_id = ${accountId} and d.id = v.id`),
  );
}

export function updateDeliveryRow(
  tx: TTx,
  accountId: string,
  id: string,
  patch: Omit<PgUpdateSetSource<typeof webhookDeliveries>, 'accountId' | 'id'>,
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
      .select(deliveryWithBody)
      .from(webhookDeliveries)
      .leftJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
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
      .select(deliveryWithBody)
      .from(webhookDeliveries)
      .leftJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit);
    const [{ n }] = await tx.select({ n: count() }).from(webhookDeliveries).where(where);
    return { rows, count: n };
  });
}

import { type TDomainEvent, WEBHOOK_EVENTS, WEBHOOK_HEADERS, WEBHOOK_LIMITS } from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../../platform/db/client';
import { type TTx, withTenant } from '../../../platform/db/tenant';
import type { DomainEvents } from '../../../platform/events';
import { type Jobs, TIMED_WORK } from '../../../platform/jobs';
import { HttpCallError } from '../../../platform/http-call';
import { OutboundUrlError, type TOutboundCall } from '../../../platform/outbound-url';
import type { SecretBox } from '../../../platform/secret-box';
import type { AppsService } from '../catalogue/apps.service';
import { DeliveredWriter } from './delivered-writer';
import { signatureHeader } from './webhook-signature';
import * as repo from './webhooks.repo';

export const DELIVERY_QUEUE = 'app-store.webhook-delivery';
const FAN_OUT_LISTENER = 'app-store.webhooks';
/** One attempt holds a delivery this long; the job expires a little later (a killed worker's job is retried). */
const CLAIM_SECONDS = 25;
const JOB_EXPIRE_SECONDS = 30;
const TIMEOUT_MS = 10_000;
/** Deliveries attempted right after their fan-out, on this node, at most at once (the rest wait for their job). */
const FAST_PATH_MAX = 200;
/** Half a UTF-16 pair (JSON carries it, PostgreSQL text refuses it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Fast-path outcomes remembered for their fallback jobs (30 s of deliveries at well over 1,000/s). */
const SETTLED_MAX = 50_000;

/**
 * A transaction's events are one fan-out job (packed), its events fanned out one after the other
 * in creation order (a conversation's deliveries are created, and first attempted, in that order),
 * jobs as soon as they are written; the attempts themselves run beside it (the fast path). A job
 * per event cost the inbound messages three quarters of their rate (inbound_with_webhooks_over_without
 * 0.25); fanning a job's conversations out side by side took connections the inbound needed (0.28).
 */
const FAN_OUT_WORK = { batchSize: 50, pollingIntervalSeconds: 0.5 };

/** Retried deliveries: independent of each other, several at once, each attempted on time. */
const DELIVERY_WORK = {
  ...TIMED_WORK,
  batchSize: 50,
  parallel: 16,
  serialBy: (job: TDeliveryJob) => job.deliveryId,
};

/** A delivery held for an attempt, with its endpoint and the endpoint's install. */
interface TAttempt {
  delivery: repo.TDeliveryRow;
  endpoint: repo.TEndpointRow;
  installId: string;
  installErrors: number;
}

interface TDeliveryJob {
  accountId: string;
  deliveryId: string;
  /** The job behind a fast-path attempt (it runs only if that attempt did not settle the delivery). */
  fallback?: true;
}

/** What the receiver gets: the event as JSON. */
export interface TWebhookBody {
  id: string;
  event: string;
  acc: string;
  at: string;
  data: unknown;
}

/**
 * Outbound webhooks, durable end to end: ONE durable listener per subscribed event fans it out
 * into one delivery row + one job per subscribed endpoint, in one transaction and idempotent on
 * (endpoint, event id). Each job posts the signed body; a failure is retried with exponential
 * backoff (`retryBaseMs` · 2^n, at most 2 h apart) until 24 h after the first attempt, then the
 * delivery is failed and counts as an error of the app.
 */
export class WebhookDelivery {
  /** First retry delay (later ones double). Tests shorten it. */
  retryBaseMs = 30_000;
  private inFlight = 0;
  /**
   * Deliveries this process's fast path delivered: their fallback jobs end without a claim (a
   * failed attempt's retry job, and a replay's, never look here). Bounded; a fallback job that
   * finds no entry (another process, a restart, an entry dropped) claims, and finds it done.
   */
  private readonly settled = new Set<string>();
  private readonly delivered: DeliveredWriter;

  constructor(
    private readonly db: TDb,
    private readonly jobs: Jobs,
    private readonly box: SecretBox,
    private readonly apps: AppsService,
    private readonly log: FastifyBaseLogger,
    /** The platform's guarded call: public http(s) addresses only, checked where it connects. */
    private readonly call: TOutboundCall,
  ) {
    this.delivered = new DeliveredWriter(db);
  }

  listen(bus: DomainEvents) {
    this.jobs.register<TDeliveryJob>(
      DELIVERY_QUEUE,
      (job) => this.deliver(job.accountId, job.deliveryId, true, job.fallback === true),
      DELIVERY_WORK,
    );
    bus.durable(FAN_OUT_LISTENER, [...WEBHOOK_EVENTS], (event) => this.fanOut(event), {
      work: FAN_OUT_WORK,
      // A transaction's events (a batch of inbound messages) are one job.
      packed: true,
      // An account writes fan-out jobs only for the events one of its endpoints subscribes to.
      relevant: {
        read: repo.subscribedEventsSql,
        keep: (names: string[] | null) => {
          const subscribed = new Set(names ?? []);
          return (event) => subscribed.has(event.name);
        },
      },
    });
  }

  /** Rows + jobs for every endpoint of the event's account subscribed to it (never another account's). */
  async fanOut(event: TDomainEvent) {
    const body: TWebhookBody = {
      id: event.id,
      event: event.name,
      acc: event.accountId,
      at: event.at,
      data: event.data,
    };
    // Fast-path slots taken before the transaction: those deliveries are written already claimed
    // for their first attempt, made right after the commit with the endpoint read here (no claim
    // of their own), and their jobs (the durable fallback) start once that claim would have run
    // out — not at once, when a worker would find the delivery held and queue it again.
    const reserved = Math.max(0, FAST_PATH_MAX - this.inFlight);
    this.inFlight += reserved;
    let fast: TAttempt[] = [];
    try {
      fast = await withTenant(this.db, event.accountId, async (tx) => {
        const endpoints = await repo.subscribedEndpoints(tx, event.accountId, event.name);
        const rows = await repo.insertDeliveryRows(
          tx,
          event.accountId,
          endpoints.map((e) => e.endpoint.id),
          { id: event.id, name: event.name, payload: body },
          { claimed: reserved, claimSeconds: CLAIM_SECONDS },
        );
        const fallbackAt = new Date(Date.now() + (CLAIM_SECONDS + 5) * 1000);
        // Every delivery's job in one statement (one per delivery cost three round trips).
        const jobs = rows.map((row) => ({
          data: {
            accountId: event.accountId,
            deliveryId: row.id,
            ...(row.status === 'sending' ? { fallback: true } : {}),
          } satisfies TDeliveryJob,
          expireInSeconds: JOB_EXPIRE_SECONDS,
          ...(row.status === 'sending' ? { startAfter: fallbackAt } : {}),
        }));
        await this.jobs.insertInTx(tx, new Map([[DELIVERY_QUEUE, jobs]]));
        return rows
          .filter((row) => row.status === 'sending')
          .map((delivery) => ({
            delivery,
            ...endpoints.find((e) => e.endpoint.id === delivery.endpointId)!,
          }));
      });
    } finally {
      // Slots of deliveries that were not created (fewer endpoints, a repeat, or a failure) go back.
      this.inFlight -= reserved - fast.length;
    }
    // Fast path: attempted now, beside the fan-out (not awaited, so a slow receiver never holds up
    // the account's other events); each delivery's job, already committed, is the durable fallback.
    for (const attempt of fast)
      this.attempt(event.accountId, attempt)
        .then((delivered) => delivered && this.markSettled(attempt.delivery.id))
        .catch((err) => this.log.warn({ err, deliveryId: attempt.delivery.id }, 'webhook fast path failed'))
        .finally(() => this.inFlight--);
  }

  private markSettled(deliveryId: string) {
    if (this.settled.size >= SETTLED_MAX) this.settled.delete(this.settled.values().next().value!);
    this.settled.add(deliveryId);
  }

  enqueue(tx: TTx, accountId: string, deliveryId: string, startAfter?: Date, fallback = false) {
    return this.jobs.sendInTx<TDeliveryJob>(
      tx,
      DELIVERY_QUEUE,
      { accountId, deliveryId, ...(fallback ? { fallback: true as const } : {}) },
      { expireInSeconds: JOB_EXPIRE_SECONDS, ...(startAfter ? { startAfter } : {}) },
    );
  }

  /**
   * One attempt of one delivery: a no-op when it is done; when another attempt holds it, its job
   * (`fromJob`) comes back once that claim runs out (a worker killed mid-attempt loses nothing).
   */
  async deliver(accountId: string, deliveryId: string, fromJob: boolean, fallback = false) {
    // Its fast-path attempt, in this process, delivered it: the fallback job has nothing to do.
    if (fallback && this.settled.delete(deliveryId)) return;
    const claimed = await repo.claimDelivery(this.db, accountId, deliveryId, CLAIM_SECONDS);
    if (!claimed) return;
    if (!('delivery' in claimed)) {
      // Held by another attempt: this job comes back when that claim runs out. Waiting for its
      // retry time: the retry's own job comes back then (a fallback job leaves it to that job).
      const again = 'heldUntil' in claimed ? claimed.heldUntil : fallback ? undefined : claimed.retryAt;
      if (fromJob && again)
        await withTenant(this.db, accountId, (tx) =>
          this.enqueue(tx, accountId, deliveryId, new Date(again.getTime() + 1000), fallback),
        );
      return;
    }
    const { endpoint } = claimed;
    if (endpoint) await this.attempt(accountId, { ...claimed, endpoint });
  }

  /** Posts a claimed delivery and records the outcome (a failure schedules the next attempt); true when delivered. */
  private async attempt(
    accountId: string,
    { delivery, endpoint, installId, installErrors }: TAttempt,
  ): Promise<boolean> {
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const secrets = [this.box.open(endpoint.secret)];
    if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date())
      secrets.push(this.box.open(endpoint.previousSecret));
    const started = Date.now();
    let status: number | null = null;
    let excerpt = '';
    let error = '';
    try {
      const response = await this.call(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Atende-Webhooks/1',
          [WEBHOOK_HEADERS.event]: delivery.eventName,
          [WEBHOOK_HEADERS.delivery]: delivery.id,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signatureHeader(secrets, timestamp, body),
        },
        body,
        timeoutMs: TIMEOUT_MS,
        // Only the excerpt is kept: the rest of a long answer is not read.
        maxBytes: WEBHOOK_LIMITS.responseExcerpt * 4,
        overflow: 'cut',
      });
      status = response.status;
      // PostgreSQL text holds no NUL, nor half a UTF-16 pair (the cut may split an emoji): the
      // excerpt is kept without them.
      excerpt = response.text
        .slice(0, WEBHOOK_LIMITS.responseExcerpt)
        .replace(LONE_SURROGATE, '\uFFFD')
        .replaceAll('\u0000', '');
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
    } catch (err) {
      error = (
        err instanceof OutboundUrlError
          ? 'address not allowed'
          : err instanceof HttpCallError && (err.code === 'TIMEOUT' || err.code === 'CONNECT_TIMEOUT')
            ? 'timeout'
            : err instanceof HttpCallError && err.cause instanceof Error
              ? err.cause.message
              : (err as Error).message
      ).slice(0, 300);
    }
    const latencyMs = Date.now() - started;
    const result = { responseStatus: status, latencyMs, responseExcerpt: excerpt, error, claimedUntil: null };
    if (!error) {
      await this.delivered.write(accountId, {
        id: delivery.id,
        responseStatus: status!,
        latencyMs,
        responseExcerpt: excerpt,
      });
      if (installErrors > 0) await this.apps.countOutcome(accountId, installId, false);
      return true;
    }
    const delay = Math.min(this.retryBaseMs * 2 ** (delivery.attempts - 1), 2 * 3_600_000);
    const next = new Date(Date.now() + delay);
    const deadline =
      (delivery.firstAttemptAt ?? new Date()).getTime() + WEBHOOK_LIMITS.retryWindowHours * 3_600_000;
    const retry = next.getTime() <= deadline;
    const recorded = await withTenant(this.db, accountId, async (tx) => {
      // Only over this attempt's claim: a delivery another attempt settled meanwhile stays as it is.
      const [row] = await repo.updateDeliveryRow(
        tx,
        accountId,
        delivery.id,
        { ...result, status: retry ? 'retrying' : 'failed', nextAttemptAt: retry ? next : null },
        { whileSending: true },
      );
      if (row && retry) await this.enqueue(tx, accountId, delivery.id, next);
      return row !== undefined;
    });
    if (!recorded) return false;
    this.log.info({ accountId, deliveryId: delivery.id, error, retry }, 'webhook delivery failed');
    if (!retry) await this.apps.countOutcome(accountId, installId, true);
    return false;
  }
}

import { type TDomainEvent, WEBHOOK_EVENTS, WEBHOOK_HEADERS, WEBHOOK_LIMITS } from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../../platform/db/client';
import { type TTx, withTenant } from '../../../platform/db/tenant';
import type { DomainEvents } from '../../../platform/events';
import type { Jobs } from '../../../platform/jobs';
import { HttpCallError } from '../../../platform/http-call';
import { OutboundUrlError, type TOutboundCall } from '../../../platform/outbound-url';
import type { SecretBox } from '../../../platform/secret-box';
import type { AppsService } from '../catalogue/apps.service';
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

/**
 * Events are fanned out in batches as soon as they are written, each conversation's in creation
 * order (its deliveries are created, and first attempted, in that order), different conversations
 * side by side. One event after the other, the fan-out was the webhooks' bottleneck (28/s).
 */
const FAN_OUT_WORK = {
  batchSize: 50,
  pollingIntervalSeconds: 0.5,
  parallel: 16,
  serialBy: (event: { id: string; data: { conversationId?: string } }) =>
    event.data?.conversationId ?? event.id,
};

/** Retried deliveries: independent of each other, several at once. */
const DELIVERY_WORK = {
  batchSize: 50,
  pollingIntervalSeconds: 1,
  parallel: 16,
  serialBy: (job: TDeliveryJob) => job.deliveryId,
};

interface TDeliveryJob {
  accountId: string;
  deliveryId: string;
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

  constructor(
    private readonly db: TDb,
    private readonly jobs: Jobs,
    private readonly box: SecretBox,
    private readonly apps: AppsService,
    private readonly log: FastifyBaseLogger,
    /** The platform's guarded call: public http(s) addresses only, checked where it connects. */
    private readonly call: TOutboundCall,
  ) {}

  listen(bus: DomainEvents) {
    this.jobs.register<TDeliveryJob>(
      DELIVERY_QUEUE,
      (job) => this.deliver(job.accountId, job.deliveryId, true),
      DELIVERY_WORK,
    );
    bus.durable(FAN_OUT_LISTENER, [...WEBHOOK_EVENTS], (event) => this.fanOut(event), {
      work: FAN_OUT_WORK,
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
    // Fast-path slots taken before the transaction: those deliveries are attempted right after it,
    // so their jobs (the durable fallback) start once such an attempt's claim would have run out —
    // not at once, when a worker would find the delivery held and queue it again.
    const reserved = Math.max(0, FAST_PATH_MAX - this.inFlight);
    this.inFlight += reserved;
    let created: Array<{ id: string }> = [];
    try {
      created = await withTenant(this.db, event.accountId, async (tx) => {
        const endpoints = await repo.subscribedEndpointIds(tx, event.accountId, event.name);
        const rows = await repo.insertDeliveryRows(
          tx,
          event.accountId,
          endpoints.map((e) => e.id),
          { id: event.id, name: event.name, payload: body },
        );
        const fallbackAt = new Date(Date.now() + (CLAIM_SECONDS + 5) * 1000);
        // Every delivery's job in one statement (one per delivery cost three round trips).
        const jobs = rows.map(({ id }, i) => ({
          data: { accountId: event.accountId, deliveryId: id } satisfies TDeliveryJob,
          expireInSeconds: JOB_EXPIRE_SECONDS,
          ...(i < reserved ? { startAfter: fallbackAt } : {}),
        }));
        await this.jobs.insertInTx(tx, new Map([[DELIVERY_QUEUE, jobs]]));
        return rows;
      });
    } finally {
      // Slots of deliveries that were not created (fewer endpoints, or a failure) go back.
      this.inFlight -= reserved - Math.min(reserved, created.length);
    }
    // Fast path: attempted now, beside the fan-out (not awaited, so a slow receiver never holds up
    // the account's other events); each delivery's job, already committed, is the durable fallback.
    for (const { id } of created.slice(0, reserved))
      this.deliver(event.accountId, id, false)
        .catch((err) => this.log.warn({ err, deliveryId: id }, 'webhook fast path failed'))
        .finally(() => this.inFlight--);
  }

  enqueue(tx: TTx, accountId: string, deliveryId: string, startAfter?: Date) {
    return this.jobs.sendInTx<TDeliveryJob>(
      tx,
      DELIVERY_QUEUE,
      { accountId, deliveryId },
      { expireInSeconds: JOB_EXPIRE_SECONDS, ...(startAfter ? { startAfter } : {}) },
    );
  }

  /**
   * One attempt of one delivery: a no-op when it is done; when another attempt holds it, its job
   * (`fromJob`) comes back once that claim runs out (a worker killed mid-attempt loses nothing).
   */
  async deliver(accountId: string, deliveryId: string, fromJob: boolean) {
    const claimed = await repo.claimDelivery(this.db, accountId, deliveryId, CLAIM_SECONDS);
    if (!claimed) return;
    if (!('delivery' in claimed)) {
      const heldUntil = claimed.heldUntil;
      if (fromJob && heldUntil)
        await withTenant(this.db, accountId, (tx) =>
          this.enqueue(tx, accountId, deliveryId, new Date(heldUntil.getTime() + 1000)),
        );
      return;
    }
    const { delivery, endpoint, installId, installErrors } = claimed;
    if (!endpoint) return;
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
      excerpt = response.text.slice(0, WEBHOOK_LIMITS.responseExcerpt);
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
      await withTenant(this.db, accountId, (tx) =>
        repo.updateDeliveryRow(tx, accountId, delivery.id, {
          ...result,
          status: 'success',
          deliveredAt: new Date(),
          nextAttemptAt: null,
        }),
      );
      if (installErrors > 0) await this.apps.countOutcome(accountId, installId, false);
      return;
    }
    const delay = Math.min(this.retryBaseMs * 2 ** (delivery.attempts - 1), 2 * 3_600_000);
    const next = new Date(Date.now() + delay);
    const deadline =
      (delivery.firstAttemptAt ?? new Date()).getTime() + WEBHOOK_LIMITS.retryWindowHours * 3_600_000;
    const retry = next.getTime() <= deadline;
    await withTenant(this.db, accountId, async (tx) => {
      await repo.updateDeliveryRow(tx, accountId, delivery.id, {
        ...result,
        status: retry ? 'retrying' : 'failed',
        nextAttemptAt: retry ? next : null,
      });
      if (retry) await this.enqueue(tx, accountId, delivery.id, next);
    });
    this.log.info({ accountId, deliveryId, error, retry }, 'webhook delivery failed');
    if (!retry) await this.apps.countOutcome(accountId, installId, true);
  }
}

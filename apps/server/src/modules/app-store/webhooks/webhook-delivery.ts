import {
  isTestEvent,
  type TDomainEvent,
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  WEBHOOK_LIMITS,
} from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../../platform/db/client';
import { ClaimLoop, pause, wakeablePause } from '../../../platform/claim-loop';
import { onCommit, type TTx, withTenant } from '../../../platform/db/tenant';
import type { DomainEvents } from '../../../platform/events';
import type { Jobs } from '../../../platform/jobs';
import { HttpCallError } from '../../../platform/http-call';
import { OutboundUrlError, type TOutboundCall } from '../../../platform/outbound-url';
import { requestsInFlightAverage } from '../../../platform/requests-in-flight';
import type { SecretBox } from '../../../platform/secret-box';
import { GATE_EXPIRED, YieldGate } from '../../../platform/yield-gate';
import type { AppsService } from '../catalogue/apps.service';
import { DeliveredWriter } from './delivered-writer';
import { signatureHeader } from './webhook-signature';
import * as repo from './webhooks.repo';

const FAN_OUT_LISTENER = 'app-store.webhooks';
/** One attempt holds a delivery this long (then it is due again: a killed process loses nothing). */
const CLAIM_SECONDS = 25;
const TIMEOUT_MS = 10_000;
/**
 * Requests in flight on average (over a quarter of a second) from which the process counts as
 * pressed: a steady stream (200 msg/s) keeps about three in flight, a burst that outruns the
 * process dozens. (Read at an instant, the stream's passing peaks of a dozen pressed it: the
 * deliveries of a steady 200 msg/s fell seconds behind.)
 */
const PRESSED_REQUESTS = 8;
/** Waiting events fanned out in one statement at most. */
const FAN_OUT_BATCH = 256;
/** While the process is pressed, waiting events are still fanned out a batch this often. */
const PRESSED_FAN_OUT_MS = 1_000;
const PRESSED_CHECK_MS = 100;
/** While the process is pressed, deliveries attempted a second at most. */
const PRESSED_ATTEMPTS = 32;
/**
 * While the process is pressed, waiting events fanned out in one batch a second: a delivery row
 * costs PostgreSQL 65–110 µs to write (four indexes, two foreign keys), so 64 events a second
 * (320 rows) took 25 µs of each message's share of the burst; 16 keep the deliveries moving.
 */
const PRESSED_FAN_OUT_BATCH = 16;
/** An attempt starts at the latest this long before its timeout would outlast its claim. */
const GATE_MARGIN_MS = 2_000;
/** Opened endpoint secrets kept by a process at most (a rotation seals a new one). */
const SECRETS_KEPT = 1_000;
/** Half a UTF-16 pair (JSON carries it, PostgreSQL text refuses it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The fan-out job of a transaction that could not write its deliveries itself (events of several
 * accounts): its events fanned out together, one transaction per account. Most transactions write
 * theirs (relevant.settle): a job per event cost the inbound messages three quarters of their rate
 * (inbound_with_webhooks_over_without 0.25), a transaction per event fell behind 200 msg/s with
 * five endpoints.
 */
const FAN_OUT_WORK = { batchSize: 50, pollingIntervalSeconds: 0.5 };

/**
 * The sweep of due deliveries (those the fast path had no slot for, retries, replays, and those a
 * dead process held): each worker process posts as many at a time as its gate allows (see
 * WebhookDelivery.gate), claimed up to `queued` in one statement; it looks again every `idleMs`,
 * or at once when this process wrote a due one.
 */
export const DELIVERY_SWEEP = { queued: 128, idleMs: 1_000, leaseMs: CLAIM_SECONDS * 1000 };

/** A delivery held for an attempt, with its endpoint and the endpoint's install. */
type TAttempt = repo.TLiveEndpoint & { delivery: repo.TDeliveryRow };

/** What the receiver gets: the event as JSON. */
export interface TWebhookBody {
  id: string;
  event: string;
  acc: string;
  at: string;
  data: unknown;
}

function bodyOf(event: TDomainEvent): TWebhookBody {
  return { id: event.id, event: event.name, acc: event.accountId, at: event.at, data: event.data };
}

/**
 * The wait before the next attempt of a retry schedule `sinceFirstMs` after its first attempt: the
 * gaps double from `baseMs` (at most 2 h), so the n-th failure comes base · (2^(n-1) - 1) after the
 * first attempt (plus the attempts' own time) and the step is read back from that time. Never from
 * the delivery's attempt count: that one goes on across replays, and a replay starts a new
 * schedule (its first retry `baseMs` away, not the 2 h a delivery with many earlier attempts had).
 */
export function retryDelay(baseMs: number, sinceFirstMs: number): number {
  let delay = baseMs;
  while (delay * 2 <= Math.max(0, sinceFirstMs) + baseMs) delay *= 2;
  return Math.min(delay, 2 * 3_600_000);
}

/**
 * Outbound webhooks, durable end to end: the transaction that emits subscribed events writes one
 * delivery row per subscribed endpoint (idempotent on (endpoint, event id); a durable listener's
 * job does it for a transaction that cannot). The rows are the queue: the first attempts run at
 * once, right after the commit, where the workers run (the fast path); every other attempt (no
 * free slot, a retry, a replay, a delivery a dead process held) is claimed by the sweep of due
 * rows in some worker process. A failure is retried with exponential backoff (`retryBaseMs` ·
 * 2^n, at most 2 h apart) until 24 h after the first attempt, then the delivery is failed and
 * counts as an error of the app.
 */
export class WebhookDelivery {
  /** First retry delay (later ones double). Tests shorten it. */
  retryBaseMs = 30_000;
  /** The process's jobs (set by listen): the fast path runs only where the workers run. */
  private jobs: Jobs | null = null;
  private readonly delivered: DeliveredWriter;
  private readonly bodies = new WeakMap<object, string>();
  private readonly secrets = new Map<string, string>();
  private readonly sweeper: ClaimLoop<TAttempt>;
  /**
   * This process's attempts in flight: fewer while its event loop is busy or requests queue up in
   * it (YieldGate), so a stream of customers' messages takes what it needs and the deliveries the
   * rest (they catch up when it eases); on a quiet process up to `max`.
   */
  readonly gate = new YieldGate({ max: 128, pressed: () => this.pressed() });
  /** Whether requests queue up in this process (see PRESSED_REQUESTS); tests press it. */
  pressed = () => requestsInFlightAverage() >= PRESSED_REQUESTS;
  private fanOutWake: (() => void) | null = null;
  private pressedClaimAt = 0;

  constructor(
    private readonly db: TDb,
    private readonly box: SecretBox,
    private readonly apps: AppsService,
    private readonly log: FastifyBaseLogger,
    /** The platform's guarded call: public http(s) addresses only, checked where it connects. */
    private readonly call: TOutboundCall,
  ) {
    this.delivered = new DeliveredWriter(db);
    this.sweeper = new ClaimLoop<TAttempt>(
      { ...DELIVERY_SWEEP, concurrency: () => this.gate.current },
      {
        claim: (want) => this.claimDue(want),
        work: (attempt, claimedAt) => this.gated(attempt, claimedAt),
        release: (attempts) =>
          repo.releaseDeliveryRows(
            this.db,
            attempts.map((a) => a.delivery),
          ),
      },
      log,
      'webhook deliveries',
    );
  }

  listen(bus: DomainEvents, jobs: Jobs) {
    this.jobs = jobs;
    jobs.poll('webhook-deliveries', (signal) => this.sweeper.run(signal));
    jobs.poll('webhook-events', (signal) => this.fanOutLoop(signal));
    bus.durablePacks(FAN_OUT_LISTENER, [...WEBHOOK_EVENTS], (events) => this.fanOut(events), {
      work: FAN_OUT_WORK,
      // A chatbot's live test is no customer's conversation: nothing of it leaves for an endpoint.
      when: (event) => !isTestEvent(event),
      relevant: {
        // The account's live endpoints, read with the change: an account without one for the
        // event writes nothing at all.
        read: repo.liveEndpointsSql,
        keep: (value: unknown) => {
          const subscribed = new Set(repo.liveEndpointsOf(value).flatMap((e) => e.endpoint.events));
          return (event) => subscribed.has(event.name);
        },
        // The deliveries are written by the transaction that emits the events (its own rows, from
        // the endpoints just read): no fan-out job, no transaction of its own.
        settle: async (tx, value: unknown, events) => {
          await this.fanOutInTx(tx, events[0].accountId, repo.liveEndpointsOf(value), events);
          return [];
        },
      },
    });
  }

  /**
   * Writes the deliveries of the events that wait for them (insertPendingEvents), up to
   * FAN_OUT_BATCH events a statement, until `signal` aborts. While requests queue up in the
   * process it gives way to them, fanning out one batch a second at most (waiting events are
   * never starved); it looks again every `idleMs`, or at once when this process wrote some.
   */
  private async fanOutLoop(signal: AbortSignal) {
    let last = 0;
    while (!signal.aborted) {
      if (this.pressed() && Date.now() - last < PRESSED_FAN_OUT_MS) {
        await pause(PRESSED_CHECK_MS, signal);
        continue;
      }
      let full = false;
      try {
        const batch = this.pressed() ? PRESSED_FAN_OUT_BATCH : FAN_OUT_BATCH;
        const { events, deliveries } = await repo.expandDueEvents(this.db, batch);
        full = events === batch;
        if (deliveries > 0) this.sweeper.nudge();
      } catch (err) {
        this.log.warn({ err }, 'webhook events: fan-out failed');
      }
      last = Date.now();
      if (full) continue;
      await wakeablePause(DELIVERY_SWEEP.idleMs, signal, (wake) => {
        this.fanOutWake = wake;
      });
    }
  }

  /**
   * Due deliveries for the sweep: while the process is pressed, at most PRESSED_ATTEMPTS once a
   * second (the burst's messages come first; deliveries still move), else as many as it wants.
   */
  private async claimDue(want: number) {
    if (!this.pressed()) return repo.claimDueDeliveryRows(this.db, want, CLAIM_SECONDS);
    if (Date.now() - this.pressedClaimAt < PRESSED_FAN_OUT_MS) return [];
    this.pressedClaimAt = Date.now();
    return repo.claimDueDeliveryRows(this.db, PRESSED_ATTEMPTS, CLAIM_SECONDS);
  }

  /** A delivery is due now (a replay): this process's sweep looks at once. */
  due() {
    this.sweeper.nudge();
  }

  /** One sweep round (tests): fans out the waiting events, claims the due deliveries and attempts them; answers how many. */
  async sweep(): Promise<number> {
    await repo.expandDueEvents(this.db, FAN_OUT_BATCH);
    const attempts = await repo.claimDueDeliveryRows(this.db, DELIVERY_SWEEP.queued, CLAIM_SECONDS);
    const claimedAt = Date.now();
    await Promise.all(attempts.map((a) => this.gated(a, claimedAt)));
    return attempts.length;
  }

  /**
   * A fan-out job (the events of a transaction that could not write their deliveries itself):
   * rows for every endpoint of the events' account subscribed to them (never another account's),
   * in one transaction per account.
   */
  async fanOut(events: TDomainEvent[]) {
    const byAccount = new Map<string, TDomainEvent[]>();
    for (const event of events)
      byAccount.set(event.accountId, [...(byAccount.get(event.accountId) ?? []), event]);
    for (const [accountId, accountEvents] of byAccount)
      await withTenant(this.db, accountId, async (tx) =>
        this.fanOutInTx(tx, accountId, await repo.liveEndpoints(tx, accountId), accountEvents),
      );
  }

  /**
   * One delivery row per (event, subscribed endpoint), in `tx` (idempotent: a repeat writes
   * none). Where this process runs the workers, as many as its gate has free slots are written
   * already claimed for their first attempt, made right after the commit with the endpoint in
   * hand (the fast path: no claim of its own); the rest are due at once for the sweep. While the
   * process is pressed, the events wait as one row each for the fan-out loop.
   */
  private async fanOutInTx(
    tx: TTx,
    accountId: string,
    endpoints: repo.TLiveEndpoint[],
    events: TDomainEvent[],
  ) {
    const targets = events
      .map((event) => ({
        event: { id: event.id, name: event.name, payload: bodyOf(event) },
        endpointIds: endpoints
          .filter((e) => e.endpoint.events.includes(event.name))
          .map((e) => e.endpoint.id),
      }))
      .filter((t) => t.endpointIds.length > 0);
    if (targets.length === 0) return;
    if (!this.jobs?.working || this.pressed()) {
      // Requests queue up here (a burst of customers' messages), or this process runs no
      // workers: one row per event, fanned out by a worker process once the burst eases.
      await repo.insertPendingEvents(
        tx,
        accountId,
        targets.map((t) => ({ ...t.event, endpointIds: t.endpointIds })),
      );
      onCommit(tx, () => this.fanOutWake?.());
      return;
    }
    const wanted = targets.flatMap((t) =>
      t.endpointIds.map((endpointId) => ({ endpointId, event: t.event })),
    );
    const rows = await repo.insertDeliveryRows(tx, accountId, wanted, {
      claimed: this.gate.available,
      claimSeconds: CLAIM_SECONDS,
    });
    const fast = rows
      .filter((row) => row.status === 'sending')
      .map((delivery) => ({ delivery, ...endpoints.find((e) => e.endpoint.id === delivery.endpointId)! }));
    const swept = fast.length < rows.length;
    if (rows.length === 0) return;
    onCommit(tx, () => {
      if (swept) this.sweeper.nudge();
      // Fast path: attempted now (not awaited, so a slow receiver never holds up anything); a
      // delivery whose attempt never records is due again when its claim runs out.
      const claimedAt = Date.now();
      for (const attempt of fast)
        this.gated(attempt, claimedAt).catch((err) =>
          this.log.warn({ err, deliveryId: attempt.delivery.id }, 'webhook fast path failed'),
        );
    });
  }

  /**
   * A claimed delivery attempted once the gate lets it (the inbound comes first); one still
   * waiting when an attempt could no longer end within its claim is given back, due at once.
   */
  private async gated(attempt: TAttempt, claimedAt: number) {
    const until = claimedAt + CLAIM_SECONDS * 1000 - TIMEOUT_MS - GATE_MARGIN_MS;
    const outcome = await this.gate.run(() => this.attempt(attempt.delivery.accountId, attempt), until);
    if (outcome === GATE_EXPIRED) await repo.releaseDeliveryRows(this.db, [attempt.delivery]);
  }

  /** An event's body as sent, written once for all of its endpoints' fast-path attempts. */
  private bodyText(payload: unknown): string {
    if (typeof payload !== 'object' || payload === null) return JSON.stringify(payload);
    let text = this.bodies.get(payload);
    if (text === undefined) {
      text = JSON.stringify(payload);
      this.bodies.set(payload, text);
    }
    return text;
  }

  /** An endpoint's signing secret, opened once per process (the sealed text is its key). */
  private secret(sealed: string): string {
    let open = this.secrets.get(sealed);
    if (open === undefined) {
      if (this.secrets.size >= SECRETS_KEPT) this.secrets.clear();
      open = this.box.open(sealed);
      this.secrets.set(sealed, open);
    }
    return open;
  }

  /** Posts a claimed delivery and records the outcome (a failure schedules the next attempt); true when delivered. */
  private async attempt(
    accountId: string,
    { delivery, endpoint, installId, installErrors }: TAttempt,
  ): Promise<boolean> {
    const body = this.bodyText(delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const secrets = [this.secret(endpoint.secret)];
    if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date())
      secrets.push(this.secret(endpoint.previousSecret));
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
    const firstAt = (delivery.firstAttemptAt ?? new Date()).getTime();
    const next = new Date(Date.now() + retryDelay(this.retryBaseMs, Date.now() - firstAt));
    const deadline = firstAt + WEBHOOK_LIMITS.retryWindowHours * 3_600_000;
    const retry = next.getTime() <= deadline;
    const recorded = await withTenant(this.db, accountId, async (tx) => {
      // Only over this attempt's claim: a delivery another attempt settled meanwhile stays as it is.
      const [row] = await repo.updateDeliveryRow(
        tx,
        accountId,
        delivery.id,
        {
          ...result,
          status: retry ? 'retrying' : 'failed',
          nextAttemptAt: retry ? next : null,
          dueAt: retry ? next : null,
        },
        { whileSending: true },
      );
      return row !== undefined;
    });
    if (!recorded) return false;
    this.log.info({ accountId, deliveryId: delivery.id, error, retry }, 'webhook delivery failed');
    if (!retry) await this.apps.countOutcome(accountId, installId, true);
    return false;
  }
}

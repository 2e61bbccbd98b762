import type { TDomainEvent, TDomainEventMap, TDomainEventName } from '@atende/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { sqlOnce } from './db/built-once';
import { jsonOf, rowsOf, type TDb } from './db/client';
import { isUuid, newId } from './db/columns';
import { uuidArray } from './db/sql-arrays';
import { beforeCommit, onCommit, type TTx } from './db/tenant';
import type { Jobs, TJobInsert, TWorkOptions } from './jobs';

type TInProcessHandler<N extends TDomainEventName> = (event: TDomainEvent<N>) => void | Promise<void>;
type TDurableHandler<N extends TDomainEventName> = (event: TDomainEvent<N>) => Promise<void>;
/**
 * What an account has for a durable listener to do (its rules, endpoints, running campaigns), read
 * in the emitting transaction just before its commit, once per transaction, and the filter of the
 * events that still need the listener's job. Every listener's `read` of a transaction goes out in
 * one statement (`select (read1), (read2), …`): three listeners' reads cost one round trip on the
 * inbox's hot path, not three.
 */
export interface TRelevance<N extends TDomainEventName = TDomainEventName> {
  /**
   * One jsonb value for the account: a scalar subquery (it runs under the account's RLS). Built
   * once per set of queues with the account id as a placeholder (sqlOnce): only bind it as a value.
   */
  read: (accountId: string) => SQL;
  /** The events that need the listener's job, given what `read` answered. */
  keep: (value: any) => (event: TDomainEvent<N>) => boolean;
  /**
   * Of the kept events of one account, those the listener finishes in the emitting transaction
   * itself (writing only its own rows, under the account's row-level security, from what it keeps
   * in memory: it must never wait on another connection's slow work — at most on a row lock that
   * other short, database-only transactions take); answers those still needing the job.
   * For work as small as a log row, a job of its own cost several times the work.
   */
  settle?: (tx: TTx, value: any, events: TDomainEvent<N>[]) => Promise<TDomainEvent<N>[]>;
}

interface TDurableOptions<N extends TDomainEventName> {
  /** Per event, at emit time: events the listener ignores cost no job. */
  when?: (event: TDomainEvent<N>) => boolean;
  /**
   * Per account, once per transaction (see TRelevance): an account with nothing for the listener
   * (no rule, no endpoint) writes no job at all. Read in the emitting transaction, so what was
   * committed before the event's transaction is seen; a subscription committed while it runs
   * counts as made after the event.
   */
  relevant?: TRelevance<N>;
  work?: TWorkOptions;
  /**
   * One job per transaction instead of one per event: the transaction's events for this listener
   * travel together (`TEventPack`), with one receipts read and one receipts write for the pack. For
   * a listener that reacts to every inbound message (webhooks), a job per message cost more than
   * its work: a batch of inbound messages is one transaction. The events run one after the other in
   * the order they were emitted; a failed event stops its pack there (the later ones wait for the
   * retry, in order), and the retry skips the events already handled. Packs are ordered by their
   * job, not per key (`work.serialBy` would see the pack). A job written before the listener was
   * packed (one event) still runs, as a pack of one.
   */
  packed?: boolean;
}

/** The job of a packed listener: its events of one transaction, in emitted order. */
export interface TEventPack {
  events: TDomainEvent[];
}

const RECEIPTS_PRUNE_QUEUE = 'event-receipts-prune';

/**
 * The domain event bus (DESIGN.md §6b). A service emits inside its transaction:
 *
 *   await platform.events.emit(tx, accountId, 'conversation.closed', { ... });
 *
 * - Durable listeners (chatbots, automations, surveys, roll-ups, webhooks, push, automatic
 *   replies) get one pg-boss job per listener inserted IN THAT TRANSACTION (per event, or one
 *   for all of the transaction's events for a `packed` listener; all of a
 *   transaction's jobs together just before its commit, one statement per queue, so a batch of
 *   inbound messages pays a few statements, not a few per message): a rollback drops them,
 *   a crash after the commit loses nothing (the job is there when a process starts again), a
 *   failing handler is retried, and a handler that succeeded is not run again for the same event
 *   (receipts on the event id). Side effects outside the database must still be idempotent.
 * - In-process listeners (realtime fan-out, caches, distribution's kick) run after the commit on
 *   this node only, best-effort: an error is logged, never thrown back to the emitter.
 *
 * Listeners register before the jobs start (module plugins). Nothing is written for an event no
 * durable listener subscribes to, so the inbox's hot paths pay only for what is listened to.
 */
export class DomainEvents {
  private readonly inProcess = new Map<TDomainEventName, Array<TInProcessHandler<any>>>();
  /** Durable jobs of each open transaction, inserted just before it commits. */
  private readonly outboxes = new WeakMap<TTx, Map<string, TJobInsert[]>>();
  /** The queues whose jobs carry a transaction's events together (TDurableOptions.packed). */
  private readonly packedQueues = new Set<string>();
  /** The listeners' account filters, by queue. */
  private readonly relevance = new Map<string, TRelevance<any>>();
  /** The statement reading a set of queues' relevance, built once (sqlOnce) per set. */
  private readonly relevanceReads = new Map<
    string,
    (tx: TTx, values: { accountId: string }) => Promise<unknown>
  >();
  private readonly durableQueues = new Map<
    TDomainEventName,
    Array<{ queue: string; when?: (event: TDomainEvent<any>) => boolean }>
  >();

  constructor(
    private readonly db: TDb,
    private readonly jobs: Jobs,
    private readonly log: FastifyBaseLogger,
  ) {
    jobs.register(RECEIPTS_PRUNE_QUEUE, async () => {
      await db.execute(sql`delete from event_receipts where created_at < now() - interval '7 days'`);
    });
    jobs.schedule(RECEIPTS_PRUNE_QUEUE, '17 3 * * *');
  }

  /** A best-effort reaction on this node, after the emitting transaction committed. */
  on<N extends TDomainEventName>(name: N, handler: TInProcessHandler<N>) {
    const list = this.inProcess.get(name) ?? [];
    list.push(handler);
    this.inProcess.set(name, list);
  }

  /**
   * A reaction that must not be lost: `listener` names it (its queue is `event.<listener>`);
   * `handler` runs at least once per event, and not again once it succeeded. `when` and
   * `relevant` filter before the job is written, so events the listener ignores cost no job.
   */
  durable<N extends TDomainEventName>(
    listener: string,
    names: N[],
    handler: TDurableHandler<N>,
    options: TDurableOptions<N> = {},
  ) {
    const queue = `event.${listener}`;
    this.subscribe(queue, names, options);
    if (options.packed) {
      this.registerPacked(queue, (events) => this.runPack(listener, events, handler), options);
      return;
    }
    this.jobs.register<TDomainEvent<N>>(queue, handler, options.work, {
      key: (event) => event.id,
      applied: (eventIds) => this.handled(listener, eventIds),
      record: (eventIds) => this.recordHandled(listener, eventIds),
    });
  }

  /**
   * A packed listener (TDurableOptions.packed) whose handler takes its pack's events at once: those
   * not handled yet, in emitted order (one transaction can serve them all). The handler must be
   * idempotent per event (a pack that failed is retried whole); the receipts are written once it
   * succeeded.
   */
  durablePacks<N extends TDomainEventName>(
    listener: string,
    names: N[],
    handler: (events: TDomainEvent<N>[]) => Promise<void>,
    options: Omit<TDurableOptions<N>, 'packed'> = {},
  ) {
    const queue = `event.${listener}`;
    this.subscribe(queue, names, options);
    this.registerPacked(
      queue,
      async (events) => {
        const done = await this.handled(
          listener,
          events.map((e) => e.id),
        );
        const rest = events.filter((e) => !done.has(e.id));
        if (rest.length === 0) return;
        await handler(rest);
        await this.recordHandled(
          listener,
          rest.map((e) => e.id),
        );
      },
      options,
    );
  }

  /** The listener's queue takes these events (with its filters). */
  private subscribe<N extends TDomainEventName>(queue: string, names: N[], options: TDurableOptions<N>) {
    if (options.relevant) this.relevance.set(queue, options.relevant);
    for (const name of names) {
      const queues = this.durableQueues.get(name) ?? [];
      queues.push({ queue, when: options.when });
      this.durableQueues.set(name, queues);
    }
  }

  private registerPacked<N extends TDomainEventName>(
    queue: string,
    run: (events: TDomainEvent<N>[]) => Promise<void>,
    options: TDurableOptions<N>,
  ) {
    this.packedQueues.add(queue);
    this.jobs.register<TEventPack | TDomainEvent<N>>(queue, (pack) => run(packOf<N>(pack)), options.work);
  }

  /** A packed job: its events not handled yet, in order, then their receipts in one write. */
  private async runPack<N extends TDomainEventName>(
    listener: string,
    events: TDomainEvent<N>[],
    handler: TDurableHandler<N>,
  ) {
    const done = await this.handled(
      listener,
      events.map((e) => e.id),
    );
    const handled: string[] = [];
    try {
      for (const event of events) {
        if (done.has(event.id)) continue;
        await handler(event);
        handled.push(event.id);
      }
    } finally {
      if (handled.length > 0) await this.recordHandled(listener, handled);
    }
  }

  /** Whether any listener (in-process or durable) reacts to `name` (to skip building payloads). */
  listened(name: TDomainEventName): boolean {
    return this.inProcess.has(name) || this.durableQueues.has(name);
  }

  /**
   * Records the event in `tx` (a withTenant transaction): durable listeners' jobs are inserted in
   * it; in-process listeners run after its commit.
   */
  async emit<N extends TDomainEventName>(
    tx: TTx,
    accountId: string,
    name: N,
    data: TDomainEventMap[N],
  ): Promise<TDomainEvent<N>> {
    const event: TDomainEvent<N> = { id: newId(), name, accountId, at: new Date().toISOString(), data };
    for (const { queue, when } of this.durableQueues.get(name) ?? [])
      if (!when || when(event)) await this.enqueue(tx, queue, event);
    if (this.inProcess.has(name)) onCommit(tx, () => this.dispatch(event));
    return event;
  }

  /** Adds the job to `tx`'s outbox, written before it commits (at once in a transaction of another kind). */
  private async enqueue(tx: TTx, queue: string, event: TDomainEvent) {
    const outbox = this.outboxOf(tx);
    if (!outbox) {
      if (await this.isRelevant(tx, queue, event))
        await this.jobs.sendInTx(tx, queue, this.packedQueues.has(queue) ? { events: [event] } : event);
      return;
    }
    addJob(outbox, queue, { data: event });
  }

  /**
   * A job of any registered queue (an outbound send, a bot's timer) written with `tx`'s events,
   * just before its commit: the same statement as the other jobs of its queue and no role switch of
   * its own (three round trips fewer than Jobs.sendInTx). In a transaction of another kind, written
   * at once.
   */
  async sendAtCommit<T extends object>(
    tx: TTx,
    queue: string,
    data: T,
    options: { startAfter?: Date } = {},
  ): Promise<void> {
    const outbox = this.outboxOf(tx);
    if (!outbox) await this.jobs.sendInTx(tx, queue, data, options);
    else addJob(outbox, queue, { data, ...options });
  }

  /** `tx`'s outbox, created (with its before-commit flush) on first use; null when `tx` can have none. */
  private outboxOf(tx: TTx): Map<string, TJobInsert[]> | null {
    const known = this.outboxes.get(tx);
    if (known) return known;
    const created = new Map<string, TJobInsert[]>();
    if (!beforeCommit(tx, () => this.flush(tx, created))) return null;
    this.outboxes.set(tx, created);
    return created;
  }

  /** A transaction's jobs, less those their listener's account filter drops, in one statement per queue. */
  private async flush(tx: TTx, outbox: Map<string, TJobInsert[]>) {
    const filtered = [...outbox].filter(([queue, jobs]) => jobs.length > 0 && this.relevance.has(queue));
    if (filtered.length > 0) {
      const queues = filtered.map(([queue]) => queue);
      const accounts = new Set(
        filtered.flatMap(([, jobs]) => jobs.map((j) => (j.data as TDomainEvent).accountId)),
      );
      const read = new Map<string, { value: unknown; keep: (event: TDomainEvent) => boolean }>();
      for (const accountId of accounts) {
        const answers = await this.readRelevance(tx, queues, accountId);
        for (const [i, queue] of queues.entries()) read.set(`${queue} ${accountId}`, answers[i]);
      }
      for (const [queue, jobs] of filtered) {
        let kept = jobs.filter((job) => {
          const event = job.data as TDomainEvent;
          return read.get(`${queue} ${event.accountId}`)!.keep(event);
        });
        const settle = this.relevance.get(queue)!.settle;
        // A transaction is one account's (withTenant): its events are settled under its RLS.
        if (settle && kept.length > 0 && accounts.size === 1) {
          const [accountId] = accounts;
          const left = await settle(
            tx,
            read.get(`${queue} ${accountId}`)!.value,
            kept.map((job) => job.data as TDomainEvent),
          );
          const ids = new Set(left.map((event) => event.id));
          kept = kept.filter((job) => ids.has((job.data as TDomainEvent).id));
        }
        outbox.set(queue, kept);
      }
    }
    for (const queue of this.packedQueues) {
      const jobs = outbox.get(queue);
      if (jobs?.length) outbox.set(queue, [{ data: { events: jobs.map((job) => job.data) } }]);
    }
    // The transaction's last statements before its commit (beforeCommit): its role is not restored.
    await this.jobs.insertInTx(tx, outbox, { endsTransaction: true });
  }

  /** The account filters of these queues' listeners, read in one statement. */
  private async readRelevance(tx: TTx, queues: string[], accountId: string) {
    const relevances = queues.map((queue) => this.relevance.get(queue)!);
    const key = queues.join(' ');
    let statement = this.relevanceReads.get(key);
    if (!statement) {
      statement = sqlOnce<{ accountId: string }>(
        (p) =>
          sql`select ${sql.join(
            relevances.map((r, i) => sql`(${r.read(p('accountId'))}) as ${sql.raw(`r${i}`)}`),
            sql`, `,
          )}`,
      );
      this.relevanceReads.set(key, statement);
    }
    const [row] = rowsOf<Record<string, unknown>>(await statement(tx, { accountId }));
    return relevances.map((r, i) => {
      const value = jsonOf(row?.[`r${i}`] ?? null);
      return { value, keep: r.keep(value) };
    });
  }

  private async isRelevant(tx: TTx, queue: string, event: TDomainEvent): Promise<boolean> {
    if (!this.relevance.has(queue)) return true;
    const [answer] = await this.readRelevance(tx, [queue], event.accountId);
    return answer.keep(event);
  }

  /** In-process only, for what is never stored (typing) or was committed elsewhere. */
  publish<N extends TDomainEventName>(accountId: string, name: N, data: TDomainEventMap[N]) {
    this.dispatch({ id: newId(), name, accountId, at: new Date().toISOString(), data });
  }

  private dispatch(event: TDomainEvent) {
    for (const handler of this.inProcess.get(event.name) ?? []) {
      try {
        const done = handler(event);
        if (done instanceof Promise) done.catch((err) => this.warn(err, event));
      } catch (err) {
        this.warn(err, event);
      }
    }
  }

  private warn(err: unknown, event: TDomainEvent) {
    this.log.warn({ err, event: event.name, eventId: event.id }, 'event listener failed');
  }

  /** Of these events, those `listener` already handled (receipts), in one read per fetched batch. */
  private async handled(listener: string, eventIds: string[]): Promise<Set<string>> {
    const rows = rowsOf<{ event_id: string }>(
      await this.db.execute(
        sql`select event_id from event_receipts where listener = ${listener} and event_id = any(${uuidArray(eventIds.filter(isUuid))})`,
      ),
    );
    return new Set(rows.map((r) => r.event_id));
  }

  /** The receipts of a batch's handled events, in one statement, before its jobs complete. */
  private async recordHandled(listener: string, eventIds: string[]) {
    await this.db.execute(
      sql`insert into event_receipts (listener, event_id) select ${listener}, unnest(${uuidArray(eventIds.filter(isUuid))}) on conflict do nothing`,
    );
  }
}

/** A packed job's events; a job written before its listener was packed holds one event. */
function packOf<N extends TDomainEventName>(data: TEventPack | TDomainEvent<N>): TDomainEvent<N>[] {
  return ('events' in data ? data.events : [data]) as TDomainEvent<N>[];
}

function addJob(outbox: Map<string, TJobInsert[]>, queue: string, job: TJobInsert) {
  const jobs = outbox.get(queue);
  if (jobs) jobs.push(job);
  else outbox.set(queue, [job]);
}

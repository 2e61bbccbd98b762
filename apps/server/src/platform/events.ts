import type { TDomainEvent, TDomainEventMap, TDomainEventName } from '@atende/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type TDb } from './db/client';
import { newId } from './db/columns';
import { beforeCommit, onCommit, type TTx } from './db/tenant';
import type { Jobs, TJobInsert, TWorkOptions } from './jobs';

type TInProcessHandler<N extends TDomainEventName> = (event: TDomainEvent<N>) => void | Promise<void>;
type TDurableHandler<N extends TDomainEventName> = (event: TDomainEvent<N>) => Promise<void>;
/**
 * What an account has for a durable listener to do (its rules, endpoints, running campaigns), read
 * in the emitting transaction just before its commit, once per transaction: the filter of the
 * events that still need the listener's job.
 */
export type TRelevance<N extends TDomainEventName = TDomainEventName> = (
  tx: TTx,
  accountId: string,
) => Promise<(event: TDomainEvent<N>) => boolean>;

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
}

const RECEIPTS_PRUNE_QUEUE = 'event-receipts-prune';

/**
 * The domain event bus (DESIGN.md §6b). A service emits inside its transaction:
 *
 *   await platform.events.emit(tx, accountId, 'conversation.closed', { ... });
 *
 * - Durable listeners (chatbots, automations, surveys, roll-ups, webhooks, push, automatic
 *   replies) get one pg-boss job per listener inserted IN THAT TRANSACTION (all of a
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
  /** The listeners' account filters, by queue. */
  private readonly relevance = new Map<string, TRelevance<any>>();
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
    if (options.relevant) this.relevance.set(queue, options.relevant);
    for (const name of names) {
      const queues = this.durableQueues.get(name) ?? [];
      queues.push({ queue, when: options.when });
      this.durableQueues.set(name, queues);
    }
    this.jobs.register<TDomainEvent<N>>(
      queue,
      async (event) => {
        if (await this.handled(listener, event.id)) return;
        await handler(event);
        await this.db.execute(
          sql`insert into event_receipts (listener, event_id) values (${listener}, ${event.id}) on conflict do nothing`,
        );
      },
      options.work,
    );
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
    let outbox = this.outboxes.get(tx);
    if (!outbox) {
      const created = new Map<string, TJobInsert[]>();
      if (!beforeCommit(tx, () => this.flush(tx, created))) {
        if (await this.isRelevant(tx, queue, event)) await this.jobs.sendInTx(tx, queue, event);
        return;
      }
      this.outboxes.set(tx, created);
      outbox = created;
    }
    const jobs = outbox.get(queue);
    if (jobs) jobs.push({ data: event });
    else outbox.set(queue, [{ data: event }]);
  }

  /** A transaction's jobs, less those their listener's account filter drops, in one statement per queue. */
  private async flush(tx: TTx, outbox: Map<string, TJobInsert[]>) {
    for (const [queue, jobs] of outbox) {
      const relevant = this.relevance.get(queue);
      if (!relevant) continue;
      const filters = new Map<string, (event: TDomainEvent) => boolean>();
      const kept: TJobInsert[] = [];
      for (const job of jobs) {
        const event = job.data as TDomainEvent;
        let filter = filters.get(event.accountId);
        if (!filter) {
          filter = await relevant(tx, event.accountId);
          filters.set(event.accountId, filter);
        }
        if (filter(event)) kept.push(job);
      }
      outbox.set(queue, kept);
    }
    await this.jobs.insertInTx(tx, outbox);
  }

  private async isRelevant(tx: TTx, queue: string, event: TDomainEvent): Promise<boolean> {
    const relevant = this.relevance.get(queue);
    return !relevant || (await relevant(tx, event.accountId))(event);
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

  private async handled(listener: string, eventId: string): Promise<boolean> {
    const rows = rowsOf(
      await this.db.execute(
        sql`select 1 from event_receipts where listener = ${listener} and event_id = ${eventId}`,
      ),
    );
    return rows.length > 0;
  }
}

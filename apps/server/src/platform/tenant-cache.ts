import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from './db/client';
import { PgListener } from './pg-listener';

/**
 * The NOTIFY channel every process listens on; the payload is the invalidated account id, then
 * `:` and the sending cache's origin (absent from a bare account id, which is honoured too).
 */
export const TENANT_CACHE_CHANNEL = 'atende_tenant_cache';
const CHANNEL = TENANT_CACHE_CHANNEL;
const MAX_ENTRIES = 50_000;

interface TEntry<T> {
  value: T;
  expires: number;
}

/**
 * Per-process cache of what every tenant request reads: the account (with its plan) and the
 * caller's membership. Writers call invalidate(accountId): the entry is dropped here at once and
 * on every other process through PostgreSQL NOTIFY. While the LISTEN connection is down the cache
 * is bypassed, so a missed notification can never serve stale rights; it reconnects with backoff
 * (a database restart or network blip never ends the process). Entries also expire.
 */
export class TenantCache extends EventEmitter<{ invalidated: [accountId: string] }> {
  private readonly accounts = new Map<string, TEntry<unknown>>();
  private readonly members = new Map<string, Map<string, TEntry<unknown>>>();
  /**
   * Invalidations so far (all accounts); `stamps` holds each account's latest, most recent last.
   * A value is kept only when no invalidation of its account came after its load began (the load
   * may have read the rows as they were before the change). An account whose stamp was dropped to
   * bound the map counts as invalidated at the newest stamp dropped.
   */
  private invalidations = 0;
  private readonly stamps = new Map<string, number>();
  private forgottenStamp = 0;
  private listening = false;
  /** Bumped whenever listening starts or stops: a value loaded across the change is not kept. */
  private epoch = 0;
  private listener: PgListener | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  /**
   * Names this cache in its notifications. Its own come back to it after the drop they announce
   * and are ignored: dropped again then, they would throw away a value loaded meanwhile from the
   * committed change (a rule change's first event reads the rules; its own notification, late on
   * a busy server, made the next events read them again).
   */
  readonly origin = randomUUID().slice(0, 8);

  constructor(
    private readonly database: TDatabase,
    private readonly log: FastifyBaseLogger,
    private readonly ttlMs = 60_000,
  ) {
    super();
  }

  async start(): Promise<void> {
    if (this.database.kind === 'pglite') {
      this.unlisten = await this.database.pglite!.listen(CHANNEL, (payload) => this.notified(payload));
      this.listening = true;
      return;
    }
    const listener = new PgListener(this.database.connectionString!, this.log, 'tenant cache');
    this.listener = listener;
    listener.on('notification', (msg) => msg.payload && this.notified(msg.payload));
    // Invalidations sent while the session was down are lost: nothing is cached until it is back,
    // and what was cached before is forgotten.
    listener.on('disconnected', () => {
      this.listening = false;
      this.epoch += 1;
      this.clear();
    });
    listener.on('connected', () => {
      this.epoch += 1;
      this.listening = true;
    });
    await listener.listen(CHANNEL);
    await listener.start();
    if (!listener.connected) this.log.warn('tenant cache listener unavailable; cache bypassed');
  }

  async stop(): Promise<void> {
    this.listening = false;
    await this.unlisten?.().catch(() => undefined);
    await this.listener?.stop();
  }

  async account<T>(accountId: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const hit = this.fresh(this.accounts.get(accountId));
    if (hit) return hit.value as T;
    const epoch = this.epoch;
    const since = this.invalidations;
    const value = await load();
    if (value !== undefined && this.keeps(accountId, epoch, since))
      bounded(this.accounts, accountId, this.entry(value));
    return value;
  }

  async member<T>(
    accountId: string,
    userId: string,
    load: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    let perAccount = this.members.get(accountId);
    const hit = this.fresh(perAccount?.get(userId));
    if (hit) return hit.value as T;
    const epoch = this.epoch;
    const since = this.invalidations;
    const value = await load();
    if (value !== undefined && this.keeps(accountId, epoch, since)) {
      if (!perAccount) {
        perAccount = new Map();
        bounded(this.members, accountId, perAccount);
      }
      perAccount.set(userId, this.entry(value));
    }
    return value;
  }

  /**
   * Another value kept per account (`key` names it: a module's settings read on every event),
   * dropped with the account's entries — so its writers call invalidate(accountId) too.
   */
  scoped<T>(accountId: string, key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    // Beside the members, under a key no user id has.
    return this.member(accountId, `~${key}`, load);
  }

  /** A kept value of `scoped`, or undefined: never loads (for callers that must not wait on a read). */
  peekScoped<T>(accountId: string, key: string): T | undefined {
    return this.fresh(this.members.get(accountId)?.get(`~${key}`))?.value as T | undefined;
  }

  /** The kept account entry, or undefined: never loads. */
  peekAccount<T>(accountId: string): T | undefined {
    return this.fresh(this.accounts.get(accountId))?.value as T | undefined;
  }

  /** Call after a committed change to an account, its plan, usage or members. */
  async invalidate(accountId: string): Promise<void> {
    this.drop(accountId);
    await this.database.db.execute(sql`select pg_notify(${CHANNEL}, ${`${accountId}:${this.origin}`})`);
  }

  /** Another process's invalidation (or a bare account id); this cache's own were dropped at once. */
  private notified(payload: string) {
    const [accountId, origin] = payload.split(':');
    if (origin !== this.origin) this.drop(accountId);
  }

  /** Whether a value whose load began at `epoch`, after `since` invalidations, may be kept. */
  private keeps(accountId: string, epoch: number, since: number) {
    return (
      this.listening && epoch === this.epoch && (this.stamps.get(accountId) ?? this.forgottenStamp) <= since
    );
  }

  private stamp(accountId: string) {
    this.stamps.delete(accountId);
    if (this.stamps.size >= MAX_ENTRIES) {
      const [oldest, stamp] = this.stamps.entries().next().value!;
      this.stamps.delete(oldest);
      this.forgottenStamp = stamp;
    }
    this.stamps.set(accountId, ++this.invalidations);
  }

  private drop(accountId: string) {
    this.stamp(accountId);
    this.accounts.delete(accountId);
    this.members.delete(accountId);
    this.emit('invalidated', accountId);
  }

  private clear() {
    this.accounts.clear();
    this.members.clear();
  }

  private fresh<T>(entry: TEntry<T> | undefined) {
    return entry && entry.expires > Date.now() ? entry : undefined;
  }

  private entry<T>(value: T): TEntry<T> {
    return { value, expires: Date.now() + this.ttlMs };
  }
}

/** Sets a key, first dropping the oldest entry when the map is full. */
function bounded<V>(map: Map<string, V>, key: string, value: V) {
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

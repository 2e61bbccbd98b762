import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from './db/client';

/** The NOTIFY channel every process listens on; the payload is the invalidated account id. */
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
 * is bypassed, so a missed notification can never serve stale rights. Entries also expire.
 */
export class TenantCache extends EventEmitter<{ invalidated: [accountId: string] }> {
  private readonly accounts = new Map<string, TEntry<unknown>>();
  private readonly members = new Map<string, Map<string, TEntry<unknown>>>();
  private listening = false;
  private listener: pg.Client | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(
    private readonly database: TDatabase,
    private readonly log: FastifyBaseLogger,
    private readonly ttlMs = 60_000,
  ) {
    super();
  }

  async start(): Promise<void> {
    if (this.database.kind === 'pglite') {
      this.unlisten = await this.database.pglite!.listen(CHANNEL, (id) => this.drop(id));
      this.listening = true;
      return;
    }
    await this.connectListener();
  }

  private async connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.connectionString });
    client.on('notification', (msg) => msg.payload && this.drop(msg.payload));
    client.on('error', () => undefined);
    client.on('end', () => {
      this.listening = false;
      this.clear();
      if (!this.stopped) setTimeout(() => void this.connectListener().catch(() => undefined), 1000).unref();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      this.listener = client;
      this.listening = true;
    } catch (err) {
      this.log.warn({ err }, 'tenant cache listener unavailable; cache bypassed');
      await client.end().catch(() => undefined);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    await this.unlisten?.().catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
  }

  async account<T>(accountId: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const hit = this.fresh(this.accounts.get(accountId));
    if (hit) return hit.value as T;
    const value = await load();
    if (value !== undefined && this.listening) bounded(this.accounts, accountId, this.entry(value));
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
    const value = await load();
    if (value !== undefined && this.listening) {
      if (!perAccount) {
        perAccount = new Map();
        bounded(this.members, accountId, perAccount);
      }
      perAccount.set(userId, this.entry(value));
    }
    return value;
  }

  /** Call after a committed change to an account, its plan, usage or members. */
  async invalidate(accountId: string): Promise<void> {
    this.drop(accountId);
    await this.database.db.execute(sql`select pg_notify(${CHANNEL}, ${accountId})`);
  }

  private drop(accountId: string) {
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

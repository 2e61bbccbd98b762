import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export interface TPgListenerOptions {
  /** First reconnection delay; doubles per failed attempt up to maxDelayMs (each with jitter). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A query on the session this often, to find a connection that died without a word. */
  heartbeatMs?: number;
  /** How long connecting or a heartbeat may take before the connection counts as lost. */
  timeoutMs?: number;
}

type TNotification = pg.Notification;

/**
 * One dedicated PostgreSQL session for LISTEN, kept alive: a connection that ends, errors or
 * stops answering its heartbeat is dropped and opened again with exponential backoff (and
 * jitter, so the nodes of a cluster do not reconnect in step), and every channel is listened to
 * again. Nothing it does throws into the process: a pg.Client's 'error' event without a listener
 * is an uncaught exception, which is how a database blip used to end a node.
 *
 * Events: 'notification' (pg's message), 'connected' (listening on every channel again),
 * 'disconnected' (notifications may be missed from here until the next 'connected').
 */
export class PgListener extends EventEmitter<{
  notification: [message: TNotification];
  connected: [];
  disconnected: [];
}> {
  private readonly channels = new Set<string>();
  private client: pg.Client | null = null;
  private ready = false;
  /** When the session last started listening on every channel it has now (listeningForMs). */
  private listeningSince = 0;
  private stopped = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private lastWarning = 0;
  private readonly minDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly heartbeatMs: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
    private readonly name: string,
    options: TPgListenerOptions = {},
  ) {
    super();
    this.minDelayMs = options.minDelayMs ?? 250;
    this.maxDelayMs = options.maxDelayMs ?? 5_000;
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  /** Listening on every channel right now. */
  get connected(): boolean {
    return this.ready;
  }

  /**
   * How long every channel has been listened to without a break, in ms (0 while not connected): a
   * notification sent over that time has reached this session.
   */
  listeningForMs(): number {
    return this.ready ? Date.now() - this.listeningSince : 0;
  }

  /**
   * Opens the session. Resolves once the first attempt settled: connected, or failed with
   * reconnection under way (start() never rejects; `connected` tells which).
   */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  /** Listens to `channel` now (when connected) and after every reconnection. */
  async listen(channel: string): Promise<void> {
    if (this.channels.has(channel)) return;
    this.channels.add(channel);
    const client = this.client;
    if (!this.ready || !client) return; // the next connection listens to it
    await client
      .query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      .catch((err: unknown) => this.lost(client, err));
    // A new channel's notifications are heard from now on only.
    this.listeningSince = Date.now();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimers();
    const client = this.client;
    this.client = null;
    this.ready = false;
    if (client) await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      // pg_stat_activity tells which session this is (pg_terminate_backend finds it by name).
      application_name: `atende ${this.name}`,
      keepAlive: true,
      connectionTimeoutMillis: this.timeoutMs,
    });
    // Never removed: pg emits 'error' on a dead connection, sometimes twice.
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    client.on('notification', (message) => {
      if (client === this.client) this.emit('notification', message);
    });
    this.client = client;
    try {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      this.lost(client, err);
      return;
    }
    if (client !== this.client) return; // lost (or stopped) while listening
    this.ready = true;
    this.listeningSince = Date.now();
    if (this.attempt > 0) this.log.info({ listener: this.name }, 'PostgreSQL listener reconnected');
    this.attempt = 0;
    this.scheduleHeartbeat(client);
    this.emit('connected');
  }

  /** `client` is gone: forget it, say so, and connect again later. Idempotent per client. */
  private lost(client: pg.Client, err: unknown) {
    if (client !== this.client) return;
    this.client = null;
    this.clearTimers();
    client.end().catch(() => undefined);
    const wasReady = this.ready;
    this.ready = false;
    this.warn(err);
    if (wasReady) this.emit('disconnected');
    if (this.stopped) return;
    const delay = Math.min(this.maxDelayMs, this.minDelayMs * 2 ** this.attempt) * (0.5 + Math.random() / 2);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private scheduleHeartbeat(client: pg.Client) {
    this.heartbeatTimer = setTimeout(() => {
      this.heartbeatTimer = null;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('heartbeat timed out')), this.timeoutMs);
      });
      Promise.race([client.query('select 1'), timeout])
        .then(() => client === this.client && this.scheduleHeartbeat(client))
        .catch((err: unknown) => this.lost(client, err))
        .finally(() => clearTimeout(timer));
    }, this.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  private clearTimers() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    this.reconnectTimer = null;
    this.heartbeatTimer = null;
  }

  /** One warning per outage (and at most one every 30 s while it lasts), not one per attempt. */
  private warn(err: unknown) {
    const now = Date.now();
    if (this.attempt > 0 && now - this.lastWarning < 30_000) return;
    this.lastWarning = now;
    this.log.warn({ err, listener: this.name }, 'PostgreSQL listener lost its connection; reconnecting');
  }
}

/**
 * `pool` for @socket.io/postgres-adapter, its LISTEN session being `listener`: the adapter takes
 * one client with pool.connect() for good and LISTENs on it, with handlers for 'notification'
 * and 'end' but none for 'error' (a dropped connection crashed the process) and a reconnection
 * that could leave two sessions listening (each event then delivered twice). Here connect()
 * hands out a stand-in for the listener's session, which never ends: its LISTENs are the
 * listener's channels, kept across reconnections; release() stops the listener.
 */
export function poolWithListener(pool: pg.Pool, listener: PgListener): pg.Pool {
  const session = Object.assign(new EventEmitter(), {
    query: async (text: string) => {
      const channel = /^LISTEN "(.+)"$/.exec(text)?.[1];
      if (!channel) throw new Error(`unexpected query on the listener session: ${text}`);
      await listener.listen(channel);
    },
    release: () => void listener.stop(),
  });
  listener.on('notification', (message) => session.emit('notification', message));
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property === 'connect') return async () => session;
      return Reflect.get(target, property, receiver);
    },
  });
}

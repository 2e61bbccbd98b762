import { rooms } from './rooms';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type Namespace, type Socket } from 'socket.io';
import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { TConfig } from '../config';
import type { ClusterAdapter } from 'socket.io-adapter';
import { localFirst } from './local-first-adapter';
import { coalescedNotifyPool } from './coalesced-notify';
import { PgListener, poolWithListener } from './pg-listener';
import type { TDatabase } from './db/client';
import type { JwtService } from './auth/jwt';
import { loadAccountBundle, loadMembership, type TMembership } from './tenancy';
import type { TenantCache } from './tenant-cache';

/** What a connected socket knows about its user (set by the handshake check). */
export interface TSocketData {
  accountId: string;
  userId: string;
  role: TMembership['role'];
  platform: string;
}

const ZHandshake = z.object({
  accID: z.uuid(),
  userID: z.uuid(),
  token: z.string().min(1),
  platform: z.string().max(20).default('web'),
});

/** Every node of the cluster says it is alive this often (the adapter's heartbeat)... */
const NODE_HEARTBEAT_MS = 5_000;
/** ...and a node not heard from for this long is gone. */
const NODE_TIMEOUT_MS = 10_000;

/**
 * This node is alone: no other node was heard from, and the adapter's channel has been listened
 * to without a break for longer than a node may stay silent — every live node would have been
 * heard (its first heartbeat on start, then every NODE_HEARTBEAT_MS). A lone node does not
 * publish its broadcasts (a pg_notify round trip each batch, and every notification coming back
 * to itself); a node starting up, or this node's listener reconnecting, makes it publish again.
 */
export function aloneInCluster(adapter: ClusterAdapter, listener: PgListener): boolean {
  const nodes = (adapter as unknown as { nodesMap?: Map<string, number> }).nodesMap;
  return nodes !== undefined && nodes.size === 0 && listener.listeningForMs() > NODE_TIMEOUT_MS;
}

export type TSocketHandler = (socket: Socket, namespace: Namespace) => void;

/**
 * Socket.IO on the app's own HTTP server: namespace /attendance, handshake auth
 * { accID, userID, token, platform }. Rooms: acc:<id>, user:<id> (features add room:<id>,
 * conversation:<id>). Across processes through PostgreSQL (or Redis when REDIS_URL is set);
 * embedded PGlite is single-process and keeps the in-memory adapter.
 */
export class Realtime {
  private io: Server | null = null;
  private redis: Redis[] = [];
  private listener: PgListener | null = null;
  private readonly handlers: TSocketHandler[] = [];

  constructor(
    private readonly config: TConfig,
    private readonly database: TDatabase,
    private readonly jwt: JwtService,
    private readonly cache: TenantCache,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** This node believes it is the cluster's only one: its broadcasts are not published (PostgreSQL adapter). */
  isAlone(): boolean {
    return this.listener !== null && aloneInCluster(this.namespace.adapter as ClusterAdapter, this.listener);
  }

  /** Feature modules add their event handlers before the server starts. */
  onConnection(handler: TSocketHandler) {
    this.handlers.push(handler);
  }

  get namespace(): Namespace {
    if (!this.io) throw new Error('realtime not attached');
    return this.io.of('/attendance');
  }

  /** Redis's client and adapter are loaded only when REDIS_URL is set (most servers never need them). */
  async attach(app: FastifyInstance) {
    const io = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      pingTimeout: 20_000,
      cors: { origin: false },
    });
    this.io = io;
    if (this.config.REDIS_URL) {
      const [{ Redis }, { createShardedAdapter }] = await Promise.all([
        import('ioredis'),
        import('@socket.io/redis-adapter'),
      ]);
      const pub = new Redis(this.config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: null });
      const sub = pub.duplicate();
      for (const client of [pub, sub])
        client.on('error', (err) => this.log.warn({ err }, 'redis adapter error'));
      this.redis = [pub, sub];
      // The sharded adapter (Redis >= 7 SPUBLISH, one channel per room) is a ClusterAdapter like
      // the PostgreSQL one, so the same local-first delivery and per-conversation order apply.
      const factory = createShardedAdapter(pub, sub, { subscriptionMode: 'dynamic' });
      io.adapter(
        localFirst(
          factory as Parameters<typeof localFirst>[0],
          throttledWarning(this.log, 'redis adapter error'),
        ) as never,
      );
    } else if (this.database.kind === 'pg') {
      const warn = throttledWarning(this.log, 'pg adapter error');
      // The adapter's LISTEN session is a PgListener: it survives the database going away.
      this.listener = new PgListener(this.database.connectionString!, this.log, 'socket.io adapter');
      void this.listener.start();
      const listener = this.listener;
      const pool = poolWithListener(coalescedNotifyPool(this.database.pool!), listener);
      const factory = createPostgresAdapter(pool, {
        errorHandler: warn,
        heartbeatInterval: NODE_HEARTBEAT_MS,
        heartbeatTimeout: NODE_TIMEOUT_MS,
      });
      io.adapter(
        localFirst(factory as Parameters<typeof localFirst>[0], warn, {
          publishes: (adapter) => !aloneInCluster(adapter, listener),
        }) as never,
      );
    }
    const namespace = io.of('/attendance');
    namespace.use((socket, next) => {
      this.authenticate(socket)
        .then(() => next())
        .catch((error: Error) =>
          next(
            Object.assign(new Error(error.message), { data: { code: (error as { code?: string }).code } }),
          ),
        );
    });
    namespace.on('connection', (socket) => {
      const data = socket.data as TSocketData;
      void socket.join([rooms.account(data.accountId), rooms.user(data.userId)]);
      for (const handler of this.handlers) handler(socket, namespace);
    });
  }

  private async authenticate(socket: Socket) {
    const parsed = ZHandshake.safeParse(socket.handshake.auth);
    if (!parsed.success) throw Object.assign(new Error('invalid token'), { code: 'JWT_INVALID' });
    const { accID, userID, token, platform } = parsed.data;
    let sub: string;
    try {
      sub = (await this.jwt.verify(token)).sub;
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'JWT_INVALID';
      const message = {
        JWT_EXPIRED: 'jwt expired',
        JWT_INVALID_SIGNATURE: 'invalid signature',
        JWT_MALFORMED: 'jwt malformed',
      }[code];
      throw Object.assign(new Error(message ?? 'invalid token'), { code });
    }
    if (sub !== userID)
      throw Object.assign(new Error('Invalid acc or user ID'), { code: 'ACC_INVALID_USER' });
    const db = this.database.db;
    const bundle = await this.cache.account(accID, () => loadAccountBundle(db, accID));
    if (!bundle || bundle.account.status === 2)
      throw Object.assign(new Error('Acc not found'), { code: 'ACC_NOT_FOUND' });
    const member = await this.cache.member(accID, userID, () => loadMembership(db, accID, userID));
    if (!member) throw Object.assign(new Error('Invalid acc or user ID'), { code: 'ACC_INVALID_USER' });
    socket.data = { accountId: accID, userId: userID, role: member.role, platform } satisfies TSocketData;
  }

  emitToAccount(accountId: string, event: string, payload: unknown) {
    this.io?.of('/attendance').to(rooms.account(accountId)).emit(event, payload);
  }

  emitToUser(userId: string, event: string, payload: unknown) {
    this.io?.of('/attendance').to(rooms.user(userId)).emit(event, payload);
  }

  emitToRoom(room: string, event: string, payload: unknown) {
    this.io?.of('/attendance').to(room).emit(event, payload);
  }

  /** Disconnects a user's sockets in one account (e.g. removed from it), on every node. */
  disconnectUser(accountId: string, userId: string) {
    this.io
      ?.of('/attendance')
      .in(rooms.user(userId))
      .fetchSockets()
      .then((sockets) => {
        for (const s of sockets) if ((s.data as TSocketData).accountId === accountId) s.disconnect(true);
      })
      .catch(() => undefined);
  }

  /** Disconnects every socket of a deleted account, on every node. */
  disconnectAccount(accountId: string) {
    this.io?.of('/attendance').in(rooms.account(accountId)).disconnectSockets(true);
  }

  async close() {
    if (this.io) {
      this.io.of('/attendance').disconnectSockets(true);
      await new Promise<void>((resolve) => this.io!.close(() => resolve()));
      this.io = null;
    }
    for (const client of this.redis) client.disconnect();
    await this.listener?.stop();
  }
}

/**
 * A warning logged at most once per 5 s, with how many were left out: while the database is away
 * every broadcast fails, and one line each would flood the log.
 */
function throttledWarning(log: FastifyBaseLogger, message: string) {
  let last = 0;
  let suppressed = 0;
  return (err: unknown) => {
    const now = Date.now();
    if (now - last < 5_000) {
      suppressed += 1;
      return;
    }
    log.warn({ err, suppressed }, message);
    last = now;
    suppressed = 0;
  };
}

import { rooms } from '../../platform/rooms';
import { LIMITS, type TTeamMember } from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { TDb } from '../../platform/db/client';
import type { Realtime, TSocketData } from '../../platform/realtime';
import { listTeam, recordActivity, recordSeen, type TTeamRow } from './presence.repo';
import type { TeamDirectory } from './team-directory';
import { userRoom } from './team-chat.service';

const ACTIVITY_WRITE_MS = 30_000;

interface TPending {
  users: Set<string>;
  timer: NodeJS.Timeout;
}

/**
 * Presence of spec §4/§9: online while connected and active, idle after idleMs without activity,
 * offline when no socket of the user is left (on any node: the adapter's fetchSockets) or after
 * pingOffline. Changes are coalesced per account for flushMs and pushed as teamMembers deltas.
 */
export class PresenceService {
  idleMs: number = LIMITS.teamChat.idleMs;
  flushMs = 50;
  private readonly idleTimers = new Map<string, NodeJS.Timeout>();
  private readonly lastWrite = new Map<string, number>();
  private readonly lastActive = new Map<string, number>();
  private readonly pending = new Map<string, TPending>();
  private stopped = false;

  constructor(
    private readonly db: TDb,
    private readonly realtime: Realtime,
    private readonly directory: TeamDirectory,
    private readonly log: () => FastifyBaseLogger,
  ) {}

  /**
   * A new socket: active now; everyone is told the change. The full member list is not pushed to
   * each socket (1,000 sockets × the whole roster is most of the memory and latency under load):
   * clients read it from GET /p/team-chat/members and apply these changes on top.
   */
  async connected(socket: Socket) {
    const { accountId, userId } = socket.data as TSocketData;
    await this.activity(accountId, userId, true);
    this.queue(accountId, userId);
  }

  /**
   * Activity (ping, message). The database is written at once when `force` (pings, connections),
   * otherwise at most every 30 s per user and process; members are told only when the user may
   * have been idle or offline before (so a busy chat does not flood everyone with presence).
   */
  async activity(accountId: string, userId: string, force = false): Promise<Date> {
    const key = `${accountId}:${userId}`;
    const now = Date.now();
    const previous = this.lastActive.get(key);
    this.lastActive.set(key, now);
    this.armIdle(accountId, userId);
    const changed = previous === undefined || now - previous >= this.idleMs;
    if (force || changed || now - (this.lastWrite.get(key) ?? 0) >= ACTIVITY_WRITE_MS) {
      this.lastWrite.set(key, now);
      await recordActivity(this.db, accountId, userId);
    }
    if (changed) this.queue(accountId, userId);
    return new Date(now);
  }

  async offline(accountId: string, userId: string): Promise<Date> {
    this.forget(accountId, userId);
    await recordSeen(this.db, accountId, userId, true);
    this.queue(accountId, userId);
    return new Date();
  }

  /** A socket left: offline when it was the user's last one in this account, on every node. */
  async disconnected(accountId: string, userId: string) {
    const left = await this.realtime.namespace.in(userRoom(accountId, userId)).fetchSockets();
    if (left.length > 0) return;
    this.forget(accountId, userId);
    await recordSeen(this.db, accountId, userId, false);
    this.queue(accountId, userId);
  }

  private armIdle(accountId: string, userId: string) {
    const key = `${accountId}:${userId}`;
    clearTimeout(this.idleTimers.get(key));
    const timer = setTimeout(() => {
      this.idleTimers.delete(key);
      this.queue(accountId, userId);
    }, this.idleMs + 10);
    timer.unref();
    this.idleTimers.set(key, timer);
  }

  private forget(accountId: string, userId: string) {
    const key = `${accountId}:${userId}`;
    clearTimeout(this.idleTimers.get(key));
    this.idleTimers.delete(key);
    this.lastWrite.delete(key);
    this.lastActive.delete(key);
  }

  private queue(accountId: string, userId: string) {
    // After stop (shutdown), late disconnect handlers must not arm timers that outlive the database.
    if (this.stopped) return;
    let pending = this.pending.get(accountId);
    if (!pending) {
      const timer = setTimeout(() => {
        this.flush(accountId).catch((err) => this.log().warn({ err }, 'team chat presence flush failed'));
      }, this.flushMs);
      pending = { users: new Set(), timer };
      this.pending.set(accountId, pending);
    }
    pending.users.add(userId);
  }

  private async flush(accountId: string) {
    const pending = this.pending.get(accountId);
    if (!pending) return;
    this.pending.delete(accountId);
    const users = [...pending.users];
    const changed = await this.snapshot(accountId, users);
    if (changed.length)
      this.realtime.namespace
        .to(rooms.account(accountId))
        .emit('teamMembers', { full: false, members: changed });
  }

  /** Members (all, or `userIds`) with status and last seen, from stored presence and the sockets connected anywhere. */
  async snapshot(accountId: string, userIds?: string[]): Promise<TTeamMember[]> {
    const targets = userIds ? userIds.map((u) => userRoom(accountId, u)) : [rooms.account(accountId)];
    // The namespace first: if realtime is closed this throws before any query is left unawaited.
    const connected = this.realtime.namespace.in(targets).fetchSockets();
    const [team, sockets] = await Promise.all([
      userIds ? listTeam(this.db, accountId, userIds) : this.directory.fresh(accountId),
      connected,
    ]);
    const online = new Set(sockets.map((s) => (s.data as TSocketData).userId));
    const now = Date.now();
    return team.map((m) => ({
      userId: m.userId,
      name: m.name,
      avatar: m.avatar,
      status: this.statusOf(m, online.has(m.userId), now),
      lastSeen: m.lastSeenAt?.toISOString() ?? null,
    }));
  }

  private statusOf(m: TTeamRow, connected: boolean, now: number): TTeamMember['status'] {
    if (!connected) return 'offline';
    const activity = m.lastActivityAt?.getTime() ?? 0;
    if (m.offlineAt && m.offlineAt.getTime() >= activity) return 'offline';
    return now - activity >= this.idleMs ? 'idle' : 'online';
  }

  stop() {
    this.stopped = true;
    for (const t of this.idleTimers.values()) clearTimeout(t);
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.idleTimers.clear();
    this.pending.clear();
  }
}

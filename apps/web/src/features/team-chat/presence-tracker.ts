import { LIMITS } from '@atende/shared';

export interface TPresenceOptions {
  /** pingLastSeen: the user is here. */
  ping: () => void;
  now?: () => number;
  idleMs?: number;
  pingMs?: number;
}

/**
 * Presence of spec §4/§9 on the client: while the user moves the mouse or types, pingLastSeen goes
 * out every 120 s; after 5 minutes without activity the pings stop (the server then shows the user
 * idle), and the first activity after that pings at once (online again).
 */
export class PresenceTracker {
  private lastActivity: number;
  private timer?: ReturnType<typeof setInterval>;
  private readonly now: () => number;
  private readonly idleMs: number;
  private readonly pingMs: number;

  constructor(private readonly options: TPresenceOptions) {
    this.now = options.now ?? Date.now;
    this.idleMs = options.idleMs ?? LIMITS.teamChat.idleMs;
    this.pingMs = options.pingMs ?? LIMITS.teamChat.presencePingMs;
    this.lastActivity = this.now();
  }

  /** Starts the 120 s pings (on connect). */
  start(): void {
    this.stop();
    this.timer = setInterval(() => {
      if (!this.idle()) this.options.ping();
    }, this.pingMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  idle(): boolean {
    return this.now() - this.lastActivity >= this.idleMs;
  }

  /** Mouse or keyboard activity. */
  activity(): void {
    const wasIdle = this.idle();
    this.lastActivity = this.now();
    if (wasIdle && this.timer !== undefined) this.options.ping();
  }
}

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

/** Feeds the tracker from the window's mouse and keyboard events; returns the cleanup. */
export function trackWindowActivity(tracker: PresenceTracker, target: Window = window): () => void {
  let last = 0;
  const onActivity = () => {
    const now = Date.now();
    if (now - last < 1_000) return;
    last = now;
    tracker.activity();
  };
  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, onActivity, { passive: true });
  return () => {
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, onActivity);
  };
}

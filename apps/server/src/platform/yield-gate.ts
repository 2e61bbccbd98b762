import { type EventLoopUtilization, performance } from 'node:perf_hooks';

/** What `YieldGate.run` answers when the caller's deadline came before a slot (the work did not run). */
export const GATE_EXPIRED: unique symbol = Symbol('GATE_EXPIRED');

/** The most calls in flight, the fewest, the busy/idle utilisation thresholds and how often they are read. */
export interface TYieldGateOptions {
  max: number;
  min?: number;
  high?: number;
  low?: number;
  windowMs?: number;
  /**
   * Whether others wait on this process now, whatever its own loop's load (requests queued while
   * the database is what is busy): read each window, it counts as a busy loop.
   */
  pressed?: () => boolean;
}

type TWaiter = { admit: () => void; timer: NodeJS.Timeout | null };

/**
 * Bulk work that yields to people (the inbox, team chat) on this process: a limit on calls in
 * flight that follows how busy the event loop is. A customer's message takes a dozen database
 * round trips before an agent's socket gets it, each waiting for its turn on the event loop; a
 * campaign dispatch keeping 32 provider calls in flight took so many turns that the inbox slowed
 * down several times over while a campaign ran. Every `windowMs`: a loop busier than `high`
 * (event loop utilisation, 0–1) cuts the limit by a third, one below `low` lets one more call in
 * (additive increase, multiplicative decrease, as TCP does).
 *
 * The limit is about this process's CPU, not the provider's speed: calls that wait on a slow
 * network leave the loop idle, so the limit climbs to `max` and hides the latency; calls answered
 * at once (a provider next door) are bounded by the CPU they take.
 *
 * A caller that holds something while it waits (a campaign batch holds claimed recipients under
 * leases) passes a deadline: past it the call is not run and `run` answers GATE_EXPIRED, so the
 * caller can give back what it holds instead of keeping it past its leases.
 */
export class YieldGate {
  private limit: number;
  private inFlight = 0;
  private readonly waiting: TWaiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private last: EventLoopUtilization | null = null;
  /** Whether a slot was asked for since the last window (sampling stops after an idle one). */
  private used = false;
  private readonly o: Required<TYieldGateOptions>;

  constructor(options: TYieldGateOptions) {
    this.o = { min: 1, high: 0.92, low: 0.8, windowMs: 100, pressed: () => false, ...options };
    this.limit = this.o.max;
  }

  /** Calls allowed in flight now. */
  get current() {
    return this.limit;
  }

  /** Slots free now (none while calls wait for one). */
  get available() {
    return Math.max(0, this.limit - this.inFlight - this.waiting.length);
  }

  /** The most calls it ever allows in flight (the limit climbs back to it on an idle loop). */
  get max() {
    return this.o.max;
  }

  /** Runs `work` once a slot is free; GATE_EXPIRED, without running it, when `until` (epoch ms) comes first. */
  async run<T>(work: () => Promise<T>, until = Number.POSITIVE_INFINITY): Promise<T | typeof GATE_EXPIRED> {
    if (!(await this.acquire(until))) return GATE_EXPIRED;
    try {
      return await work();
    } finally {
      this.inFlight--;
      this.admit();
    }
  }

  private acquire(until: number): Promise<boolean> {
    this.used = true;
    if (!this.timer) {
      this.last = performance.eventLoopUtilization();
      this.timer = setInterval(() => this.adjust(), this.o.windowMs);
      this.timer.unref();
    }
    if (Date.now() >= until) return Promise.resolve(false);
    if (this.inFlight < this.limit) {
      this.inFlight++;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const waiter: TWaiter = { admit: () => resolve(true), timer: null };
      if (Number.isFinite(until))
        waiter.timer = setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          resolve(false);
        }, until - Date.now());
      this.waiting.push(waiter);
    });
  }

  private admit() {
    while (this.inFlight < this.limit && this.waiting.length > 0) {
      const waiter = this.waiting.shift()!;
      if (waiter.timer) clearTimeout(waiter.timer);
      this.inFlight++;
      waiter.admit();
    }
  }

  private adjust() {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, this.last!).utilization;
    this.last = now;
    if (!this.used && this.inFlight === 0) {
      clearInterval(this.timer!);
      this.timer = null;
      return;
    }
    this.used = false;
    if (busy > this.o.high || this.o.pressed())
      this.limit = Math.max(this.o.min, Math.floor((this.limit * 2) / 3));
    else if (busy < this.o.low) this.limit = Math.min(this.o.max, this.limit + 1);
    this.admit();
  }
}

export interface TReorderOptions {
  /** How long an item may wait for the numbers before it; then the gap is given up (ms). */
  holdMs?: number;
  /** Streams remembered at most (least recently used forgotten first). */
  maxStreams?: number;
  /** A stream with nothing held and no item for this long is forgotten (ms). */
  idleMs?: number;
  /** Items held per stream at most: one more gives up the gap at once. */
  maxHeld?: number;
  /** An exception thrown by `deliver` (it never stops the stream). */
  onError?: (err: unknown) => void;
  now?: () => number;
}

interface TStream<T> {
  /** The number expected next. */
  next: number;
  /** Items waiting for the numbers before them: seq → item and when it came (null: none yet). */
  held: Map<number, { item: T; at: number }> | null;
  timer: ReturnType<typeof setTimeout> | null;
  touched: number;
}

/**
 * Delivers numbered items of many streams (a conversation's realtime events, numbered 1, 2, 3…)
 * in order per stream: n goes out once n-1 did; an item that comes early waits, at most `holdMs`,
 * after which the missing numbers are taken as lost (the stream must not stop for an event that
 * will never come; clients catch up through the API) and what waited goes out in order. An item
 * whose number already passed (late after its gap was given up) goes out at once: never lost,
 * never held.
 *
 * Every stream starts at 1, and a stream not known here expects 1: a new conversation's first
 * events may still be on their way from another node when a later one arrives. So the first item
 * of a stream forgotten (idle for idleMs, or pushed out by maxStreams) or of one older than this
 * process waits holdMs once — keep idleMs long. Streams are independent (no queue across them);
 * memory is bounded by maxStreams × maxHeld.
 */
export class ReorderBuffer<T> {
  private readonly streams = new Map<string, TStream<T>>();
  private readonly holdMs: number;
  private readonly maxStreams: number;
  private readonly idleMs: number;
  private readonly maxHeld: number;
  private readonly now: () => number;
  private lastSweep = 0;
  /** Items that went out after a later number (their gap had been given up), and gaps given up. */
  readonly stats = { late: 0, gapsSkipped: 0 };

  constructor(
    private readonly deliver: (item: T) => void,
    private readonly options: TReorderOptions = {},
  ) {
    this.holdMs = options.holdMs ?? 500;
    this.maxStreams = options.maxStreams ?? 100_000;
    this.idleMs = options.idleMs ?? 30 * 60_000;
    this.maxHeld = options.maxHeld ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  /** Streams remembered now. */
  get size(): number {
    return this.streams.size;
  }

  /** Items held now across every stream. */
  get held(): number {
    let n = 0;
    for (const s of this.streams.values()) n += s.held?.size ?? 0;
    return n;
  }

  push(key: string, seq: number, item: T): void {
    const now = this.now();
    let stream = this.streams.get(key);
    if (stream) {
      // Most recently used last (the map's order is the eviction order).
      this.streams.delete(key);
      this.streams.set(key, stream);
    } else {
      stream = { next: 1, held: null, timer: null, touched: now };
      this.streams.set(key, stream);
    }
    stream.touched = now;
    this.evict(now);
    if (seq < stream.next) {
      this.stats.late += 1;
      this.send(item);
      return;
    }
    if (seq > stream.next) {
      stream.held ??= new Map();
      if (!stream.held.has(seq)) stream.held.set(seq, { item, at: now });
      if (stream.held.size > this.maxHeld) this.skipGap(stream);
      if (stream.held.size === 0) {
        stream.held = null;
        this.disarm(stream);
      } else if (!stream.timer) this.arm(key, stream, now);
      return;
    }
    this.send(item);
    stream.next = seq + 1;
    if (stream.held) {
      this.flush(stream);
      if (stream.held.size === 0) {
        stream.held = null;
        this.disarm(stream);
      }
    }
  }

  /** Gives up every gap and delivers what is held (closing). */
  drain(): void {
    for (const stream of this.streams.values()) {
      while (stream.held?.size) this.skipGap(stream);
      this.disarm(stream);
    }
    this.streams.clear();
  }

  /** Delivers the held items that follow `next` without a gap. */
  private flush(stream: TStream<T>) {
    for (;;) {
      const entry = stream.held?.get(stream.next);
      if (!entry) return;
      stream.held!.delete(stream.next);
      stream.next += 1;
      this.send(entry.item);
    }
  }

  /** The missing numbers before the lowest held one are lost: go on from it. */
  private skipGap(stream: TStream<T>) {
    let lowest = Number.POSITIVE_INFINITY;
    for (const seq of stream.held?.keys() ?? []) if (seq < lowest) lowest = seq;
    if (lowest === Number.POSITIVE_INFINITY) return;
    this.stats.gapsSkipped += 1;
    stream.next = lowest;
    this.flush(stream);
  }

  /** A timer for the item held longest: when it fires, gaps before overdue items are given up. */
  private arm(key: string, stream: TStream<T>, now: number) {
    let oldest = Number.POSITIVE_INFINITY;
    for (const { at } of stream.held?.values() ?? []) if (at < oldest) oldest = at;
    const timer = setTimeout(() => this.expire(key, stream), Math.max(0, oldest + this.holdMs - now));
    timer.unref?.();
    stream.timer = timer;
  }

  private disarm(stream: TStream<T>) {
    if (stream.timer) clearTimeout(stream.timer);
    stream.timer = null;
  }

  private expire(key: string, stream: TStream<T>) {
    stream.timer = null;
    const now = this.now();
    const overdue = () => {
      for (const { at } of stream.held?.values() ?? []) if (at + this.holdMs <= now) return true;
      return false;
    };
    while (overdue()) this.skipGap(stream);
    if (stream.held?.size) {
      if (this.streams.get(key) === stream) this.arm(key, stream, now);
    } else stream.held = null;
  }

  /**
   * Forgets streams beyond maxStreams (least recently used first, what they hold delivered) and,
   * at most once per idleMs/4, the idle ones (nothing held, no item for idleMs). The map is in
   * use order, so both stop at the first stream to keep.
   */
  private evict(now: number) {
    while (this.streams.size > this.maxStreams) {
      const [key, stream] = this.streams.entries().next().value!;
      while (stream.held?.size) this.skipGap(stream);
      this.disarm(stream);
      this.streams.delete(key);
    }
    if (now - this.lastSweep < this.idleMs / 4) return;
    this.lastSweep = now;
    for (const [key, stream] of this.streams) {
      if (now - stream.touched < this.idleMs) break;
      if (stream.held?.size) continue;
      this.streams.delete(key);
    }
  }

  private send(item: T) {
    try {
      this.deliver(item);
    } catch (err) {
      this.options.onError?.(err);
    }
  }
}

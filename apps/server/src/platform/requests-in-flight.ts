import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * A count's average over time, each value weighted by how long it held: read once `windowMs` has
 * passed since the last window closed, it closes the window and answers its average (until then
 * it answers the last closed window's).
 */
export class TimeWeightedCount {
  private value = 0;
  private area = 0;
  private changedAt: number;
  private windowStart: number;
  private closed = 0;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.changedAt = this.now();
    this.windowStart = this.changedAt;
  }

  /** The count now. */
  get current() {
    return this.value;
  }

  add(delta: number) {
    this.settle(this.now());
    this.value += delta;
  }

  average(): number {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.settle(now);
      this.closed = this.area / (now - this.windowStart);
      this.area = 0;
      this.windowStart = now;
    }
    return this.closed;
  }

  private settle(now: number) {
    this.area += this.value * (now - this.changedAt);
    this.changedAt = now;
  }
}

/**
 * HTTP requests this process is serving: people and providers waiting on it. Averaged over a
 * quarter of a second: a steady 200 msg/s keeps about three in flight with passing peaks of a
 * dozen, a burst that outruns the process keeps them near its clients' count (28 of 32 in
 * bench/webhooks); read at an instant, the peaks looked like a burst.
 */
const serving = new TimeWeightedCount(250);

/** Counts the server's requests from their arrival until their response closes (sent or aborted). */
export function trackRequestsInFlight(app: FastifyInstance) {
  app.server.prependListener('request', (_request, response) => {
    serving.add(1);
    response.once('close', () => serving.add(-1));
  });
}

/** Requests in flight in this process now (see trackRequestsInFlight). */
export function requestsInFlight(): number {
  return serving.current;
}

/** Requests in flight in this process on average over the last quarter of a second. */
export function requestsInFlightAverage(): number {
  return serving.average();
}

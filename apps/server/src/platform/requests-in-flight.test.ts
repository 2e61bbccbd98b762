import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestsInFlight, TimeWeightedCount, trackRequestsInFlight } from './requests-in-flight';

/** Bulk work (webhook deliveries) gives way while requests wait on the process: the count it reads. */
describe('requests in flight', () => {
  it('counts a request from its arrival until its response closes, errors and aborts included', async () => {
    const app = Fastify({ forceCloseConnections: true });
    trackRequestsInFlight(app);
    let during = -1;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    app.get('/now', async () => {
      during = requestsInFlight();
      return { ok: true };
    });
    app.get('/held', async () => {
      await held;
      return { ok: true };
    });
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const before = requestsInFlight();
      expect((await fetch(`${url}/now`)).status).toBe(200);
      expect(during).toBe(before + 1);
      expect((await fetch(`${url}/fails`)).status).toBe(500);
      expect((await fetch(`${url}/missing`)).status).toBe(404);
      // A client that gives up: its request stops counting once its connection closes.
      const abort = new AbortController();
      const gone = fetch(`${url}/held`, { signal: abort.signal }).catch(() => 'aborted');
      await expect.poll(() => requestsInFlight()).toBe(before + 1);
      abort.abort();
      expect(await gone).toBe('aborted');
      await expect.poll(() => requestsInFlight()).toBe(before);
      release();
    } finally {
      await app.close();
    }
  });

  it('averages the count over a window, each value weighted by how long it held', () => {
    let now = 0;
    const count = new TimeWeightedCount(250, () => now);
    count.add(10);
    now = 100;
    count.add(-10);
    now = 200;
    expect(count.average()).toBe(0); // the window is still open: the last closed one's (none)
    now = 250;
    expect(count.average()).toBe(4); // 10 for 100 of 250 ms
    // A passing peak of a dozen over a steady three: about three on average.
    count.add(3);
    now = 300;
    count.add(9);
    now = 305;
    count.add(-9);
    now = 500;
    expect(count.current).toBe(3);
    expect(count.average()).toBeCloseTo(3.18, 2);
  });
});

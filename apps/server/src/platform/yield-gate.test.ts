import { describe, expect, it } from 'vitest';
import { YieldGate } from './yield-gate';

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Keeps the event loop busy (no I/O, no timers) for `ms`. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
};

describe('YieldGate (bulk work gives way to a busy event loop)', () => {
  it('lets up to max calls run at once while the loop is idle, and queues the rest', async () => {
    const gate = new YieldGate({ max: 3 });
    let running = 0;
    let most = 0;
    const call = () =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        await later(20);
        running--;
        return 'done';
      });
    const answers = await Promise.all(Array.from({ length: 10 }, call));
    expect(answers).toEqual(Array(10).fill('done'));
    expect(most).toBe(3);
  });

  it('cuts the limit after a busy window and raises it again, one call at a time, when the loop is idle', async () => {
    const gate = new YieldGate({ max: 30, windowMs: 50 });
    let release!: () => void;
    const held = gate.run(() => new Promise<void>((r) => (release = r)));
    busy(200);
    await later(80);
    const cut = gate.current;
    expect(cut).toBeLessThan(30);
    expect(cut).toBeGreaterThanOrEqual(1);
    await later(400);
    expect(gate.current).toBeGreaterThan(cut);
    release();
    await held;
  });

  it('passes the work’s failure through and frees its slot', async () => {
    const gate = new YieldGate({ max: 1 });
    await expect(gate.run(async () => Promise.reject(new Error('provider down')))).rejects.toThrow(
      'provider down',
    );
    expect(await gate.run(async () => 42)).toBe(42);
  });
});

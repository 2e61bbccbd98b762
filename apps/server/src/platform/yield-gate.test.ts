import { describe, expect, it, vi } from 'vitest';
import { GATE_EXPIRED, YieldGate } from './yield-gate';

/** Keeps the event loop busy (no I/O, no timers) for `ms`. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
};

/** A call that runs until released. */
function heldCall(gate: YieldGate, until?: number) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const started = vi.fn();
  const answer = gate.run(async () => {
    started();
    await held;
    return 'done';
  }, until);
  return { answer, release, started };
}

describe('YieldGate (bulk work gives way to a busy event loop)', () => {
  it('lets up to max calls run at once while the loop is idle, and queues the rest', async () => {
    const gate = new YieldGate({ max: 3 });
    const calls = Array.from({ length: 5 }, () => heldCall(gate));
    await vi.waitFor(() => expect(calls.filter((c) => c.started.mock.calls.length).length).toBe(3));
    expect(calls[3].started).not.toHaveBeenCalled();
    calls[0].release();
    await vi.waitFor(() => expect(calls[3].started).toHaveBeenCalled());
    expect(calls[4].started).not.toHaveBeenCalled();
    for (const c of calls) c.release();
    expect(await Promise.all(calls.map((c) => c.answer))).toEqual(Array(5).fill('done'));
  });

  it('cuts the limit after a busy window and raises it again, one call at a time, when the loop is idle', async () => {
    const gate = new YieldGate({ max: 30, windowMs: 50 });
    const first = heldCall(gate);
    busy(200);
    await vi.waitFor(() => expect(gate.current).toBeLessThan(30));
    const cut = gate.current;
    expect(cut).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(gate.current).toBeGreaterThan(cut), { timeout: 2000 });
    first.release();
    expect(await first.answer).toBe('done');
  });

  it('cuts the limit while others wait on the process (pressed), however idle its loop, and raises it once they are served', async () => {
    let pressed = true;
    const gate = new YieldGate({ max: 30, windowMs: 20, pressed: () => pressed });
    const first = heldCall(gate);
    await vi.waitFor(() => expect(gate.current).toBe(1));
    expect(gate.available).toBe(0);
    pressed = false;
    await vi.waitFor(() => expect(gate.current).toBeGreaterThan(2), { timeout: 2000 });
    expect(gate.available).toBe(gate.current - 1);
    first.release();
    expect(await first.answer).toBe('done');
  });

  it('answers GATE_EXPIRED without running the work when no slot frees by the deadline, and frees nothing it did not take', async () => {
    const gate = new YieldGate({ max: 1 });
    const holder = heldCall(gate);
    const waiter = heldCall(gate, Date.now() + 50);
    expect(await waiter.answer).toBe(GATE_EXPIRED);
    expect(waiter.started).not.toHaveBeenCalled();
    // The slot is still the holder's: a third call waits for it, then runs.
    const third = heldCall(gate);
    expect(third.started).not.toHaveBeenCalled();
    holder.release();
    await vi.waitFor(() => expect(third.started).toHaveBeenCalled());
    third.release();
    expect([await holder.answer, await third.answer]).toEqual(['done', 'done']);
  });

  it('past its deadline the work does not run, even with a slot free', async () => {
    const gate = new YieldGate({ max: 1 });
    const work = vi.fn(async () => 7);
    expect(await gate.run(work, Date.now() - 1)).toBe(GATE_EXPIRED);
    expect(work).not.toHaveBeenCalled();
    expect(await gate.run(work, Date.now() + 1000)).toBe(7);
  });

  it('passes the work’s failure through and frees its slot', async () => {
    const gate = new YieldGate({ max: 1 });
    await expect(gate.run(async () => Promise.reject(new Error('provider down')))).rejects.toThrow(
      'provider down',
    );
    expect(await gate.run(async () => 42)).toBe(42);
  });
});

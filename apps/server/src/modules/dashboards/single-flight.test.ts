import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight';

describe('SingleFlight', () => {
  it('shares a running load between concurrent callers and forgets it once settled', async () => {
    const flights = new SingleFlight();
    let calls = 0;
    const load = async () => ++calls;
    const [a, b] = await Promise.all([flights.run('k', load), flights.run('k', load)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await flights.run('k', load)).toBe(2);
    expect(await flights.run('other', load)).toBe(3);
  });

  it('serves a value while fresh, then while stale with one refresh behind it, then waits', async () => {
    let now = 0;
    const flights = new SingleFlight(() => now);
    let calls = 0;
    const load = async () => ++calls;
    expect(await flights.run('k', load, 1000, 1000)).toBe(1);
    now = 999;
    expect(await flights.run('k', load, 1000, 1000)).toBe(1);
    now = 1500; // stale: the old value at once, one refresh behind it
    expect(await flights.run('k', load, 1000, 1000)).toBe(1);
    expect(await flights.run('k', load, 1000, 1000)).toBe(2); // the refresh settled at 1500
    expect(calls).toBe(2);
    now = 5000; // too old: waits for a new load
    expect(await flights.run('k', load, 1000, 1000)).toBe(3);
  });

  it('does not keep a failed load', async () => {
    const flights = new SingleFlight();
    await expect(flights.run('k', () => Promise.reject(new Error('down')), 1000)).rejects.toThrow('down');
    expect(await flights.run('k', async () => 'ok', 1000)).toBe('ok');
  });
});

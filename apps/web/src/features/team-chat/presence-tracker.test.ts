import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PresenceTracker } from './presence-tracker';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PresenceTracker', () => {
  it('pings every 120 s while the user is active', () => {
    const ping = vi.fn();
    const tracker = new PresenceTracker({ ping });
    tracker.start();
    vi.advanceTimersByTime(119_999);
    expect(ping).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ping).toHaveBeenCalledTimes(1);
    tracker.activity();
    vi.advanceTimersByTime(120_000);
    expect(ping).toHaveBeenCalledTimes(2);
    tracker.stop();
  });

  it('stops pinging after 5 minutes without activity and pings at once when the user is back', () => {
    const ping = vi.fn();
    const tracker = new PresenceTracker({ ping });
    tracker.start();
    vi.advanceTimersByTime(240_000); // pings at 120 s and 240 s
    expect(ping).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000); // 300 s: idle
    expect(tracker.idle()).toBe(true);
    vi.advanceTimersByTime(360_000);
    expect(ping).toHaveBeenCalledTimes(2);
    tracker.activity();
    expect(ping).toHaveBeenCalledTimes(3);
    expect(tracker.idle()).toBe(false);
    tracker.activity();
    expect(ping).toHaveBeenCalledTimes(3);
    tracker.stop();
  });
});

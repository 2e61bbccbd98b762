import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReorderBuffer } from './reorder-buffer';

describe('ReorderBuffer (a conversation’s numbered events, in order)', () => {
  let out: string[];
  beforeEach(() => {
    vi.useFakeTimers();
    out = [];
  });
  afterEach(() => vi.useRealTimers());

  const buffer = (options = {}) => new ReorderBuffer<string>((item) => out.push(item), options);

  it('out of order in, in order out, per stream; streams do not wait for each other', () => {
    const b = buffer();
    b.push('a', 1, 'a1');
    b.push('a', 3, 'a3');
    b.push('b', 2, 'b2'); // a stream starts at 1: b1 may still be on its way
    b.push('a', 4, 'a4');
    b.push('b', 1, 'b1');
    b.push('b', 3, 'b3');
    expect(out).toEqual(['a1', 'b1', 'b2', 'b3']);
    b.push('a', 2, 'a2');
    expect(out).toEqual(['a1', 'b1', 'b2', 'b3', 'a2', 'a3', 'a4']);
    expect(b.held).toBe(0);
    expect(b.stats).toEqual({ late: 0, gapsSkipped: 0 });
  });

  it('gives up a gap after holdMs and delivers what waited, in order; a late item still goes out, once', () => {
    const b = buffer({ holdMs: 500 });
    b.push('a', 1, 'a1');
    b.push('a', 4, 'a4');
    vi.advanceTimersByTime(200);
    b.push('a', 3, 'a3');
    vi.advanceTimersByTime(299);
    expect(out).toEqual(['a1']);
    expect(b.held).toBe(2);
    vi.advanceTimersByTime(1);
    // a2 never came within 500 ms of a4's arrival: 3 and 4 go out, in order.
    expect(out).toEqual(['a1', 'a3', 'a4']);
    expect(b.held).toBe(0);
    expect(b.stats.gapsSkipped).toBe(1);
    b.push('a', 5, 'a5');
    expect(out).toEqual(['a1', 'a3', 'a4', 'a5']);
    // The lost one arrives after all: delivered (never dropped), counted as late.
    b.push('a', 2, 'a2');
    expect(out).toEqual(['a1', 'a3', 'a4', 'a5', 'a2']);
    expect(b.stats.late).toBe(1);
  });

  it('an item is held at most holdMs even behind a second gap', () => {
    const b = buffer({ holdMs: 500 });
    b.push('a', 1, 'a1');
    b.push('a', 3, 'a3'); // gap at 2
    vi.advanceTimersByTime(400);
    b.push('a', 6, 'a6'); // gap at 4-5
    vi.advanceTimersByTime(100);
    expect(out).toEqual(['a1', 'a3']);
    b.push('a', 5, 'a5');
    vi.advanceTimersByTime(399);
    expect(out).toEqual(['a1', 'a3']);
    vi.advanceTimersByTime(1);
    expect(out).toEqual(['a1', 'a3', 'a5', 'a6']);
  });

  it('a stream not known here (older than this process, or forgotten) waits holdMs once, then flows', () => {
    const b = buffer({ holdMs: 500 });
    b.push('old', 57, 'o57');
    b.push('old', 58, 'o58');
    vi.advanceTimersByTime(499);
    expect(out).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(out).toEqual(['o57', 'o58']);
    b.push('old', 59, 'o59');
    expect(out).toEqual(['o57', 'o58', 'o59']);
    expect(b.held).toBe(0);
  });

  it('holds at most maxHeld per stream: one more gives the gap up at once', () => {
    const b = buffer({ maxHeld: 3 });
    b.push('a', 1, 'a1');
    for (const n of [3, 4, 5]) b.push('a', n, `a${n}`);
    expect(out).toEqual(['a1']);
    b.push('a', 6, 'a6');
    expect(out).toEqual(['a1', 'a3', 'a4', 'a5', 'a6']);
  });

  it('memory is bounded: at most maxStreams streams (the least recently used go, what they held delivered) and idle ones are forgotten', () => {
    const b = buffer({ maxStreams: 100, idleMs: 1_000 });
    b.push('held', 1, 'h1');
    b.push('held', 3, 'h3');
    for (let i = 0; i < 1_000; i++) b.push(`c${i}`, 1, `c${i}`);
    expect(b.size).toBe(100);
    // The stream holding h3 was the least recently used: the 101st stream pushed it out, its
    // gap given up as it went.
    expect(out.slice(0, 2)).toEqual(['h1', 'c0']);
    expect(out.indexOf('h3')).toBe(out.indexOf('c98') + 1);
    expect(out).toHaveLength(1_002);
    expect(b.held).toBe(0);
    vi.advanceTimersByTime(2_000);
    b.push('fresh', 1, 'f1');
    expect(b.size).toBe(1);
    // A forgotten stream is unknown again: its next item waits for the numbers before it, once.
    b.push('c999', 5, 'c999-5');
    expect(out.at(-1)).toBe('f1');
    vi.advanceTimersByTime(500);
    expect(out.at(-1)).toBe('c999-5');
  });

  it('drain delivers everything held and forgets the streams', () => {
    const b = buffer();
    b.push('a', 1, 'a1');
    b.push('a', 3, 'a3');
    b.push('b', 1, 'b1');
    b.push('b', 4, 'b4');
    b.drain();
    expect(out).toEqual(['a1', 'b1', 'a3', 'b4']);
    expect(b.size).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(out).toHaveLength(4);
  });

  it('a throwing delivery is reported and does not stop the stream', () => {
    const errors: unknown[] = [];
    const b = new ReorderBuffer<string>(
      (item) => {
        if (item === 'a2') throw new Error('socket gone');
        out.push(item);
      },
      { onError: (err) => errors.push(err) },
    );
    b.push('a', 1, 'a1');
    b.push('a', 3, 'a3');
    b.push('a', 2, 'a2');
    expect(out).toEqual(['a1', 'a3']);
    expect(errors).toHaveLength(1);
  });
});

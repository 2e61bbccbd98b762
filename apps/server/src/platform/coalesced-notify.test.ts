import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { coalescedNotifyPool } from './coalesced-notify';

/** A pool that records its queries and answers each when the test says so. */
function fakePool() {
  const calls: Array<{ text: string; values?: unknown[]; done: () => void }> = [];
  const pool = {
    query: (text: string, values?: unknown[]) =>
      new Promise((resolve) => calls.push({ text, values, done: () => resolve({ rows: [] }) })),
    totalCount: 3,
  };
  return { pool: pool as unknown as pg.Pool, calls };
}

describe('coalescedNotifyPool', () => {
  it('sends the notifications asked for during a round trip together, in order', async () => {
    const { pool, calls } = fakePool();
    const wrapped = coalescedNotifyPool(pool);
    const first = wrapped.query('SELECT pg_notify($1, $2)', ['ch', 'a']);
    const rest = ['b', 'c', 'd'].map((p) => wrapped.query('SELECT pg_notify($1, $2)', ['ch', p]));
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0].values![0] as string)).toEqual([['ch', 'a']]);
    calls[0].done();
    await first;
    await new Promise((r) => setImmediate(r));
    expect(calls).toHaveLength(2);
    expect(calls[1].text).toContain('pg_notify');
    expect(JSON.parse(calls[1].values![0] as string)).toEqual([
      ['ch', 'b'],
      ['ch', 'c'],
      ['ch', 'd'],
    ]);
    calls[1].done();
    await Promise.all(rest);
  });

  it('passes every other query and property through', async () => {
    const { pool, calls } = fakePool();
    const wrapped = coalescedNotifyPool(pool);
    const result = wrapped.query('SELECT 1', []);
    expect(calls[0]).toMatchObject({ text: 'SELECT 1', values: [] });
    calls[0].done();
    await expect(result).resolves.toEqual({ rows: [] });
    expect(wrapped.totalCount).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { keyBatcher } from './key-batcher';

describe('keyBatcher', () => {
  it('sends what comes while a batch is in flight together in the next one, per key, each caller its own answer', async () => {
    const batches: Array<[string, number[]]> = [];
    let release!: () => void;
    const first = new Promise<void>((r) => {
      release = r;
    });
    const run = keyBatcher<number, string>(async (key, inputs) => {
      batches.push([key, inputs]);
      if (batches.length === 1) await first;
      return inputs.map((n) => `${key}:${n * 10}`);
    });
    const a = run('acc1', 1);
    const rest = [run('acc1', 2), run('acc1', 3), run('acc2', 4)];
    release();
    expect(await Promise.all([a, ...rest])).toEqual(['acc1:10', 'acc1:20', 'acc1:30', 'acc2:40']);
    expect(batches).toEqual([
      ['acc1', [1]],
      ['acc2', [4]],
      ['acc1', [2, 3]],
    ]);
  });

  it('caps a batch and runs a failed batch again one by one, failing only the bad input', async () => {
    const sizes: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const run = keyBatcher<number, number>(async (_key, inputs) => {
      sizes.push(inputs.length);
      if (sizes.length === 1) await gate;
      if (inputs.includes(13)) throw new Error('bad 13');
      return inputs.map((n) => n + 1);
    }, 2);
    const first = run('k', 0);
    const later = [run('k', 1), run('k', 13), run('k', 3)].map((p) =>
      p.then(
        (v) => ({ ok: v }),
        (e: Error) => ({ error: e.message }),
      ),
    );
    release();
    expect(await first).toBe(1);
    expect(await Promise.all(later)).toEqual([{ ok: 2 }, { error: 'bad 13' }, { ok: 4 }]);
    expect(sizes).toEqual([1, 2, 1, 1, 1]);
  });
});

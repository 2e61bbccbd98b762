import { describe, expect, it } from 'vitest';
import { changesOf } from './activity-changes';

describe('activity changes', () => {
  it('lists the fields that differ, with short values, in the given order', () => {
    expect(
      changesOf(
        { name: 'Loja', hoursEnabled: false, loadSize: 50, hours: { mon: [] }, note: 'x' },
        { name: 'Loja Centro', hoursEnabled: true, loadSize: 50, hours: { mon: ['08:00'] }, note: 'x' },
        ['hoursEnabled', 'name', 'loadSize', 'hours', 'note'],
      ),
    ).toEqual([
      { field: 'hoursEnabled', from: false, to: true },
      { field: 'name', from: 'Loja', to: 'Loja Centro' },
      { field: 'hours' },
    ]);
  });

  it('reports long texts as changed without their values, and null as nothing', () => {
    expect(changesOf({ message: 'a'.repeat(81) }, { message: 'b' }, ['message'])).toEqual([
      { field: 'message' },
    ]);
    expect(changesOf({ downtimeDays: null }, { downtimeDays: 7 }, ['downtimeDays'])).toEqual([
      { field: 'downtimeDays', from: null, to: 7 },
    ]);
    expect(changesOf({ a: [1, 2] }, { a: [1, 2] }, ['a'])).toEqual([]);
  });
});

import { createHash } from 'node:crypto';
import type { TConversationList } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { JsonText } from '../../../platform/envelope';
import { stringifyEnvelope } from '../../../platform/tenant-route';
import { ConversationPageCache, pageVersionOf, storedPageVersion } from './conversation-page-cache';

const page = (count: number, preview = 'Olá'): JsonText<TConversationList> =>
  JsonText.of({ items: [], count, next: null, preview } as TConversationList);

describe('inbox page cache', () => {
  it('answers a page only under the version it was read at', () => {
    const cache = new ConversationPageCache();
    expect(cache.shouldCheck('acc|waiting')).toBe(false); // nothing kept: no version read
    const first = page(1);
    cache.set('acc|waiting', 'v1', first);
    expect(cache.shouldCheck('acc|waiting')).toBe(true);
    expect(cache.get('acc|waiting', 'v1')).toBe(first);
    expect(cache.get('acc|waiting', 'v2')).toBeUndefined();
    expect(cache.get('acc|waiting', null)).toBeUndefined(); // the page is empty now
    expect(cache.get('other|waiting', 'v1')).toBeUndefined();
  });

  it('checks a page that keeps changing less and less often, and every time again after a hit', () => {
    const cache = new ConversationPageCache();
    cache.set('k', 'v0', page(0));
    const checks: boolean[] = [];
    // Every check misses: the page is read again and kept under its new version.
    for (let request = 1; request <= 14; request++) {
      const check = cache.shouldCheck('k');
      checks.push(check);
      if (check) expect(cache.get('k', `changed-${request}`)).toBeUndefined();
      cache.set('k', `v${request}`, page(request));
    }
    // Checks at requests 1, 3, 7 and 15 would follow: 1, 3 and 7 skipped after 1, 2 and 3 misses.
    expect(checks.map((c, i) => (c ? i + 1 : 0)).filter(Boolean)).toEqual([1, 3, 7]);
    expect(checks.slice(7).every((c) => !c)).toBe(true); // at most 7 skipped
    expect(cache.shouldCheck('k')).toBe(true);
    expect(cache.get('k', 'v14')).toBeDefined(); // a hit
    expect(cache.shouldCheck('k')).toBe(true);
    expect(cache.get('k', 'changed')).toBeUndefined(); // one miss: one request skips
    expect(cache.shouldCheck('k')).toBe(false);
    expect(cache.shouldCheck('k')).toBe(true);
  });

  it('keeps at most its size in bytes, dropping the least recently used, and forgets expired pages', () => {
    let now = 0;
    const one = page(1).okBytes.length;
    const cache = new ConversationPageCache(2 * one, 1000, () => now);
    cache.set('a', 'v', page(1));
    cache.set('b', 'v', page(2));
    expect(cache.get('a', 'v')).toBeDefined(); // a used again: b is the oldest
    cache.set('c', 'v', page(3));
    expect(cache.size).toBe(2);
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBeDefined();
    cache.set(
      'big',
      'v',
      JsonText.of({ items: [], count: 0, next: null, x: 'x'.repeat(3 * one) } as TConversationList),
    );
    expect(cache.get('big', 'v')).toBeUndefined(); // larger than the whole cache: not kept
    expect(cache.size).toBe(2);
    now = 1000;
    expect(cache.shouldCheck('a')).toBe(false);
    expect(cache.get('a', 'v')).toBeUndefined();
  });

  it('writes versions as the database does: the count, then the md5 of the rows joined by commas', () => {
    const rows = ['id1.10.20.30', 'id2.11.21.-'];
    const md5 = createHash('md5').update('id1.10.20.30,id2.11.21.-').digest('hex');
    expect(pageVersionOf(2, rows)).toBe(`2:${md5}`);
    expect(storedPageVersion(2, md5)).toBe(pageVersionOf(2, rows));
    expect(pageVersionOf(0, [])).toBeNull();
    expect(storedPageVersion(0, null)).toBeNull();
  });
});

describe('passthrough envelope', () => {
  it('puts data written as JSON once into the envelope as it is, beside the other fields', () => {
    const data = { items: [{ preview: 'aspas " e \\ e </script> e \u2028' }], count: 1 };
    const bytes = stringifyEnvelope({ status: 1, data: JsonText.of(data), frontVersionConflict: true });
    expect(JSON.parse(bytes.toString())).toEqual({ status: 1, data, frontVersionConflict: true });
    expect(JSON.parse(stringifyEnvelope({ status: 1, data: JsonText.of(data) }).toString())).toEqual({
      status: 1,
      data,
    });
    expect(stringifyEnvelope({ status: 1, data })).toBe(JSON.stringify({ status: 1, data }));
  });
});

import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { JsonText } from './envelope';
import { acceptsGzip } from './json-text-gzip';

describe('acceptsGzip', () => {
  it('reads the browsers’ Accept-Encoding and its q-values', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(['deflate', 'gzip'])).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('x-gzip-like')).toBe(false);
  });
});

describe('JsonText.gzippedWhenRepeated', () => {
  it('compresses only from the second time an answer is asked for, once', async () => {
    const answer = JsonText.of({ items: [{ name: 'Zoë "aspas" \u2028' }], count: 1 });
    expect(answer.gzippedWhenRepeated()).toBeNull();
    const second = answer.gzippedWhenRepeated();
    expect(second).not.toBeNull();
    expect(answer.gzippedWhenRepeated()).toBe(second);
    expect(gunzipSync(await (second as Promise<Buffer>)).equals(answer.okBytes)).toBe(true);
  });
});

import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { TFlowBlockOf } from '@atende/shared';
import { renderText, type TTextContext } from './flow-text';

/** Answers larger than this are an error (a bot maps a few fields, never downloads files). */
const MAX_RESPONSE_BYTES = 1024 * 1024;

/** Loopback, private, link-local, CGNAT, multicast and unspecified addresses (IPv4 and IPv6). */
export function isPrivateAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const v6 = ip.toLowerCase();
  return (
    v6 === '::' ||
    v6 === '::1' ||
    v6.startsWith('fc') ||
    v6.startsWith('fd') ||
    v6.startsWith('fe80') ||
    v6.startsWith('ff')
  );
}

/**
 * The HTTP request block: URL, headers and JSON body filled with variables (values JSON-escaped in
 * the body, URL-encoded in the URL), a timeout, and the answer's JSON for the mapping. Never
 * throws: a timeout, a network error, a non-2xx status, a private address or an unreadable answer
 * (when the block maps fields) are `ok: false` (the block's error exit).
 */
export async function runHttpRequest(
  block: TFlowBlockOf<'http_request'>,
  ctx: TTextContext,
  opts: { allowPrivate: boolean },
): Promise<{ ok: boolean; status?: number; json?: unknown }> {
  try {
    const url = new URL(renderText(block.url, ctx, encodeURIComponent));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false };
    if (!opts.allowPrivate) {
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
      if (addresses.length === 0 || addresses.some(isPrivateAddress)) return { ok: false };
    }
    const headers: Record<string, string> = {};
    for (const h of block.headers) if (h.name.trim()) headers[h.name.trim()] = renderText(h.value, ctx);
    let body: string | undefined;
    if (block.body && block.method !== 'GET') {
      body = renderText(block.body, ctx, (v) => JSON.stringify(v).slice(1, -1));
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url, {
      method: block.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(block.timeoutMs),
    });
    const text = await readLimited(res);
    if (res.status < 200 || res.status >= 300 || text === null) return { ok: false, status: res.status };
    if (block.mapping.length === 0) return { ok: true, status: res.status };
    try {
      return { ok: true, status: res.status, json: JSON.parse(text) };
    } catch {
      return { ok: false, status: res.status };
    }
  } catch {
    return { ok: false };
  }
}

async function readLimited(res: Response): Promise<string | null> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

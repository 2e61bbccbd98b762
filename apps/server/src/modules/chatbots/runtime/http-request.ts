import type { TFlowBlockOf } from '@atende/shared';
import { outboundFetch, readLimited } from '../../../platform/outbound-url';
import { renderText, type TTextContext } from './flow-text';

/** The address classification lives with the platform's outbound guard (kept here for its callers). */
export { isPrivateAddress } from '../../../platform/outbound-url';

/** Answers larger than this are an error (a bot maps a few fields, never downloads files). */
const MAX_RESPONSE_BYTES = 1024 * 1024;

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
    // http(s) only, public addresses only (checked where the socket connects), no redirects.
    const url = renderText(block.url, ctx, encodeURIComponent);
    const headers: Record<string, string> = {};
    for (const h of block.headers) if (h.name.trim()) headers[h.name.trim()] = renderText(h.value, ctx);
    let body: string | undefined;
    if (block.body && block.method !== 'GET') {
      body = renderText(block.body, ctx, (v) => JSON.stringify(v).slice(1, -1));
      headers['content-type'] ??= 'application/json';
    }
    const res = await outboundFetch(opts)(url, {
      method: block.method,
      headers,
      body,
      signal: AbortSignal.timeout(block.timeoutMs),
    });
    const text = (await readLimited(res, MAX_RESPONSE_BYTES))?.toString('utf8') ?? null;
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

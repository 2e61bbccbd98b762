import { lookup } from 'node:dns';
import { lookup as lookupAsync } from 'node:dns/promises';
import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { HttpCallError, httpCall, IDLE_MS, type THttpAnswer, type THttpCallInit } from './http-call';

/**
 * Outbound HTTP to addresses users type (webhook endpoints, automation webhooks, chatbot HTTP
 * blocks, knowledge base web pages): only http(s), and never to a loopback, private, link-local,
 * unique-local, CGNAT, multicast, reserved or cloud-metadata address — unless the server allows
 * private addresses (OUTBOUND_HTTP_ALLOW_PRIVATE, for tests and local setups). Every address a name
 * resolves to is checked, and the request connects to the address that was checked (the check runs
 * inside the socket's own DNS lookup), so a name that resolves differently the second time (DNS
 * rebinding) cannot slip through. Redirects are never followed.
 */

/** Why a URL was refused: not http(s), a non-public address, or a name that does not resolve. */
export type TOutboundRefusal = 'scheme' | 'private' | 'unresolvable';

export class OutboundUrlError extends Error {
  override readonly name = 'OutboundUrlError';
  constructor(readonly reason: TOutboundRefusal) {
    super(`outbound URL refused: ${reason}`);
  }
}

export interface TOutboundOptions {
  /** Loopback and private addresses allowed (tests, local setups). */
  allowPrivate: boolean;
}

/** IPv4 ranges that are not the public internet (RFC 6890 special-purpose and friends). */
const V4_BLOCKED: Array<[number, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT (also Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 3], // multicast, reserved and broadcast (224.0.0.0 – 255.255.255.255)
].map(([base, bits]) => [v4Number(base as string), bits as number]);

function v4Number(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function v4Blocked(ip: string): boolean {
  const n = v4Number(ip);
  return V4_BLOCKED.some(
    ([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)),
  );
}

/** The 16 bytes of an IPv6 address (any textual form, with an embedded IPv4 tail or a zone). */
function v6Bytes(ip: string): number[] {
  let text = ip.split('%')[0].toLowerCase();
  const tail: number[] = [];
  const v4 = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    tail.push(...v4[1].split('.').map(Number));
    text = `${text.slice(0, -v4[1].length)}0:0`;
  }
  const [head, rest] = text.split('::');
  const groups = (s: string | undefined) => (s ? s.split(':').filter(Boolean) : []);
  const left = groups(head);
  const right = groups(rest);
  const all =
    rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  const bytes = all.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function v6Blocked(ip: string): boolean {
  const b = v6Bytes(ip);
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const embedded = (at: number) => b.slice(at, at + 4).join('.');
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-compatible ::a.b.c.d: the IPv4 address decides.
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4Blocked(embedded(12));
  if (zeros(0, 12)) return true; // :: (unspecified), ::1 (loopback) and the deprecated ::a.b.c.d
  // NAT64 64:ff9b::/96 and 6to4 2002::/16 reach the IPv4 address they carry.
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12))
    return v4Blocked(embedded(12));
  if (b[0] === 0x20 && b[1] === 0x02) return v4Blocked(embedded(2));
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x00 && b[3] === 0x00) return true; // Teredo 2001::/32
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return true; // documentation
  if (b[0] === 0x01 && b[1] === 0x00 && zeros(2, 8)) return true; // discard 100::/64
  if ((b[0] & 0xfe) === 0xfc) return true; // unique local fc00::/7 (AWS metadata fd00:ec2::254)
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0x80) return true; // link-local fe80::/10
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0xc0) return true; // site-local fec0::/10 (deprecated)
  if (b[0] === 0xff) return true; // multicast
  return false;
}

/**
 * Whether an IP address is NOT on the public internet: loopback, private, link-local, unique-local,
 * CGNAT, multicast, unspecified, documentation/benchmark ranges, cloud metadata, and IPv6 forms that
 * carry such an IPv4 address (mapped, NAT64, 6to4). Anything that is not an IP address counts as private.
 */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  const version = isIP(bare.split('%')[0]);
  if (version === 4) return v4Blocked(bare);
  if (version === 6) return v6Blocked(bare);
  return true;
}

/** The URL parsed and its scheme checked (http or https only). */
export function parseOutboundUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundUrlError('scheme');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundUrlError('scheme');
  return url;
}

/**
 * Checks a URL before it is saved: http(s), and (unless private addresses are allowed) a host
 * whose every resolved address is public. Throws OutboundUrlError.
 */
export async function checkOutboundUrl(raw: string | URL, opts: TOutboundOptions): Promise<URL> {
  const url = parseOutboundUrl(raw);
  if (opts.allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new OutboundUrlError('private');
    return url;
  }
  let addresses: string[];
  try {
    addresses = (await lookupAsync(host, { all: true })).map((a) => a.address);
  } catch {
    throw new OutboundUrlError('unresolvable');
  }
  if (addresses.length === 0) throw new OutboundUrlError('unresolvable');
  if (addresses.some(isPrivateAddress)) throw new OutboundUrlError('private');
  return url;
}

/** The socket's DNS lookup with every answer checked: the connection goes to a checked address. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as unknown as Array<{ address: string; family: number }>;
    if (list.length === 0) return callback(new OutboundUrlError('unresolvable'), '', 4);
    if (list.some((a) => isPrivateAddress(a.address)))
      return callback(new OutboundUrlError('private'), '', 4);
    if ((options as { all?: boolean }).all) return (callback as any)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

export interface TOutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** fetch's shape for outbound calls (a test may pass another implementation). */
export type TOutboundFetch = (url: string | URL, init?: TOutboundInit) => Promise<Response>;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function toResponse(res: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const status = res.statusCode ?? 502;
  const body = NULL_BODY_STATUSES.has(status)
    ? null
    : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
  if (!body) res.resume();
  return new Response(body, { status, statusText: res.statusMessage ?? '', headers });
}

/**
 * An outbound request (fetch-like, redirects not followed) that refuses non-http(s) URLs and, unless
 * `allowPrivate`, connects only to public addresses: an IP literal is checked first, a name in the
 * socket's own lookup. Rejects with OutboundUrlError when refused, with the signal's reason
 * (e.g. a TimeoutError) when aborted.
 */
export function outboundFetch(opts: TOutboundOptions): TOutboundFetch {
  return async (raw, init = {}) => {
    const url = parseOutboundUrl(raw);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host)) throw new OutboundUrlError('private');
    const signal = init.signal;
    signal?.throwIfAborted();
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      let response: IncomingMessage | undefined;
      const req = send(url, {
        method: init.method ?? 'GET',
        headers,
        ...(opts.allowPrivate ? {} : { lookup: checkedLookup }),
      });
      const onAbort = () => {
        response?.destroy(signal?.reason);
        req.destroy(signal?.reason);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', (err) => {
        signal?.removeEventListener('abort', onAbort);
        // Node wraps a lookup failure; the refusal itself is what callers look for.
        const cause = (err as { cause?: unknown }).cause;
        reject(err instanceof OutboundUrlError ? err : cause instanceof OutboundUrlError ? cause : err);
      });
      req.on('response', (res) => {
        response = res;
        // The abort listener stays: aborting while the body is read destroys the stream.
        res.once('close', () => signal?.removeEventListener('abort', onAbort));
        resolve(toResponse(res));
      });
      req.end(init.body);
    });
  };
}

/** A call to an address a user typed, answered whole: see outboundCall. */
export type TOutboundCall = (url: string, init: Omit<THttpCallInit, 'agents'>) => Promise<THttpAnswer>;

/** Kept-alive connections whose every address was checked where it resolved. */
const checkedAgents = {
  http: new HttpAgent({ keepAlive: true, scheduling: 'lifo', timeout: IDLE_MS, lookup: checkedLookup }),
  https: new HttpsAgent({ keepAlive: true, scheduling: 'lifo', timeout: IDLE_MS, lookup: checkedLookup }),
};

/**
 * outboundFetch's checks on httpCall (kept-alive connections, the answer read whole up to
 * `maxBytes`, no web streams): for calls made many times a second whose answer is small — webhook
 * deliveries. Rejects with OutboundUrlError when refused, else with httpCall's HttpCallError.
 */
export function outboundCall(opts: TOutboundOptions): TOutboundCall {
  return async (raw, init) => {
    const url = parseOutboundUrl(raw);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host)) throw new OutboundUrlError('private');
    try {
      return await httpCall(url.toString(), {
        ...init,
        ...(opts.allowPrivate ? {} : { agents: checkedAgents }),
      });
    } catch (error) {
      // A refusal in the socket's lookup is what callers look for (Node may wrap it).
      const cause = error instanceof HttpCallError ? error.cause : undefined;
      const inner = (cause as { cause?: unknown } | undefined)?.cause;
      if (cause instanceof OutboundUrlError) throw cause;
      if (inner instanceof OutboundUrlError) throw inner;
      throw error;
    }
  };
}

/**
 * The body of a response as bytes, at most `maxBytes` (null when larger: the rest is not read).
 */
export async function readLimited(res: Response, maxBytes: number): Promise<Buffer | null> {
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

import { Agent as HttpAgent, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * A JSON/form call to a provider's API (Meta's Graph API, Twilio) on node:http with kept-alive
 * connections. Measured on loopback, a call through the global fetch costs about 330 µs of CPU on
 * the caller and one through node:http about 35 µs (fetch builds web streams, a Headers list and
 * an AbortSignal per call): at a campaign's 1,000 sends a second that is a third of a core the
 * inbox got back. Only for our own configured provider bases — addresses users type go through
 * outbound-url.ts, which checks where they resolve.
 */
export interface THttpCallInit {
  method: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** The whole call: connecting, sending and reading the answer. */
  timeoutMs: number;
  /**
   * Answers longer than this fail the call (ANSWER_TOO_LARGE), or are cut there (`overflow: 'cut'`,
   * for callers that keep an excerpt: with it, a body still coming when the time runs out is cut
   * too, and the answer's status stands).
   */
  maxBytes?: number;
  overflow?: 'fail' | 'cut';
  /** Connection pools other than the default ones (outbound-url.ts: addresses checked where they resolve). */
  agents?: { http: HttpAgent; https: HttpsAgent };
}

export interface THttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * Why a call failed. `maybeSent` is false only when the request cannot have reached the server:
 * the connection was never made (refused, unresolvable, unreachable, or the time ran out while
 * connecting). A send whose call failed with maybeSent may have been done.
 */
export class HttpCallError extends Error {
  override readonly name = 'HttpCallError';
  constructor(
    readonly code: string,
    readonly maybeSent: boolean,
    override readonly cause?: unknown,
  ) {
    super(`provider call failed: ${code}`);
  }
}

/**
 * Kept-alive connections are dropped after IDLE_MS unused: before a server closes its end (5 s is
 * a common keep-alive timeout), so a call rarely meets a connection closed under it — a send that
 * fails so counts as maybe sent.
 */
export const IDLE_MS = 4_000;
const agents = {
  http: new HttpAgent({ keepAlive: true, scheduling: 'lifo', timeout: IDLE_MS }),
  https: new HttpsAgent({ keepAlive: true, scheduling: 'lifo', timeout: IDLE_MS }),
};

export function httpCall(url: string, init: THttpCallInit): Promise<THttpAnswer> {
  const https = url.startsWith('https:');
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  const maxBytes = init.maxBytes ?? 1_048_576;
  return new Promise((resolve, reject) => {
    let connected = false;
    let settled = false;
    const fail = (code: string, cause?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new HttpCallError(code, connected, cause));
      req.destroy();
    };
    const pools = init.agents ?? agents;
    const req = (https ? httpsRequest : httpRequest)(url, {
      method: init.method,
      headers,
      agent: https ? pools.https : pools.http,
    });
    let cutShort: (() => void) | null = null;
    const timer = setTimeout(
      () => (cutShort ? cutShort() : fail(connected ? 'TIMEOUT' : 'CONNECT_TIMEOUT')),
      init.timeoutMs,
    );
    req.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    req.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? 'NETWORK', error));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const answer = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 502,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      };
      res.on('data', (chunk: Buffer) => {
        if (size + chunk.length > maxBytes) {
          if (init.overflow !== 'cut') return fail('ANSWER_TOO_LARGE');
          chunks.push(chunk.subarray(0, maxBytes - size));
          answer();
          req.destroy();
          return;
        }
        size += chunk.length;
        chunks.push(chunk);
      });
      res.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? 'NETWORK', error));
      res.on('end', answer);
      if (init.overflow === 'cut')
        cutShort = () => {
          answer();
          req.destroy();
        };
    });
    req.end(init.body);
  });
}

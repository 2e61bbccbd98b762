import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpCallError, httpCall } from './http-call';
import { closeServer, listenOnLoopback } from '../testing/loopback-server';

let server: Server;
let base: string;
const seen: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }> = [];

beforeAll(async () => {
  ({ server, origin: base } = await listenOnLoopback((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url === '/hang') return; // never answers
      if (req.url === '/stall') {
        res.writeHead(202, { 'content-type': 'text/plain' });
        return res.write('accepted, and then'); // the body never ends
      }
      if (req.url === '/late') {
        setTimeout(() => res.end('late'), 300);
        return;
      }
      if (req.url === '/big') {
        res.writeHead(200);
        return res.end('x'.repeat(5000));
      }
      res.writeHead(req.url === '/fail' ? 400 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: req.url !== '/fail', echo: body }));
    });
  }));
});

afterAll(() => closeServer(server));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('httpCall (provider APIs over kept-alive node:http)', () => {
  it('sends the method, headers and body, and answers the status and the text', async () => {
    const answer = await httpCall(`${base}/v1/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"to":"5511"}',
      timeoutMs: 5000,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ ok: true, echo: '{"to":"5511"}' });
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', url: '/v1/messages', body: '{"to":"5511"}' });
    expect(last.headers.authorization).toBe('Bearer t');
    expect(last.headers['content-length']).toBe('13');
  });

  it('answers error statuses as answers, not failures', async () => {
    const answer = await httpCall(`${base}/fail`, { method: 'GET', timeoutMs: 5000 });
    expect(answer.status).toBe(400);
  });

  it('a refused connection cannot have sent anything: maybeSent false', async () => {
    const { server: closed, origin: url } = await listenOnLoopback(() => undefined);
    await closeServer(closed);
    const error = await failure(httpCall(`${url}/x`, { method: 'POST', body: '{}', timeoutMs: 5000 }));
    expect(error).toBeInstanceOf(HttpCallError);
    expect(error).toMatchObject({ code: 'ECONNREFUSED', maybeSent: false });
  });

  it('a timeout after the request went out may have done the work: maybeSent true', async () => {
    const error = await failure(httpCall(`${base}/hang`, { method: 'POST', body: '{}', timeoutMs: 200 }));
    expect(error).toMatchObject({ code: 'TIMEOUT', maybeSent: true });
    expect(seen.at(-1)?.url).toBe('/hang');
  });

  it("with overflow 'cut', a body that stalls is cut when the time runs out and the status stands", async () => {
    const answer = await httpCall(`${base}/stall`, {
      method: 'POST',
      body: '{}',
      timeoutMs: 200,
      overflow: 'cut',
    });
    expect(answer).toMatchObject({ status: 202, text: 'accepted, and then' });
    const error = await failure(httpCall(`${base}/stall`, { method: 'POST', body: '{}', timeoutMs: 200 }));
    expect(error).toMatchObject({ code: 'TIMEOUT', maybeSent: true });
  });

  it('a slow answer within the time is read whole', async () => {
    expect(await httpCall(`${base}/late`, { method: 'GET', timeoutMs: 5000 })).toMatchObject({
      status: 200,
      text: 'late',
    });
  });

  it('an answer over maxBytes fails instead of filling memory', async () => {
    const error = await failure(httpCall(`${base}/big`, { method: 'GET', timeoutMs: 5000, maxBytes: 1000 }));
    expect(error).toMatchObject({ code: 'ANSWER_TOO_LARGE' });
  });

  it('reuses its connection between calls', async () => {
    const ports = new Set<number>();
    const onConnection = (socket: { remotePort?: number }) => ports.add(socket.remotePort!);
    server.on('connection', onConnection);
    for (let i = 0; i < 5; i++) await httpCall(`${base}/again`, { method: 'GET', timeoutMs: 5000 });
    server.off('connection', onConnection);
    expect(ports.size).toBeLessThanOrEqual(1);
  });
});

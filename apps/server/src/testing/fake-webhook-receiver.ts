import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback-server';

export interface TReceivedWebhook {
  headers: Record<string, string>;
  body: string;
  json: { id: string; event: string; acc: string; at: string; data: Record<string, unknown> };
  /** The status this receiver answered (null: held, never answered). */
  answered: number | null;
}

/**
 * A customer's webhook receiver: records every POST and answers the next scripted status
 * (default 200). `hold` keeps the next requests open without answering (a receiver that never
 * acknowledged), for crash tests.
 */
export class FakeWebhookReceiver {
  readonly received: TReceivedWebhook[] = [];
  /** Statuses to answer, in order; when empty, 200. */
  readonly script: number[] = [];
  /** What a 2xx answer says (default 'ok'). */
  okText = 'ok';
  hold = false;
  private server: Server | null = null;
  url = '';

  async start(): Promise<string> {
    const { server, origin } = await listenOnLoopback((req, res) => void this.handle(req, res));
    this.server = server;
    this.url = `${origin}/hooks`;
    return this.url;
  }

  async stop() {
    await closeServer(this.server);
  }

  /** Deliveries of one event (by the event id of the body). */
  of(eventId: string) {
    return this.received.filter((r) => r.json.id === eventId);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const entry: TReceivedWebhook = { headers, body, json: JSON.parse(body || '{}'), answered: null };
    this.received.push(entry);
    if (this.hold) return;
    const status = this.script.shift() ?? 200;
    entry.answered = status;
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(status < 300 ? this.okText : `failure ${status}`);
  }
}

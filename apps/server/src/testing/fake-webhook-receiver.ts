import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  hold = false;
  private server: Server | null = null;
  url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
    return this.url;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
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
    res.end(status < 300 ? 'ok' : `failure ${status}`);
  }
}

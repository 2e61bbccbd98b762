// Shared by the inbound and crash benchmarks: a WhatsApp Cloud channel inserted into the bench
// account, and a keep-alive sender of correctly signed webhooks (one customer message each, as
// Meta usually delivers them).
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { newWamid, signWhatsApp, whatsappWebhook } from '../apps/server/src/testing/fake-whatsapp';
import { BENCH_DATABASE_URL } from './_support';

export interface TBenchChannel {
  id: string;
  phoneNumberId: string;
  appSecret: string;
}

export async function insertBenchChannel(accountId: string): Promise<TBenchChannel> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  const channel = {
    id: randomUUID(),
    phoneNumberId: String(100_000_000_000 + Math.floor(Math.random() * 1e11)),
    appSecret: randomBytes(16).toString('hex'),
  };
  await client.query(
    `insert into channels (id, account_id, kind, name, external_id, config, secrets)
     values ($1, $2, 'whatsapp-cloud', 'Bench WhatsApp', $3, $4, $5)`,
    [
      channel.id,
      accountId,
      channel.phoneNumberId,
      JSON.stringify({ phoneNumberId: channel.phoneNumberId, wabaId: '1', displayPhone: '+15550000000' }),
      JSON.stringify({ accessToken: 'x', appSecret: channel.appSecret, verifyToken: 'x' }),
    ],
  );
  await client.end();
  return channel;
}

/** `count` distinct WhatsApp ids (digits, no '+') of Brazilian mobiles. */
export function benchPhones(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `55119${String(10_000_000 + i).padStart(8, '0')}`);
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

export interface TWebhookPost {
  wamid: string;
  body: string;
  signature: string;
}

export function buildWebhook(
  channel: TBenchChannel,
  from: string,
  text: string,
  wamid = newWamid(),
): TWebhookPost {
  const body = JSON.stringify(
    whatsappWebhook(channel.phoneNumberId, {
      messages: [{ id: wamid, from, name: `Cliente ${from.slice(-4)}`, text }],
    }),
  );
  return { wamid, body, signature: signWhatsApp(channel.appSecret, body) };
}

/** POSTs a signed webhook; resolves with the status code (rejects on a connection error). */
export function postWebhook(
  baseUrl: string,
  channelId: string,
  post: TWebhookPost,
  timeoutMs = 30_000,
): Promise<number> {
  const url = new URL(`/webhooks/whatsapp-cloud/${channelId}`, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(post.body),
          'x-hub-signature-256': post.signature,
        },
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(post.body);
  });
}

/**
 * A sender that retries until its webhook is answered 200 (a provider retrying through a server's
 * kill -9 and restart): `baseUrl` is asked on every try, since the server may have been replaced.
 * Resolves with the number of retries.
 */
export async function postUntilAnswered(
  baseUrl: () => string,
  channelId: string,
  post: TWebhookPost,
): Promise<number> {
  for (let retries = 0; ; retries++) {
    const status = await postWebhook(baseUrl(), channelId, post, 10_000).catch(() => 0);
    if (status === 200) return retries;
    await new Promise((r) => setTimeout(r, 50));
  }
}

// A conversation's realtime events reach a socket in the order of their commits, whichever node
// stored them: every message:created and conversation:updated carries the conversation's event
// number (`seq`), and each node delivers a conversation's numbers in order (local-first-adapter.ts
// holds an early one until the one before it came through PostgreSQL). On PostgreSQL two app
// processes take signed WhatsApp webhooks for the same conversations at once and a socket on the
// second watches; on PGlite one process runs the same traffic.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TAppChild, startAppChild } from '../../../testing/app-child';
import { newWamid, signedWhatsAppPost, whatsappWebhook } from '../../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows, until } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import { testEngine } from '../../../testing/test-db';
import { type ChatClient, listen } from '../../team-chat/team-chat.testing';
import { connectAgent, withAcc } from '../testing/inbox.testing';
import { insertWhatsAppChannel, type TTestChannel } from '../testing/intake.testing';

const CONVERSATIONS = 8;
const PER_CONVERSATION = 40;
/** Webhooks in flight per node. */
const IN_FLIGHT = 6;

let ctx: TTestApp;
let node1: string;
let node2: string;
let child: TAppChild | undefined;
let owner: TSignedUp;
let channel: TTestChannel;
const clients: ChatClient[] = [];

/** Node 1 (this process) and node 2 (a child process on PostgreSQL), on Redis when `redisUrl`. */
function twoNodes(redisUrl?: string) {
  beforeAll(async () => {
    ctx = await startTestApp(redisUrl ? { REDIS_URL: redisUrl } : {});
    node1 = await listen(ctx);
    owner = await signUp(ctx, { plan: 'pro' });
    channel = await insertWhatsAppChannel(ctx, owner.accountId);
    const database = ctx.app.platform.database;
    child =
      database.kind === 'pg'
        ? await startAppChild(database.connectionString!, redisUrl ? { APP_REDIS_URL: redisUrl } : {})
        : undefined;
    node2 = child?.url ?? node1;
  }, 60_000);
  afterAll(async () => {
    for (const c of clients.splice(0)) c.close();
    await child?.stop();
    await ctx?.close();
  });
}

type TNumbered = {
  conversationId: string;
  seq: number;
  message?: { body: string };
  conversation?: { _id: string; unreadCount: number };
};

async function postWebhook(base: string, phone: string, text: string) {
  const payload = whatsappWebhook(channel.externalId, { messages: [{ id: newWamid(), from: phone, text }] });
  const signed = signedWhatsAppPost(channel.secrets.appSecret, payload);
  const res = await fetch(`${base}/webhooks/whatsapp-cloud/${channel.id}`, {
    method: 'POST',
    headers: signed.headers,
    body: signed.body,
  });
  await res.arrayBuffer();
  if (res.status !== 200)
    throw new Error(`webhook answered ${res.status}${child ? `\n${child.output()}` : ''}`);
}

/** Posts `jobs` in order, `IN_FLIGHT` at a time. */
async function pool(jobs: Array<() => Promise<void>>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < jobs.length) await jobs[next++]();
    }),
  );
}

/** Waits (with a deadline) until `count` message:created events of the account's test traffic arrived. */
async function untilReceived(client: ChatClient, count: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (client.received('message:created').length < count) {
    if (Date.now() > deadline)
      throw new Error(`${client.received('message:created').length} of ${count} message:created arrived`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Customer messages of several conversations, interleaved, message i of each conversation posted
 * to node 1 when i is even and to node 2 when odd, both nodes at once; the socket on node 2 must
 * see each conversation's events in strictly increasing `seq`, none twice, none missing.
 */
async function interleavedTraffic() {
  const watcher = await connectAgent(node2, owner, owner.accountId);
  clients.push(watcher);
  const phones = Array.from(
    { length: CONVERSATIONS },
    (_, c) => `5511977${String(Date.now() % 10_000).padStart(4, '0')}${c}`,
  );
  const toNode: Array<Array<() => Promise<void>>> = [[], []];
  for (let i = 0; i < PER_CONVERSATION; i++)
    for (let c = 0; c < CONVERSATIONS; c++)
      toNode[i % 2].push(() => postWebhook(i % 2 === 0 ? node1 : node2, phones[c], `c${c} m${i}`));
  await Promise.all(toNode.map(pool));
  const total = CONVERSATIONS * PER_CONVERSATION;
  await untilReceived(watcher, total);

  const created = watcher.received('message:created') as TNumbered[];
  const updated = watcher.received('conversation:updated') as TNumbered[];
  const byConversation = new Map<string, TNumbered[]>();
  for (const e of watcher.events) {
    if (e.event !== 'message:created' && e.event !== 'conversation:updated') continue;
    const p = e.payload as TNumbered;
    byConversation.set(p.conversationId, [...(byConversation.get(p.conversationId) ?? []), p]);
  }
  expect(byConversation.size).toBe(CONVERSATIONS);
  expect(created).toHaveLength(total);
  // Each conversation opened once (conversation:updated of its first message).
  expect(new Set(updated.map((u) => u.conversationId)).size).toBe(CONVERSATIONS);

  for (const [conversationId, events] of byConversation) {
    const seqs = events.map((e) => e.seq);
    // In arrival order: 1, 2, 3… — strictly increasing, no duplicate, no gap.
    const outOfOrder = seqs.filter((s, i) => i > 0 && s <= seqs[i - 1]);
    expect({ conversationId, outOfOrder }).toEqual({ conversationId, outOfOrder: [] });
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    // What an API client applying events as they come sees: the unread count only rises.
    const unread = events.filter((e) => e.message).map((e) => e.conversation!.unreadCount);
    expect(unread).toEqual(Array.from({ length: PER_CONVERSATION }, (_, i) => i + 1));
    // The message:created events are numbered after the conversation:updated that opened it.
    expect(events[0].message).toBeUndefined();
    expect(events.filter((e) => e.message)).toHaveLength(PER_CONVERSATION);
  }
  // The stored counter is the last number handed out.
  const rows = await queryRows<{ id: string; event_seq: number }>(
    ctx,
    sql`select id, event_seq::int as event_seq from conversations where account_id = ${owner.accountId}`,
  );
  for (const r of rows) expect(r.event_seq).toBe(byConversation.get(r.id)!.at(-1)!.seq);

  // The agent side numbers its events in the same sequence: a take on node 1, a note on node 2
  // and a customer message on node 1, at once.
  const [conversationId, before] = [...byConversation][0];
  const last = before.at(-1)!.seq;
  const mark = watcher.mark();
  const take = await api(
    ctx.app,
    'POST',
    withAcc(`/p/chat/conversation/${conversationId}/take`, owner.accountId),
    {
      token: owner.token,
    },
  );
  expect(take.statusCode).toBe(200);
  const [note] = await Promise.all([
    fetch(`${node2}${withAcc(`/p/chat/conversation/${conversationId}/note`, owner.accountId)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'nota' }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data: { _id: string } } })),
    postWebhook(node1, phones[0], 'depois da nota'),
  ]);
  expect(note.status).toBe(200);
  await watcher.waitFor('message:created', (p: TNumbered) => p.message?.body === 'nota', { after: mark });
  await watcher.waitFor('message:created', (p: TNumbered) => p.message?.body === 'depois da nota', {
    after: mark,
  });
  const [{ event_seq: now }] = await queryRows<{ event_seq: number }>(
    ctx,
    sql`select event_seq::int as event_seq from conversations where id = ${conversationId}`,
  );
  await until(async () =>
    watcher.events
      .slice(mark)
      .some(
        (e) =>
          (e.payload as TNumbered).conversationId === conversationId && (e.payload as TNumbered).seq === now,
      ),
  );
  const after = watcher.events
    .slice(mark)
    .map((e) => e.payload as TNumbered)
    .filter((p) => p.conversationId === conversationId && p.seq !== undefined)
    .map((p) => p.seq);
  expect(after).toEqual(Array.from({ length: now - last }, (_, i) => last + 1 + i));
}

if (testEngine() === 'pg') {
  describe('conversation events in order across two server processes sharing PostgreSQL', () => {
    twoNodes();
    it('a socket on node 2 gets every conversation’s events in strictly increasing seq while webhooks hit both nodes', async () => {
      expect(node2).not.toBe(node1);
      await interleavedTraffic();
    }, 90_000);
  });
  // CI sets REDIS_URL: the same traffic through the Socket.IO Redis adapter.
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl)
    describe('conversation events in order across two server processes sharing Redis (REDIS_URL)', () => {
      twoNodes(redisUrl);
      it('a socket on node 2 gets every conversation’s events in strictly increasing seq while webhooks hit both nodes', async () => {
        expect(node2).not.toBe(node1);
        await interleavedTraffic();
      }, 90_000);
    });
} else {
  describe('conversation events in order — PGlite pass: embedded PGlite cannot be shared by a second process, so the same traffic goes to one process (in-memory adapter); the two-process run is the TEST_ENGINE=pg pass', () => {
    twoNodes();
    it('a socket gets every conversation’s events numbered 1, 2, 3… in arrival order', async () => {
      expect(ctx.app.platform.database.kind).toBe('pglite');
      expect(node2).toBe(node1);
      await interleavedTraffic();
    }, 90_000);
  });
}

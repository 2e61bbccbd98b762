import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppChild, type TAppChild } from '../../testing/app-child';
import { FakeWhatsApp } from '../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { startTestApp, type TTestApp } from '../../testing/test-app';
import { testEngine } from '../../testing/test-db';
import {
  customerWritesOnWhatsApp,
  insertWhatsAppChannel,
  type TTestChannel,
} from '../inbox/testing/intake.testing';
import { publishedBot } from './testing/chatbots.testing';

/**
 * A bot turn killed (kill -9) after its first reply: the process that runs the jobs next repeats
 * the turn, and the customer gets every reply exactly once — nothing lost, nothing doubled.
 */
const FLOW = {
  version: 1,
  variables: [],
  events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
  groups: [
    {
      id: 'g',
      title: '',
      position: { x: 0, y: 0 },
      blocks: [
        { id: 'b1', type: 'text', text: 'Um' },
        { id: 'b2', type: 'text', text: 'Dois' },
        { id: 'b3', type: 'text', text: 'Três' },
        { id: 'ask', type: 'text_input', prompt: 'Quatro?' },
      ],
    },
  ],
  edges: [{ id: 'e', from: { eventId: 'start' }, to: { groupId: 'g' } }],
};

let ctx: TTestApp;
let fake: FakeWhatsApp;
let graphUrl: string;
let owner: TSignedUp;
let channel: TTestChannel;
const children: TAppChild[] = [];

beforeAll(async () => {
  fake = new FakeWhatsApp();
  graphUrl = await fake.start();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: graphUrl });
  owner = await signUp(ctx, { plan: 'pro' });
  channel = await insertWhatsAppChannel(ctx, owner.accountId);
  await publishedBot(ctx, owner, [channel.id], FLOW);
});

afterAll(async () => {
  for (const child of children) await child.stop();
  await ctx?.close();
  await fake?.stop();
});

const textsTo = (to: string) => fake.sends.filter((s) => s.body.to === to).map((s) => s.body.text?.body);

if (testEngine() === 'pg') {
  describe('a bot turn across a kill -9 (PostgreSQL, two processes)', () => {
    it('the process killed mid-turn lost nothing: the next one finishes the turn, each reply sent once', async () => {
      // From here on this process runs no jobs: only the children do.
      await ctx.app.platform.jobs.stop();
      const first = await startAppChild(ctx.app.platform.database.connectionString!, {
        WHATSAPP_GRAPH_URL: graphUrl,
        APP_WORKERS: '1',
        CHATBOT_TEST_CRASH_AFTER_SENDS: '1',
      });
      children.push(first);
      const phone = '5511960009001';
      expect(await customerWritesOnWhatsApp(first.url, channel, phone, 'Oi')).toBe(200);
      await until(() => Promise.resolve(!first.alive()), 30_000);
      const stored = await queryRows<{ body: string }>(
        ctx,
        sql`select body from messages where account_id = ${owner.accountId} and author_type = 'bot' order by created_at`,
      );
      // Killed after storing its first reply, before the rest.
      expect(stored.map((m) => m.body)).toEqual(['Um']);

      const next = await startAppChild(ctx.app.platform.database.connectionString!, {
        WHATSAPP_GRAPH_URL: graphUrl,
        APP_WORKERS: '1',
      });
      children.push(next);
      await until(() => Promise.resolve(textsTo(phone).length >= 4), 150_000);
      // Every reply stored and sent (acknowledged by the provider) before counting.
      await until(async () => {
        const rows = await queryRows<{ ack: number }>(
          ctx,
          sql`select ack from messages where account_id = ${owner.accountId} and author_type = 'bot'`,
        );
        return rows.length === 4 && rows.every((r) => r.ack >= 1);
      }, 30_000);
      // Each reply reached the customer once (separate messages' sends are separate jobs).
      expect(textsTo(phone).sort()).toEqual(['Dois', 'Quatro?', 'Três', 'Um']);
      const all = await queryRows<{ body: string }>(
        ctx,
        sql`select body from messages where account_id = ${owner.accountId} and author_type = 'bot' order by created_at`,
      );
      expect(all.map((m) => m.body)).toEqual(['Um', 'Dois', 'Três', 'Quatro?']);
    }, 240_000);
  });
} else {
  describe('bot turn crash — PGlite pass: an embedded database belongs to one process, so the kill -9 runs in the TEST_ENGINE=pg pass', () => {
    it('a repeated turn (same turn number) stores and sends nothing twice', async () => {
      const phone = '5511960009002';
      expect(await customerWritesOnWhatsApp(ctx, channel, phone, 'Oi')).toBe(200);
      await until(() => Promise.resolve(textsTo(phone).length >= 4), 20_000);
      const [session] = await queryRows<{ id: string; conversation_id: string }>(
        ctx,
        sql`select id, conversation_id from chatbot_sessions where account_id = ${owner.accountId} order by created_at desc limit 1`,
      );
      // The same turn again (its messages' client ids exist): nothing new is stored.
      await queryRows(
        ctx,
        sql`update chatbot_sessions set turn = 0, state = jsonb_set(state, '{started}', 'false'),
            pending = '[{"id":"again","text":"Oi"}]'::jsonb where id = ${session.id}`,
      );
      await ctx.app.services.chatbotRuntime.turn({ accountId: owner.accountId, sessionId: session.id });
      const all = await queryRows<{ body: string }>(
        ctx,
        sql`select body from messages where conversation_id = ${session.conversation_id} and author_type = 'bot' order by created_at`,
      );
      expect(all.map((m) => m.body)).toEqual(['Um', 'Dois', 'Três', 'Quatro?']);
      expect(textsTo(phone).sort()).toEqual(['Dois', 'Quatro?', 'Três', 'Um']);
    });
  });
}

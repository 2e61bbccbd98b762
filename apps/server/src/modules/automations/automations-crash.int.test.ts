import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppChild, type TAppChild } from '../../testing/app-child';
import { FakeWhatsApp } from '../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { testEngine } from '../../testing/test-db';
import {
  customerWritesOnWhatsApp,
  insertWhatsAppChannel,
  type TTestChannel,
} from '../inbox/testing/intake.testing';
import { automationLog } from './automations.testing';

/**
 * A rule's trigger is a durable job written with the customer's message: a process killed right
 * after storing it still has the rule's actions done — once — by the next process (the run log's
 * unique (rule, event) key and the messages' client ids make any retry a no-op).
 */
let ctx: TTestApp;
let fake: FakeWhatsApp;
let graphUrl: string;
let owner: TSignedUp;
let channel: TTestChannel;
let ruleId: string;
const children: TAppChild[] = [];

beforeAll(async () => {
  fake = new FakeWhatsApp();
  graphUrl = await fake.start();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: graphUrl });
  owner = await signUp(ctx, { plan: 'pro' });
  channel = await insertWhatsAppChannel(ctx, owner.accountId);
  const res = await api(ctx.app, 'POST', `/p/automations?acc=${owner.accountId}`, {
    token: owner.token,
    body: {
      name: 'Boas-vindas',
      trigger: { type: 'message.received' },
      actions: [
        { type: 'send_message', text: 'Recebemos sua mensagem, {{firstName}}.' },
        { type: 'note', text: 'Respondido pela automação' },
      ],
    },
  });
  expect(res.statusCode).toBe(200);
  ruleId = res.body.data._id;
  // From here on this process runs no jobs: only the children do.
  await ctx.app.platform.jobs.stop();
});

afterAll(async () => {
  for (const child of children) await child.stop();
  await ctx?.close();
  await fake?.stop();
});

const textsTo = (to: string) => fake.sends.filter((s) => s.body.to === to).map((s) => s.body.text?.body);

const pendingTriggers = async () =>
  (
    await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from pgboss.job where name = 'event.automations' and state in ('created', 'retry', 'active')`,
    )
  )[0].n;

if (testEngine() === 'pg') {
  describe('automation across a kill -9 (PostgreSQL, two processes)', () => {
    it('a process killed after storing the message still has the rule run once, by the next process', async () => {
      const first = await startAppChild(ctx.app.platform.database.connectionString!, {
        WHATSAPP_GRAPH_URL: graphUrl,
      });
      children.push(first);
      expect(await customerWritesOnWhatsApp(first.url, channel, '5511950000001', 'Oi?')).toBe(200);
      expect(await pendingTriggers()).toBeGreaterThan(0);
      first.child.kill('SIGKILL');
      await until(() => Promise.resolve(!first.alive()));
      expect(textsTo('5511950000001')).toEqual([]);

      const next = await startAppChild(ctx.app.platform.database.connectionString!, {
        WHATSAPP_GRAPH_URL: graphUrl,
        APP_WORKERS: '1',
      });
      children.push(next);
      await until(() => Promise.resolve(textsTo('5511950000001').length > 0), 30_000);
      await until(async () => (await pendingTriggers()) === 0, 30_000);
      const [run] = await until(async () => {
        const rows = await queryRows<{ status: string }>(
          ctx,
          sql`select status from ${automationLog} where automation_id = ${ruleId} and status = 'fired'`,
        );
        return rows.length ? rows : null;
      }, 30_000);
      expect(run.status).toBe('fired');
      expect(textsTo('5511950000001')).toEqual(['Recebemos sua mensagem, Rita.']);
      const stored = await queryRows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from messages where account_id = ${owner.accountId} and author_type = 'bot'`,
      );
      expect(stored[0].n).toBe(2);
    }, 90_000);
  });
} else {
  describe('automation across a kill -9 — PGlite pass: an embedded database belongs to one process, so the kill -9 and restart run in the TEST_ENGINE=pg pass', () => {
    it("the rule's trigger waits as a job written with the message until a process runs the jobs", async () => {
      expect(await customerWritesOnWhatsApp(ctx, channel, '5511950000002', 'Oi?')).toBe(200);
      // The message's job is there, not run yet. The contact's and the conversation's events
      // wrote none: the account's only rule reacts to received messages.
      expect(await pendingTriggers()).toBe(1);
      expect(
        await queryRows(ctx, sql`select 1 from ${automationLog} where automation_id = ${ruleId}`),
      ).toHaveLength(0);
      expect(textsTo('5511950000002')).toEqual([]);
    });
  });
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppChild, type TAppChild } from '../../../testing/app-child';
import { FakeWhatsApp } from '../../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows, until } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import { testEngine } from '../../../testing/test-db';
import {
  customerWritesOnWhatsApp,
  insertWhatsAppChannel,
  type TTestChannel,
} from '../testing/intake.testing';

/**
 * The out-of-hours reply is a durable listener of conversation.opened: its job is written in the
 * transaction that stores the customer's message, so a process killed right after answering the
 * webhook still has it sent — once — by whichever process runs the jobs next.
 */
const MESSAGE = 'Estamos fora do horário. Respondemos amanhã às 8h.';
const CLOSED = { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };

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
  const res = await api(ctx.app, 'PUT', `/p/chat/settings?acc=${owner.accountId}`, {
    token: owner.token,
    body: { hoursEnabled: true, hours: CLOSED, outOfHoursMessageEnabled: true, outOfHoursMessage: MESSAGE },
  });
  expect(res.statusCode).toBe(200);
  // From here on this process runs no jobs: only the children do.
  await ctx.app.platform.jobs.stop();
});

afterAll(async () => {
  for (const child of children) await child.stop();
  await ctx?.close();
  await fake?.stop();
});

const textsTo = (to: string) => fake.sends.filter((s) => s.body.to === to).map((s) => s.body.text?.body);

const pendingReplies = async () =>
  (
    await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from pgboss.job where name = 'event.inbox.out-of-hours' and state = 'created'`,
    )
  )[0].n;

if (testEngine() === 'pg') {
  describe('out-of-hours reply across a kill -9 (PostgreSQL, two processes)', () => {
    it('a process killed after storing the message still gets the reply sent once, by the next process', async () => {
      const first = await startAppChild(ctx.app.platform.database.connectionString!, {
        WHATSAPP_GRAPH_URL: graphUrl,
      });
      children.push(first);
      expect(await customerWritesOnWhatsApp(first.url, channel, '5511960000001', 'Oi?')).toBe(200);
      // Committed with the message: the listener's job is waiting (no process runs jobs yet).
      expect(await pendingReplies()).toBe(1);
      first.child.kill('SIGKILL');
      await until(() => Promise.resolve(!first.alive()));
      expect(textsTo('5511960000001')).toEqual([]);

      const next = await startAppChild(ctx.app.platform.database.connectionString!, {
        WHATSAPP_GRAPH_URL: graphUrl,
        APP_WORKERS: '1',
      });
      children.push(next);
      await until(() => Promise.resolve(textsTo('5511960000001').length > 0), 20_000);
      await until(async () => (await pendingReplies()) === 0, 20_000);
      expect(textsTo('5511960000001')).toEqual([MESSAGE]);
      const stored = await queryRows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from messages where account_id = ${owner.accountId} and client_id = 'auto:out-of-hours'`,
      );
      expect(stored[0].n).toBe(1);
    }, 60_000);
  });
} else {
  describe('out-of-hours reply — PGlite pass: an embedded database belongs to one process, so the kill -9 and restart run in the TEST_ENGINE=pg pass', () => {
    it('the reply waits as a job written with the message until a process runs the jobs', async () => {
      expect(await customerWritesOnWhatsApp(ctx, channel, '5511960000002', 'Oi?')).toBe(200);
      expect(await pendingReplies()).toBe(1);
      expect(textsTo('5511960000002')).toEqual([]);
    });
  });
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppChild, type TAppChild } from '../../../testing/app-child';
import { FakeWebhookReceiver } from '../../../testing/fake-webhook-receiver';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows, until } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import { testEngine } from '../../../testing/test-db';

/**
 * A webhook delivery survives its process: the delivery is a row written with the change, so a
 * process killed (-9) while the receiver has not answered yet loses nothing — the next process
 * sends it again once the dead worker's claim runs out, and the receiver acknowledges it exactly
 * once (a repeat only of the request it never answered).
 */
let ctx: TTestApp;
let owner: TSignedUp;
const receiver = new FakeWebhookReceiver();
const children: TAppChild[] = [];

beforeAll(async () => {
  await receiver.start();
  ctx = await startTestApp();
  owner = await signUp(ctx);
  const call = (method: 'POST', path: string, body: unknown) =>
    api(ctx.app, method, `${path}?acc=${owner.accountId}`, { token: owner.token, body });
  expect((await call('POST', '/p/apps/installs', { app: 'webhooks' })).statusCode).toBe(200);
  const endpoint = await call('POST', '/p/apps/webhooks/endpoints', {
    url: receiver.url,
    events: ['contact.created'],
  });
  expect(endpoint.statusCode).toBe(200);
  // From here on this process runs no jobs: only the children do.
  await ctx.app.platform.jobs.stop();
});

afterAll(async () => {
  for (const child of children) await child.stop();
  await ctx?.close();
  await receiver.stop();
});

const createContact = async (name: string) => {
  const res = await api(ctx.app, 'POST', `/p/chat/contact?acc=${owner.accountId}`, {
    token: owner.token,
    body: { data: { name } },
  });
  expect(res.statusCode).toBe(200);
  return res.body.data._id as string;
};

const deliveryOf = async (contactId: string) =>
  (
    await queryRows<{ status: string; attempts: number }>(
      ctx,
      sql`select d.status, d.attempts from webhook_deliveries d join webhook_events e on e.id = d.event_id
        where e.payload->'data'->>'contactId' = ${contactId}`,
    )
  )[0];

if (testEngine() === 'pg') {
  describe('webhook delivery across a kill -9 (PostgreSQL, two processes)', () => {
    it('a process killed mid-delivery loses nothing: the next process delivers it, acknowledged once', async () => {
      const contactId = await createContact('Kill Nine');
      receiver.hold = true;
      const first = await startAppChild(ctx.app.platform.database.connectionString!, { APP_WORKERS: '1' });
      children.push(first);
      // The first process posted the event; the receiver holds the request without answering.
      await until(
        () => Promise.resolve(receiver.received.some((r) => r.json.data?.contactId === contactId)),
        30_000,
      );
      first.child.kill('SIGKILL');
      await until(() => Promise.resolve(!first.alive()));
      expect((await deliveryOf(contactId)).status).toBe('sending');
      receiver.hold = false;

      const next = await startAppChild(ctx.app.platform.database.connectionString!, { APP_WORKERS: '1' });
      children.push(next);
      await until(async () => (await deliveryOf(contactId))?.status === 'success', 170_000);
      const hooks = receiver.received.filter((r) => r.json.data?.contactId === contactId);
      expect(hooks.map((h) => h.answered)).toEqual([null, 200]);
      expect(new Set(hooks.map((h) => h.json.id)).size).toBe(1);
      expect(await deliveryOf(contactId)).toEqual({ status: 'success', attempts: 2 });
    }, 240_000);
  });
} else {
  describe('webhook delivery — PGlite pass: an embedded database belongs to one process, so the kill -9 runs in the TEST_ENGINE=pg pass', () => {
    it('the event is committed with the contact, due for its fan-out, until a process that runs the workers writes and sends its delivery', async () => {
      const contactId = await createContact('Waiting Delivery');
      const [row] = await queryRows<{ due: boolean; targets: number; deliveries: number }>(
        ctx,
        sql`select e.due_at <= now() as due, cardinality(e.endpoint_ids) as targets,
            (select count(*)::int from webhook_deliveries d where d.event_id = e.id) as deliveries
          from webhook_events e where e.payload->'data'->>'contactId' = ${contactId}`,
      );
      expect(row).toEqual({ due: true, targets: 1, deliveries: 0 });
      expect(receiver.received).toEqual([]);
    });
  });
}

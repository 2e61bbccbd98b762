import { WEBHOOK_HEADERS, WEBHOOK_LIMITS } from '@atende/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeam, NOT_AUTHORIZED, useTwoAccounts } from '../../../testing/app-fixtures';
import { FakeWebhookReceiver, type TReceivedWebhook } from '../../../testing/fake-webhook-receiver';
import { sql } from 'drizzle-orm';
import { queryRows, until } from '../../../testing/helpers';
import { createChannel, seedConversation, webchatBody } from '../../inbox/testing/inbox.testing';
import { signWebhook } from './webhook-signature';
import { pruneDeliveryLog } from './webhooks.repo';

/**
 * The Webhooks app end to end: a domain event becomes one signed POST per subscribed endpoint,
 * failures are retried with backoff until the receiver answers 2xx, every attempt is in the
 * delivery log, an admin replays a delivery and rotates the secret; no account sees another's.
 */
const t = useTwoAccounts();
const receiver = new FakeWebhookReceiver();
const otherReceiver = new FakeWebhookReceiver();
let endpoint: { _id: string; secret: string };

beforeAll(async () => {
  await receiver.start();
  await otherReceiver.start();
  // Retries a few hundred ms apart instead of 30 s (the schedule's shape is the same).
  t.ctx.app.services.appStore.webhookDelivery.retryBaseMs = 100;
  await t.call('POST', '/p/apps/installs', { body: { app: 'webhooks' } });
});
afterAll(async () => {
  await receiver.stop();
  await otherReceiver.stop();
});

const createContact = async (name: string, acc = t.owner.accountId, token = t.owner.token) => {
  const res = await t.call('POST', '/p/chat/contact', { acc, token, body: { data: { name } } });
  expect(res.statusCode).toBe(200);
  return res.body.data._id as string;
};

const contactHook = (contactId: string) => () =>
  Promise.resolve(
    receiver.received.filter(
      (r) => r.json.event === 'contact.created' && r.json.data.contactId === contactId,
    ),
  );

const verify = (hook: TReceivedWebhook, secret: string) => {
  const timestamp = Number(hook.headers[WEBHOOK_HEADERS.timestamp]);
  const expected = `v1=${signWebhook(secret, timestamp, hook.body)}`;
  return hook.headers[WEBHOOK_HEADERS.signature].split(',').includes(expected);
};

const deliveries = async (status?: string) =>
  (
    await t.call(
      'GET',
      `/p/apps/webhooks/endpoints/${endpoint._id}/deliveries${status ? `?status=${status}` : ''}`,
    )
  ).body.data;

/** The delivery of a contact.created event (found by its body), with whether it is due. */
const rowOf = async (contactId: string) =>
  (
    await queryRows<{ id: string; status: string; attempts: number; due: boolean }>(
      t.ctx,
      sql`select d.id, d.status, d.attempts, d.due_at is not null as due
        from webhook_deliveries d join webhook_events e on e.id = d.event_id
        where e.payload->'data'->>'contactId' = ${contactId}`,
    )
  )[0];

describe('webhooks', () => {
  it('creates an endpoint whose secret is shown once', async () => {
    const res = await t.call('POST', '/p/apps/webhooks/endpoints', {
      body: { url: receiver.url, events: ['contact.created', 'conversation.closed'], description: 'CRM' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.secret).toMatch(/^whsec_/);
    endpoint = res.body.data;
    const list = await t.call('GET', '/p/apps/webhooks/endpoints');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].secret).toBeUndefined();
    // The app history says where the account's events now go (it read only 'Install').
    const runs = await t.call('GET', '/p/apps/runs?app=webhooks');
    expect(runs.body.data.items[0]).toMatchObject({
      action: 'configure',
      status: 'success',
      message: 'endpoint added',
      log: [receiver.url],
    });
    const bad = await t.call('POST', '/p/apps/webhooks/endpoints', {
      body: { url: 'not a url', events: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.fields?.map((f: { path: string }) => f.path).sort()).toEqual(['events', 'url']);
  });

  it('posts a signed event with a timestamp and logs the delivery', async () => {
    const contactId = await createContact('Ana Webhook');
    const [hook] = await until(async () => {
      const hooks = await contactHook(contactId)();
      return hooks.length ? hooks : undefined;
    });
    expect(hook.json).toMatchObject({
      event: 'contact.created',
      acc: t.owner.accountId,
      data: { contactId },
    });
    expect(hook.headers[WEBHOOK_HEADERS.event]).toBe('contact.created');
    expect(Math.abs(Number(hook.headers[WEBHOOK_HEADERS.timestamp]) - Date.now() / 1000)).toBeLessThan(60);
    expect(verify(hook, endpoint.secret)).toBe(true);
    expect(verify(hook, 'whsec_wrong')).toBe(false);
    const logged = await until(async () =>
      (await deliveries('success')).items.find((d: { eventId: string }) => d.eventId === hook.json.id),
    );
    expect(logged).toMatchObject({
      status: 'success',
      attempts: 1,
      responseStatus: 200,
      responseExcerpt: 'ok',
    });
    expect(logged.latencyMs).toBeGreaterThanOrEqual(0);
    expect(hook.headers[WEBHOOK_HEADERS.delivery]).toBe(logged._id);
  });

  it('writes deliveries with the change, only for the events an endpoint of the account subscribes to, and no job', async () => {
    const deliveryRows = async (acc: string, event: string) =>
      (
        await queryRows<{ n: number }>(
          t.ctx,
          sql`select count(*)::int as n from webhook_deliveries where account_id = ${acc} and event_name = ${event}`,
        )
      )[0].n;
    // The other account has no endpoint yet: its events cost nothing.
    await createContact('No Endpoint', t.other.accountId, t.other.token);
    expect(await deliveryRows(t.other.accountId, 'contact.created')).toBe(0);
    // The owner's endpoint takes contact.created, not contact.updated: the delivery row is
    // committed with the contact itself.
    const before = await deliveryRows(t.owner.accountId, 'contact.created');
    const contactId = await createContact('Subscribed');
    expect(await deliveryRows(t.owner.accountId, 'contact.created')).toBe(before + 1);
    // Its body is kept once, with the event, not in the delivery.
    const [stored] = await queryRows<{ bare: boolean; bodies: number }>(
      t.ctx,
      sql`select bool_and(d.payload is null) as bare, count(distinct e.id)::int as bodies
        from webhook_deliveries d join webhook_events e on e.id = d.event_id
        where e.payload->'data'->>'contactId' = ${contactId}`,
    );
    expect(stored).toEqual({ bare: true, bodies: 1 });
    const edit = await t.call('PUT', `/p/chat/contact/${contactId}`, { body: { data: { name: 'Renamed' } } });
    expect(edit.statusCode).toBe(200);
    expect(await deliveryRows(t.owner.accountId, 'contact.updated')).toBe(0);
    // Delivered before the next test scripts the receiver's answers.
    await until(async () => (await contactHook(contactId)()).length > 0);
    // Neither a fan-out job nor a job per delivery: the rows are the queue.
    const [jobs] = await queryRows<{ n: number }>(
      t.ctx,
      sql`select count(*)::int as n from pgboss.job where name like '%webhook%'`,
    );
    expect(jobs.n).toBe(0);
  });

  it('retries failures with backoff until the receiver answers 2xx', async () => {
    receiver.script.push(500, 503);
    const contactId = await createContact('Bruno Retry');
    const hooks = await until(async () => {
      const found = await contactHook(contactId)();
      return found.length >= 3 ? found : undefined;
    }, 30_000);
    expect(hooks.map((h) => h.answered)).toEqual([500, 503, 200]);
    expect(new Set(hooks.map((h) => h.json.id)).size).toBe(1);
    const logged = await until(async () =>
      (await deliveries()).items.find(
        (d: { eventId: string; status: string }) => d.eventId === hooks[0].json.id && d.status === 'success',
      ),
    );
    expect(logged).toMatchObject({ attempts: 3, responseStatus: 200 });
  });

  it('replays a delivery on demand', async () => {
    const [latest] = (await deliveries('success')).items;
    const before = receiver.of(latest.eventId).length;
    expect(latest).toMatchObject({ responseStatus: 200, responseExcerpt: 'ok' });
    const res = await t.call('POST', `/p/apps/webhooks/deliveries/${latest._id}/replay`);
    expect(res.statusCode).toBe(200);
    // Answered as queued: pending, without the previous attempt's answer beside it.
    expect(res.body.data).toMatchObject({
      _id: latest._id,
      status: 'pending',
      attempts: latest.attempts,
      responseStatus: null,
      latencyMs: null,
      responseExcerpt: '',
      error: '',
      deliveredAt: null,
      payload: latest.payload,
    });
    // Until the new answer comes, the log shows no answer for it (never "sending" beside "200").
    const seen: Array<{ status: string; responseStatus: number | null }> = [];
    const again = await until(async () => {
      const row = (await deliveries()).items.find((d: { _id: string }) => d._id === latest._id);
      seen.push(row);
      return row.status === 'success' ? row : null;
    });
    expect(seen.filter((d) => d.status !== 'success' && d.responseStatus !== null)).toEqual([]);
    expect(receiver.of(latest.eventId)).toHaveLength(before + 1);
    expect(again).toMatchObject({ attempts: latest.attempts + 1, responseStatus: 200 });
    expect(again.deliveredAt).not.toBeNull();
  });

  it('a sweep repeats no delivered event, and never posts a retry before it is due', async () => {
    const delivery = t.ctx.app.services.appStore.webhookDelivery;
    // Delivered by the fast path: it is never due again, so sweeps neither post nor count it.
    const delivered = await createContact('Dora Sweep');
    await until(async () => (await rowOf(delivered))?.status === 'success');
    await delivery.sweep();
    await delivery.sweep();
    expect((await contactHook(delivered)()).map((h) => h.answered)).toEqual([200]);
    expect(await rowOf(delivered)).toMatchObject({ status: 'success', attempts: 1, due: false });
    // A failed attempt waits for its retry (a minute here): sweeps meanwhile do not post it early.
    delivery.retryBaseMs = 60_000;
    receiver.script.push(500);
    const failed = await createContact('Edu Early');
    const waiting = await until(async () =>
      (await rowOf(failed))?.status === 'retrying' ? rowOf(failed) : null,
    );
    delivery.retryBaseMs = 100;
    await delivery.sweep();
    expect((await contactHook(failed)()).map((h) => h.answered)).toEqual([500]);
    expect(await rowOf(failed)).toMatchObject({ status: 'retrying', attempts: 1, due: true });
    // Sent again now on demand: delivered on its second attempt.
    expect((await t.call('POST', `/p/apps/webhooks/deliveries/${waiting.id}/replay`)).statusCode).toBe(200);
    await until(async () => (await rowOf(failed))?.status === 'success');
    expect((await contactHook(failed)()).map((h) => h.answered)).toEqual([500, 200]);
  });

  it('a replay starts a new retry schedule: its first retry is a base delay away, however many attempts the delivery had; the count goes on', async () => {
    const delivery = t.ctx.app.services.appStore.webhookDelivery;
    const contactId = await createContact('Lia Replay');
    await until(async () => (await rowOf(contactId))?.status === 'success');
    // A delivery that once failed twelve times over a day (its retries had reached 2 h apart).
    const [{ id }] = await queryRows<{ id: string }>(
      t.ctx,
      sql`update webhook_deliveries d set status = 'failed', attempts = 12, due_at = null,
            first_attempt_at = now() - interval '30 hours'
          from webhook_events e where e.id = d.event_id and e.payload->'data'->>'contactId' = ${contactId}
          returning d.id::text as id`,
    );
    delivery.retryBaseMs = 60_000;
    try {
      receiver.script.push(500);
      const replayed = await t.call('POST', `/p/apps/webhooks/deliveries/${id}/replay`);
      expect(replayed.body.data).toMatchObject({ status: 'pending', attempts: 12 });
      const retrying = await until(async () => {
        const row = (await deliveries()).items.find((d: { _id: string }) => d._id === id);
        return row?.status === 'retrying' ? row : null;
      });
      const failedAt = Date.now();
      expect(retrying).toMatchObject({ attempts: 13, responseStatus: 500 });
      // The first retry of the replay's schedule: a minute away, not 2 h.
      const wait = new Date(retrying.nextAttemptAt).getTime() - failedAt;
      expect(wait).toBeGreaterThan(30_000);
      expect(wait).toBeLessThanOrEqual(60_000);
    } finally {
      delivery.retryBaseMs = 100;
    }
    // Sent again now: delivered, on its fourteenth attempt.
    expect((await t.call('POST', `/p/apps/webhooks/deliveries/${id}/replay`)).statusCode).toBe(200);
    await until(async () => (await rowOf(contactId))?.status === 'success');
    expect(await rowOf(contactId)).toMatchObject({ attempts: 14, due: false });
  });

  it('writes one row per event while requests queue up in the process, then fans it out and delivers it once', async () => {
    const delivery = t.ctx.app.services.appStore.webhookDelivery;
    const pressed = delivery.pressed;
    // As under a burst of customers' messages.
    delivery.pressed = () => true;
    let contactId = '';
    try {
      contactId = await createContact('Gil Burst');
      // The contact's transaction wrote the event with the endpoints it goes to (the fan-out
      // loop writes its deliveries), not a delivery per endpoint.
      const [event] = await queryRows<{ targets: string[] }>(
        t.ctx,
        sql`select endpoint_ids::text[] as targets from webhook_events where payload->'data'->>'contactId' = ${contactId}`,
      );
      expect(event.targets).toEqual([endpoint._id]);
    } finally {
      delivery.pressed = pressed;
    }
    const [hook] = await until(async () => {
      const hooks = await contactHook(contactId)();
      return hooks.length ? hooks : undefined;
    });
    expect(verify(hook, endpoint.secret)).toBe(true);
    const logged = await until(async () =>
      (await deliveries('success')).items.find((d: { eventId: string }) => d.eventId === hook.json.id),
    );
    expect(logged).toMatchObject({ attempts: 1, payload: { data: { contactId } } });
    expect((await contactHook(contactId)()).length).toBe(1);
  });

  it('keeps an answer cut through an emoji (or holding NUL) as a readable excerpt, delivered once', async () => {
    // The excerpt's cut falls between the two halves of the emoji.
    receiver.okText = `${'a'.repeat(WEBHOOK_LIMITS.responseExcerpt - 1)}😀 fim\u0000`;
    try {
      const contactId = await createContact('Fabi Emoji');
      const logged = await until(async () =>
        (await deliveries('success')).items.find((d: { eventId: string }) =>
          receiver.of(d.eventId).some((h) => h.json.data.contactId === contactId),
        ),
      );
      expect(logged.attempts).toBe(1);
      expect(logged.responseExcerpt).toBe(`${'a'.repeat(WEBHOOK_LIMITS.responseExcerpt - 1)}\uFFFD`);
      expect((await contactHook(contactId)()).map((h) => h.answered)).toEqual([200]);
    } finally {
      receiver.okText = 'ok';
    }
  });

  it('rotates the secret: the new one signs, the old one too for 24 h', async () => {
    const rotated = await t.call('POST', `/p/apps/webhooks/endpoints/${endpoint._id}/rotate-secret`);
    const secret = rotated.body.data.secret as string;
    expect(secret).not.toBe(endpoint.secret);
    const contactId = await createContact('Carla Rotation');
    const [hook] = await until(async () => {
      const hooks = await contactHook(contactId)();
      return hooks.length ? hooks : undefined;
    });
    expect(verify(hook, secret)).toBe(true);
    expect(verify(hook, endpoint.secret)).toBe(true);
    const runs = await t.call('GET', '/p/apps/runs?app=webhooks');
    expect(runs.body.data.items[0]).toMatchObject({ action: 'rotate-secret', status: 'success' });
    endpoint = { ...endpoint, secret };
  });

  it('never sends an account another account’s events, nor lets it read them', async () => {
    const other = { token: t.other.token, acc: t.other.accountId };
    await t.call('POST', '/p/apps/installs', { ...other, body: { app: 'webhooks' } });
    const created = await t.call('POST', '/p/apps/webhooks/endpoints', {
      ...other,
      body: { url: otherReceiver.url, events: ['contact.created'] },
    });
    expect(created.statusCode).toBe(200);
    const ownerContact = await createContact('Only Owner');
    const otherContact = await createContact('Only Other', t.other.accountId, t.other.token);
    await until(async () => (await contactHook(ownerContact)()).length > 0);
    await until(() =>
      Promise.resolve(otherReceiver.received.some((r) => r.json.data.contactId === otherContact)),
    );
    expect(receiver.received.some((r) => r.json.data.contactId === otherContact)).toBe(false);
    expect(otherReceiver.received.every((r) => r.json.acc === t.other.accountId)).toBe(true);
    const foreign = await t.call('GET', `/p/apps/webhooks/endpoints/${endpoint._id}/deliveries`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
    const [mine] = (await deliveries()).items;
    expect((await t.call('POST', `/p/apps/webhooks/deliveries/${mine._id}/replay`, other)).statusCode).toBe(
      404,
    );
  });

  it('posts a conversation put on hold and resumed to an endpoint subscribed to those events', async () => {
    const created = await t.call('POST', '/p/apps/webhooks/endpoints', {
      body: { url: receiver.url, events: ['conversation.held', 'conversation.resumed'] },
    });
    expect(created.statusCode).toBe(200);
    const channel = await createChannel(t.ctx, t.owner, webchatBody());
    const { conversationId } = await seedConversation(t.ctx, t.owner.accountId, {
      channelId: channel._id,
      stage: 'attendance',
      assigneeId: t.owner.userId,
    });
    const act = (action: string) =>
      t.call('POST', `/p/chat/conversation/${conversationId}/${action}`, {
        body: {},
      });
    const hookOf = (event: string) =>
      until(async () =>
        receiver.received.find(
          (r) => r.json.event === event && r.json.data.conversationId === conversationId,
        ),
      );
    expect((await act('hold')).statusCode).toBe(200);
    const held = await hookOf('conversation.held');
    expect(held.json.data).toMatchObject({ conversationId, assigneeId: t.owner.userId, until: null });
    expect(verify(held, created.body.data.secret)).toBe(true);
    expect((await act('resume')).statusCode).toBe(200);
    const resumed = await hookOf('conversation.resumed');
    expect(resumed.json.data).toMatchObject({ conversationId, by: 'operator' });
  });

  it('is for admins only', async () => {
    const team = await addTeam(t.ctx, t.owner);
    const res = await t.call('GET', '/p/apps/webhooks/endpoints', { token: team.manager.token });
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe(NOT_AUTHORIZED);
  });

  it(`keeps the delivery log ${WEBHOOK_LIMITS.logDays} days: older finished deliveries and their bodies go, a due one stays`, async () => {
    const delivery = t.ctx.app.services.appStore.webhookDelivery;
    const done = await createContact('Ivo Old');
    await until(async () => (await rowOf(done))?.status === 'success');
    // One waiting for its retry (a minute away) when the log is pruned.
    delivery.retryBaseMs = 60_000;
    receiver.script.push(500);
    const due = await createContact('Jó Due');
    const waiting = await until(async () => ((await rowOf(due))?.status === 'retrying' ? rowOf(due) : null));
    delivery.retryBaseMs = 100;
    const bodies = () =>
      queryRows<{ contactId: string }>(
        t.ctx,
        sql`select payload->'data'->>'contactId' as "contactId" from webhook_events
          where payload->'data'->>'contactId' in (${done}, ${due})`,
      );
    expect((await bodies()).length).toBe(2);
    // Nothing is old yet.
    const db = t.ctx.app.platform.database.db;
    expect(await pruneDeliveryLog(db, WEBHOOK_LIMITS.logDays)).toEqual({ deliveries: 0, events: 0 });
    // Past the log's days (and one more for the bodies): every finished delivery and its body go.
    const later = Date.now() + (WEBHOOK_LIMITS.logDays + 2) * 86_400_000;
    const pruned = await pruneDeliveryLog(db, WEBHOOK_LIMITS.logDays, later);
    expect(pruned.deliveries).toBeGreaterThan(0);
    expect(pruned.events).toBeGreaterThan(0);
    expect(await rowOf(done)).toBeUndefined();
    expect(await rowOf(due)).toMatchObject({ id: waiting.id, status: 'retrying', due: true });
    expect((await bodies()).map((b) => b.contactId)).toEqual([due]);
    expect((await deliveries()).items.map((d: { _id: string }) => d._id)).toEqual([waiting.id]);
  });
});

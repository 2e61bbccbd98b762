import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../platform/db/tenant';
import { devices } from '../../accounts/accounts.schema';
import { addTeam, useTwoAccounts } from '../../../testing/app-fixtures';
import { FakePushService, type TFakeSubscriber } from '../../../testing/fake-push-service';
import { until } from '../../../testing/helpers';

/**
 * Browser notifications: a conversation given to an operator reaches each of their registered
 * browsers through the push service, VAPID-signed and aes128gcm-encrypted; a subscription the
 * push service reports gone is deleted; preferences and the app's install gate it.
 */
const t = useTwoAccounts();
const pushService = new FakePushService();
let team: Awaited<ReturnType<typeof addTeam>>;
let browser: TFakeSubscriber;

beforeAll(async () => {
  await pushService.start();
  team = await addTeam(t.ctx, t.owner);
  browser = pushService.subscribe();
  const res = await t.call('POST', '/g/user/notification/mobile-token', {
    token: team.operator.token,
    body: {
      acc: t.owner.accountId,
      token: JSON.stringify(browser.subscription),
      type: 'web',
      deviceID: 'browser-1',
      deviceName: 'Linux_Chrome',
    },
  });
  expect(res.body.data).toEqual({ deviceID: 'browser-1' });
});
afterAll(() => pushService.stop());

const assign = (conversationId: string, assigneeId: string) =>
  withTenant(t.ctx.app.platform.database.db, t.owner.accountId, (tx) =>
    t.ctx.app.platform.events.emit(tx, t.owner.accountId, 'conversation.assigned', {
      conversationId,
      assigneeId,
      previousAssigneeId: null,
      departmentId: null,
      by: 'transfer',
    }),
  );

const notifier = () => t.ctx.app.services.appStore.pushNotifier;

describe('push notifications', () => {
  it('answers invalidToken for a web subscription without its keys', async () => {
    const res = await t.call('POST', '/g/user/notification/mobile-token', {
      token: team.operator.token,
      body: {
        acc: t.owner.accountId,
        token: '{"endpoint":"https://push.test/x"}',
        type: 'web',
        deviceName: 'x',
      },
    });
    expect(res.body.data).toEqual({ invalidToken: true });
  });

  it('sends nothing while the account has not installed the app', async () => {
    const sent = await notifier().notify({
      kind: 'assigned',
      accountId: t.owner.accountId,
      conversationId: crypto.randomUUID(),
      userIds: [team.operator.userId],
      text: null,
    });
    expect(sent).toBe(0);
    const config = await t.call('GET', '/p/apps/push/config', { token: team.operator.token });
    expect(config.body.data).toMatchObject({
      enabled: false,
      preferences: { push: true, events: ['assigned', 'message'] },
    });
    expect(config.body.data.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
  });

  it('pushes an assignment to the operator’s browser, signed and encrypted, collapsed per conversation', async () => {
    await t.call('POST', '/p/apps/installs', { body: { app: 'browser-notifications' } });
    const conversationId = crypto.randomUUID();
    await assign(conversationId, team.operator.userId);
    const [push] = await until(() =>
      Promise.resolve(pushService.received.length ? pushService.received : undefined),
    );
    expect(pushService.refused).toEqual([]);
    expect(push.subscriberId).toBe(browser.id);
    expect(push.payload).toMatchObject({
      kind: 'assigned',
      acc: t.owner.accountId,
      conversationId,
      title: 'Conversa atribuída a você',
      tag: `conversation:${conversationId}`,
      url: `/apps/inbox?c=${conversationId}`,
    });
    expect(push.headers.topic).toBe(conversationId.replace(/-/g, ''));
    expect(Number(push.headers.ttl)).toBeLessThanOrEqual(300);
    expect(String(push.claims.sub)).toMatch(/^mailto:/);
  });

  it('follows the member’s preferences', async () => {
    const saved = await t.call('PUT', '/p/apps/push/preferences', {
      token: team.operator.token,
      body: { push: true, sound: false, events: ['message'] },
    });
    expect(saved.body.data).toEqual({ push: true, sound: false, events: ['message'] });
    const base = {
      accountId: t.owner.accountId,
      conversationId: crypto.randomUUID(),
      userIds: [team.operator.userId],
    };
    expect(await notifier().notify({ ...base, kind: 'assigned', text: null })).toBe(0);
    expect(await notifier().notify({ ...base, kind: 'message', text: 'Olá, tudo bem?' })).toBe(1);
    expect(pushService.received.at(-1)?.payload).toMatchObject({
      kind: 'message',
      body: 'Olá, tudo bem?',
      sound: false,
    });
    // Another account's member never gets this account's notices.
    expect(await notifier().notify({ ...base, userIds: [t.other.userId], kind: 'message', text: 'x' })).toBe(
      0,
    );
  });

  it('deletes a subscription the push service reports gone', async () => {
    pushService.gone.add(browser.id);
    const sent = await notifier().notify({
      kind: 'message',
      accountId: t.owner.accountId,
      conversationId: crypto.randomUUID(),
      userIds: [team.operator.userId],
      text: 'hi',
    });
    expect(sent).toBe(0);
    const db = t.ctx.app.platform.database.db;
    expect(await db.select().from(devices).where(eq(devices.userId, team.operator.userId))).toEqual([]);
  });
});

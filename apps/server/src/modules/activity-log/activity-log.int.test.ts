import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { addMember, signUp, type TSignedUp, uniqueEmail } from '../../testing/fixtures';

let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;
const IP = '203.0.113.7';
const from = { 'x-forwarded-for': IP };

interface TEntry {
  _id: string;
  acc: string;
  userId: string | null;
  userName: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
  ip: string;
  createdAt: string;
}

async function log(
  user: { token: string },
  accountId: string,
  query = '',
): Promise<{ items: TEntry[]; count: number }> {
  const res = await api(ctx.app, 'GET', `/p/activity-log?acc=${accountId}${query}`, { token: user.token });
  expect(res.statusCode).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx, { company: 'Logged' });
  other = await signUp(ctx, { company: 'Elsewhere' });
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /p/activity-log', () => {
  it('records sign-ins with who and from which address', async () => {
    const login = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: owner.email, password: owner.password },
      headers: from,
    });
    expect(login.statusCode).toBe(200);
    const { items } = await log(owner, owner.accountId);
    expect(items[0]).toMatchObject({
      acc: owner.accountId,
      action: 'auth.login',
      userId: owner.userId,
      userName: 'Test User',
      target: owner.email,
      ip: IP,
    });
    expect(Date.now() - Date.parse(items[0].createdAt)).toBeLessThan(60_000);
  });

  it('records invitations, joins, role changes, account and plan changes, newest first', async () => {
    const email = uniqueEmail('logged');
    const invite = await api(ctx.app, 'POST', '/g/user/invite', {
      token: owner.token,
      body: { email, acc: owner.accountId, acl: 'operator' },
      headers: from,
    });
    expect(invite.statusCode).toBe(200);
    const member = await addMember(ctx, owner, 'operator');
    await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}/users/${member.userId}`, {
      token: owner.token,
      body: { acl: 'manager' },
      headers: from,
    });
    await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}`, {
      token: owner.token,
      body: { companyGoal: 'Audit' },
      headers: from,
    });
    await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}/plan/pro`, { token: owner.token, headers: from });
    await api(ctx.app, 'DELETE', `/g/acc/access/${owner.accountId}/${member.userId}`, {
      token: owner.token,
      body: { acc: owner.accountId },
      headers: from,
    });

    const { items, count } = await log(owner, owner.accountId);
    expect(count).toBe(items.length);
    const actions = items.map((e) => e.action);
    const order = ['member.removed', 'plan.changed', 'account.updated', 'member.role_changed', 'user.joined'];
    expect(actions.slice(0, order.length)).toEqual(order);
    expect(actions).toContain('user.invited');
    expect(actions).toContain('account.created');

    const byAction = (action: string) => items.find((e) => e.action === action)!;
    expect(items.find((e) => e.action === 'user.invited' && e.target === email)).toMatchObject({
      userId: owner.userId,
      target: email,
      ip: IP,
      details: { acl: 'operator' },
    });
    expect(byAction('member.role_changed')).toMatchObject({
      userId: owner.userId,
      target: member.email,
      ip: IP,
      details: { from: 'operator', to: 'manager' },
    });
    expect(byAction('plan.changed')).toMatchObject({
      userId: owner.userId,
      target: 'pro',
      ip: IP,
      details: { paymentStatus: 'paid' },
    });
    expect(byAction('account.updated')).toMatchObject({
      userId: owner.userId,
      details: { fields: ['companyGoal'] },
    });
    expect(byAction('member.removed')).toMatchObject({ userId: owner.userId, target: member.email });
    expect(byAction('user.joined')).toMatchObject({ userId: member.userId, target: member.email });
  });

  it('pages with page and limit', async () => {
    const all = await log(owner, owner.accountId, '&limit=100');
    expect(all.count).toBeGreaterThan(3);
    const first = await log(owner, owner.accountId, '&page=1&limit=2');
    const second = await log(owner, owner.accountId, '&page=2&limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.count).toBe(all.count);
    expect([...first.items, ...second.items].map((e) => e._id)).toEqual(
      all.items.slice(0, 4).map((e) => e._id),
    );
    const beyond = await log(owner, owner.accountId, '&page=1000&limit=100');
    expect(beyond).toEqual({ items: [], count: all.count });
  });

  it('refuses bad paging and a missing account', async () => {
    for (const query of ['&page=0', '&limit=0', '&limit=101', '&page=abc']) {
      const res = await api(ctx.app, 'GET', `/p/activity-log?acc=${owner.accountId}${query}`, {
        token: owner.token,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const missing = await api(ctx.app, 'GET', '/p/activity-log', { token: owner.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.body.fields).toEqual([
      expect.objectContaining({ path: 'querystring.acc', key: 'required' }),
    ]);
  });

  it('is for admins: managers and operators are refused', async () => {
    const admin = await addMember(ctx, owner, 'admin');
    expect((await log(admin, owner.accountId)).count).toBeGreaterThan(0);
    for (const acl of ['manager', 'operator'] as const) {
      const member = await addMember(ctx, owner, acl);
      const res = await api(ctx.app, 'GET', `/p/activity-log?acc=${owner.accountId}`, {
        token: member.token,
        lang: 'en',
      });
      expect(res.statusCode).toBe(403);
      expect(res.body.message).toBe(
        "You don't have access to this feature, talk to your account administrator",
      );
    }
  });

  it('never shows one account’s entries to another', async () => {
    const mine = await log(owner, owner.accountId, '&limit=100');
    const theirs = await log(other, other.accountId, '&limit=100');
    expect(mine.items.every((e) => e.acc === owner.accountId)).toBe(true);
    expect(theirs.items.every((e) => e.acc === other.accountId)).toBe(true);
    expect(theirs.items.some((e) => e.target === owner.email)).toBe(false);
    const foreign = await api(ctx.app, 'GET', `/p/activity-log?acc=${other.accountId}`, {
      token: owner.token,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.message).toBe('Invalid acc or user ID');
  });
});

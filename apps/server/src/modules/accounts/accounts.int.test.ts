import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMembers, accounts, activityLog } from '../../platform/db/schema';
import { withTenant } from '../../platform/db/tenant';
import { addTeam, NOT_AUTHORIZED, type TMemberSession } from '../../testing/app-fixtures';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import {
  addMember,
  otpFromMail,
  signUp,
  STRONG_PASSWORD,
  type TSignedUp,
  uniqueEmail,
} from '../../testing/fixtures';
import { countRows, queryRows } from '../../testing/helpers';
import { createDepartment, createKeyEntity } from '../departments/departments.testing';

let ctx: TTestApp;
/** Account A with one member of each role, and an unrelated account B. */
let a: TSignedUp;
let b: TSignedUp;
let admin: TMemberSession;
let manager: TMemberSession;
let operator: TMemberSession;

const UNKNOWN_ID = '00000000-0000-7000-8000-000000000000';

beforeAll(async () => {
  ctx = await startTestApp();
  a = await signUp(ctx, { company: 'Alpha' });
  b = await signUp(ctx, { company: 'Beta' });
  ({ admin, manager, operator } = await addTeam(ctx, a));
});
afterAll(async () => {
  await ctx.close();
});

/** The masters of an account (there is always at least one). */
const mastersOf = (accountId: string) =>
  queryRows(ctx, sql`select user_id from account_members where account_id = ${accountId} and acl = 'master'`);

function expectNotAuthorized(res: { statusCode: number; body: any }) {
  expect(res.statusCode).toBe(403);
  expect(res.body).toEqual({ status: 0, code: 'NOT_AUTHORIZED', message: NOT_AUTHORIZED });
}

describe('create, list and first account', () => {
  it('POST /g/acc creates an account with the spec defaults and makes the caller its master', async () => {
    const user = await signUp(ctx, { company: 'First' });
    const res = await api(ctx.app, 'POST', '/g/acc', {
      token: user.token,
      body: {
        plan: 'free',
        name: 'Second',
        companyIndustry: 'Retail',
        companyGoal: 'Sell',
        whitelabel: true,
        companyEmployeeCount: '11-50',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      _id: expect.any(String),
      id: res.body.data._id,
      name: 'Second',
      label: 'Second',
      versionNamespace: 'v1',
      version: 'v1',
      role: 'master',
    });

    const details = await api(ctx.app, 'GET', `/g/acc/${res.body.data._id}`, { token: user.token });
    expect(details.body.data.userAccAccessAcl).toBe('master');
    expect(details.body.data.acc).toMatchObject({
      _id: res.body.data._id,
      name: 'Second',
      companyIndustry: 'Retail',
      companyGoal: 'Sell',
      companyEmployeeCount: '11-50',
      whitelabel: true,
      status: 1,
      versionNamespace: 'v1',
      timezone: 'America/Sao_Paulo',
      locked: false,
      accIsPaying: false,
      blocked: false,
      smsCredit: 0,
    });
    for (const flag of [
      'inQueue',
      'blockContactTab',
      'blockContactTabGeneral',
      'blockDownloadExcel',
      'restrictReportDownload',
    ]) {
      expect(details.body.data.acc[flag], flag).toBe(false);
    }

    const list = await api(ctx.app, 'GET', '/g/acc/list', { token: user.token });
    expect(list.body.data.map((x: { name: string }) => x.name)).toEqual(['First', 'Second']);
    const first = await api(ctx.app, 'GET', '/g/acc/getFirstAcc', { token: user.token });
    expect(first.body.data).toMatchObject({ _id: user.accountId, name: 'First', role: 'master' });
  });

  it('POST /g/acc validates the name and the plan', async () => {
    const res = await api(ctx.app, 'POST', '/g/acc', {
      token: a.token,
      body: { name: '', plan: 'gold' },
      lang: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.fields).toEqual(
      expect.arrayContaining([
        { path: 'name', key: 'required', message: 'This field is required' },
        { path: 'plan', key: 'selectRequired', message: 'Select field is required' },
      ]),
    );
    const anonymous = await api(ctx.app, 'POST', '/g/acc', { body: { name: 'X' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.message).toBe('invalid token');
  });

  it('GET /g/acc/getFirstAcc answers Acc not found for a user without accounts', async () => {
    const email = uniqueEmail('lonely');
    await api(ctx.app, 'POST', '/g/auth/register', {
      body: { name: 'Lonely', phone: '11987654321', email, password: STRONG_PASSWORD },
    });
    await api(ctx.app, 'POST', '/g/auth/verify-otp', { body: { email, otp: await otpFromMail(ctx, email) } });
    const login = await api(ctx.app, 'POST', '/g/auth/login', { body: { email, password: STRONG_PASSWORD } });
    const token = login.body.data.accessToken;
    const first = await api(ctx.app, 'GET', '/g/acc/getFirstAcc', { token });
    expect(first.statusCode).toBe(404);
    expect(first.body).toEqual({ status: 0, code: 'ACC_NOT_FOUND', message: 'Acc not found' });
    const list = await api(ctx.app, 'GET', '/g/acc/list', { token });
    expect(list.body).toEqual({ status: 1, data: [] });
  });

  it('GET /g/acc/list shows members their role and never another account', async () => {
    const list = await api(ctx.app, 'GET', '/g/acc/list', { token: operator.token });
    expect(list.body.data).toEqual([
      expect.objectContaining({ _id: a.accountId, name: 'Alpha', role: 'operator' }),
    ]);
  });
});

describe('plans and trial on the account (GET /g/acc/{acc})', () => {
  it('Pro starts a 7-day trial', async () => {
    const user = await signUp(ctx, { plan: 'pro' });
    const res = await api(ctx.app, 'GET', `/g/acc/${user.accountId}`, { token: user.token });
    expect(res.statusCode).toBe(200);
    const { accPlan, plan, acc, accFinancial } = res.body.data;
    expect(plan).toMatchObject({
      id: 'pro',
      title: 'Pro',
      trialDays: 7,
      planParameters: { conversations: 300, chatbots: 1 },
    });
    expect(accPlan).toMatchObject({
      id: 'pro',
      paymentStatus: 'trial',
      remainingTrialDays: 7,
      trialActive: true,
      isBonus: false,
      planParameters: { conversations: 300, chatbots: 1 },
    });
    const days = (Date.parse(accPlan.trialEndDate) - Date.parse(accPlan.trialStartDate)) / 86_400_000;
    expect(days).toBe(7);
    expect(acc).toMatchObject({ accIsPaying: false, blocked: false, locked: false });
    expect(accFinancial).toMatchObject({
      isPaying: false,
      provider: 'sandbox',
      usage: { conversations: 0, limit: 300 },
    });
  });

  it('Free has no trial and is not blocked', async () => {
    const user = await signUp(ctx, { plan: 'free' });
    const res = await api(ctx.app, 'GET', `/g/acc/${user.accountId}`, { token: user.token });
    expect(res.body.data.accPlan).toMatchObject({
      id: 'free',
      paymentStatus: 'free',
      trialStartDate: null,
      trialEndDate: null,
      remainingTrialDays: 0,
      trialActive: false,
    });
    expect(res.body.data.acc).toMatchObject({ blocked: false, accIsPaying: false });
    expect(res.body.data.accFinancial.usage.limit).toBe(100);
  });

  it('Business and Advanced are blocked until paid', async () => {
    for (const planId of ['business', 'advanced'] as const) {
      const user = await signUp(ctx, { plan: planId });
      const res = await api(ctx.app, 'GET', `/g/acc/${user.accountId}`, { token: user.token });
      expect(res.body.data.accPlan).toMatchObject({
        id: planId,
        paymentStatus: 'pending',
        trialActive: false,
        remainingTrialDays: 0,
      });
      expect(res.body.data.acc.blocked).toBe(true);
    }
  });

  it('an expired trial blocks the account; a locked account is blocked whatever it pays', async () => {
    const user = await signUp(ctx, { plan: 'pro' });
    await queryRows(
      ctx,
      sql`update account_plans set trial_end_date = now() - interval '1 day' where account_id = ${user.accountId}`,
    );
    await ctx.app.platform.tenantCache.invalidate(user.accountId);
    const expired = await api(ctx.app, 'GET', `/g/acc/${user.accountId}`, { token: user.token });
    expect(expired.body.data.acc.blocked).toBe(true);
    expect(expired.body.data.accPlan).toMatchObject({ trialActive: false, remainingTrialDays: 0 });

    const paid = await api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/pro`, { token: user.token });
    expect(paid.body.data.status).toBe('paid');
    const unblocked = await api(ctx.app, 'GET', `/g/acc/${user.accountId}`, { token: user.token });
    expect(unblocked.body.data.acc.blocked).toBe(false);

    await queryRows(ctx, sql`update accounts set locked = true where id = ${user.accountId}`);
    await ctx.app.platform.tenantCache.invalidate(user.accountId);
    const locked = await api(ctx.app, 'GET', `/g/acc/${user.accountId}`, { token: user.token });
    expect(locked.body.data.acc).toMatchObject({ locked: true, blocked: true, accIsPaying: true });
  });
});

describe('PUT /g/acc/{id}', () => {
  it('admins update the company fields and the time zone; the change shows at once', async () => {
    const res = await api(ctx.app, 'PUT', `/g/acc/${a.accountId}`, {
      token: admin.token,
      body: { name: 'Alpha Ltda', companyIndustry: 'Food', companyGoal: 'Grow', intercom: 'ic-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: a.accountId,
      name: 'Alpha Ltda',
      companyIndustry: 'Food',
      companyGoal: 'Grow',
      intercom: 'ic-1',
    });
    const tz = await api(ctx.app, 'PUT', `/g/acc/${a.accountId}`, {
      token: a.token,
      body: { timezone: 'America/Manaus' },
    });
    expect(tz.body.data.timezone).toBe('America/Manaus');
    const details = await api(ctx.app, 'GET', `/g/acc/${a.accountId}`, { token: operator.token });
    expect(details.body.data.acc).toMatchObject({ name: 'Alpha Ltda', timezone: 'America/Manaus' });
    const list = await api(ctx.app, 'GET', '/g/acc/list', { token: operator.token });
    expect(list.body.data[0].name).toBe('Alpha Ltda');
  });

  it('an empty update changes nothing and answers the account', async () => {
    const before = await api(ctx.app, 'GET', `/g/acc/${a.accountId}`, { token: a.token });
    const res = await api(ctx.app, 'PUT', `/g/acc/${a.accountId}`, { token: a.token, body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ _id: a.accountId, name: before.body.data.acc.name });
    const member = await api(ctx.app, 'PUT', `/g/acc/${a.accountId}/users/${operator.userId}`, {
      token: a.token,
      body: {},
    });
    expect(member.statusCode).toBe(200);
    expect(member.body.data).toMatchObject({ userId: operator.userId, acl: 'operator' });
  });

  it('refuses an unknown time zone, an empty name and fields the caller may not set', async () => {
    const tz = await api(ctx.app, 'PUT', `/g/acc/${a.accountId}`, {
      token: a.token,
      body: { timezone: 'Mars/Base' },
      lang: 'en',
    });
    expect(tz.statusCode).toBe(400);
    expect(tz.body.fields).toEqual([{ path: 'timezone', key: 'invalid', message: 'Invalid value' }]);
    const name = await api(ctx.app, 'PUT', `/g/acc/${a.accountId}`, { token: a.token, body: { name: ' ' } });
    expect(name.body.fields).toEqual([
      { path: 'name', key: 'required', message: 'Este campo é obrigatório' },
    ]);
    for (const body of [
      { locked: false },
      { status: 1 },
      { accIsPaying: true },
      { versionNamespace: 'v2' },
    ]) {
      const res = await api(ctx.app, 'PUT', `/g/acc/${a.accountId}`, { token: a.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('minimum roles', () => {
  /** Role refusals are checked in English, the spec's wording. */
  const en = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    options: { token: string; body?: unknown },
  ) => api(ctx.app, method, url, { ...options, lang: 'en' });
  type TCall = {
    name: string;
    min: 'operator' | 'manager' | 'admin' | 'master';
    run: (token: string) => Promise<any>;
  };
  const calls: TCall[] = [
    {
      name: 'GET /g/acc/{acc}',
      min: 'operator',
      run: (token) => en('GET', `/g/acc/${a.accountId}`, { token }),
    },
    {
      name: 'PUT /g/acc/{id}',
      min: 'admin',
      run: (token) => en('PUT', `/g/acc/${a.accountId}`, { token, body: { companyGoal: 'Roles' } }),
    },
    {
      name: 'GET /g/acc/{acc}/users',
      min: 'admin',
      run: (token) => en('GET', `/g/acc/${a.accountId}/users`, { token }),
    },
    {
      name: 'PUT /g/acc/{acc}/users/{userId}',
      min: 'admin',
      run: (token) =>
        en('PUT', `/g/acc/${a.accountId}/users/${operator.userId}`, { token, body: { intentions: [] } }),
    },
    {
      name: 'DELETE /g/acc/{acc}/invitations/{id}',
      min: 'admin',
      run: async (token) => {
        const invite = await en('POST', '/g/user/invite', {
          token: a.token,
          body: { email: uniqueEmail(), acc: a.accountId, acl: 'operator' },
        });
        return en('DELETE', `/g/acc/${a.accountId}/invitations/${invite.body.data._id}`, { token });
      },
    },
    {
      name: 'PUT /g/acc/{acc}/plan/{id}',
      min: 'admin',
      run: (token) => en('PUT', `/g/acc/${a.accountId}/plan/pro`, { token }),
    },
    {
      name: 'GET /p/activity-log',
      min: 'admin',
      run: (token) => en('GET', `/p/activity-log?acc=${a.accountId}`, { token }),
    },
    {
      name: 'POST /g/user/invite',
      min: 'admin',
      run: (token) =>
        en('POST', '/g/user/invite', {
          token,
          body: { email: uniqueEmail(), acc: a.accountId, acl: 'operator' },
        }),
    },
    {
      name: 'DELETE /g/acc/{id}',
      min: 'master',
      // Only refusals are exercised here: the master's deletion has its own test.
      run: (token) => en('DELETE', `/g/acc/${a.accountId}`, { token, body: { confirm: 'DELETE' } }),
    },
  ];
  const rank = { operator: 1, manager: 2, admin: 3, master: 4 } as const;

  for (const call of calls) {
    it(`${call.name} needs ${call.min}`, async () => {
      const sessions = { operator, manager, admin, master: { token: a.token } } as const;
      for (const role of ['operator', 'manager', 'admin', 'master'] as const) {
        if (call.min === 'master' && role === 'master') continue;
        const res = await call.run(sessions[role].token);
        if (rank[role] >= rank[call.min]) {
          expect(res.statusCode, `${role} on ${call.name}: ${JSON.stringify(res.body)}`).toBe(200);
          expect(res.body.status).toBe(1);
        } else {
          expectNotAuthorized(res);
        }
      }
    });
  }

  it('the refusal message is translated only where it is not a fixed message', async () => {
    const res = await api(ctx.app, 'PUT', `/g/acc/${a.accountId}`, {
      token: operator.token,
      body: { name: 'X' },
      lang: 'pt-BR',
    });
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe(
      'Você não tem acesso a esta funcionalidade, fale com o administrador da sua conta',
    );
  });
});

describe('members and roles', () => {
  it('GET /g/acc/{acc}/users lists members with their role and open invitations', async () => {
    const email = uniqueEmail('pending');
    await api(ctx.app, 'POST', '/g/user/invite', {
      token: a.token,
      body: { email, acc: a.accountId, acl: 'manager' },
    });
    const res = await api(ctx.app, 'GET', `/g/acc/${a.accountId}/users`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    const { items, count, invitations } = res.body.data;
    expect(count).toBe(items.length);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: a.userId, email: a.email, acl: 'master' }),
        expect.objectContaining({ userId: admin.userId, acl: 'admin' }),
        expect.objectContaining({ userId: manager.userId, acl: 'manager' }),
        expect.objectContaining({ userId: operator.userId, acl: 'operator' }),
      ]),
    );
    expect(items.every((m: Record<string, unknown>) => !('passwordHash' in m))).toBe(true);
    expect(invitations).toContainEqual(expect.objectContaining({ email, acl: 'manager' }));
  });

  it('a role change is recorded and takes effect at once', async () => {
    const member = await addMember(ctx, a, 'admin');
    const before = await api(ctx.app, 'PUT', `/g/acc/${a.accountId}`, {
      token: member.token,
      body: { companyGoal: 'Before' },
    });
    expect(before.statusCode).toBe(200);

    const support = await createDepartment(ctx, a, 'Support');
    const name = await createKeyEntity(ctx, a, 'Name', '$name');
    const res = await api(ctx.app, 'PUT', `/g/acc/${a.accountId}/users/${member.userId}`, {
      token: admin.token,
      body: { acl: 'operator', intentions: [support], entities: [name] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      userId: member.userId,
      acl: 'operator',
      intentions: [support],
      entities: [name],
    });

    expectNotAuthorized(
      await api(ctx.app, 'PUT', `/g/acc/${a.accountId}`, {
        token: member.token,
        body: { companyGoal: 'After' },
        lang: 'en',
      }),
    );
    const details = await api(ctx.app, 'GET', `/g/acc/${a.accountId}`, { token: member.token });
    expect(details.body.data.userAccAccessAcl).toBe('operator');
  });

  it('admins cannot promote to master nor touch a master', async () => {
    const member = await addMember(ctx, a, 'operator');
    const promote = await api(ctx.app, 'PUT', `/g/acc/${a.accountId}/users/${member.userId}`, {
      token: admin.token,
      body: { acl: 'master' },
      lang: 'en',
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.body).toMatchObject({
      code: 'ROLE_ABOVE_OWN',
      message: 'You cannot grant a role above your own',
    });
    const self = await api(ctx.app, 'PUT', `/g/acc/${a.accountId}/users/${admin.userId}`, {
      token: admin.token,
      body: { acl: 'master' },
    });
    expect(self.body.code).toBe('ROLE_ABOVE_OWN');
    const demote = await api(ctx.app, 'PUT', `/g/acc/${a.accountId}/users/${a.userId}`, {
      token: admin.token,
      body: { acl: 'operator' },
    });
    expect(demote.body.code).toBe('ROLE_ABOVE_OWN');
    const remove = await api(ctx.app, 'DELETE', `/g/acc/access/${a.accountId}/${a.userId}`, {
      token: admin.token,
      body: { acc: a.accountId },
    });
    expect(remove.body.code).toBe('ROLE_ABOVE_OWN');
    const details = await api(ctx.app, 'GET', `/g/acc/${a.accountId}`, { token: a.token });
    expect(details.body.data.userAccAccessAcl).toBe('master');
  });

  it('the last master can be neither demoted nor removed; with two masters one may go', async () => {
    const owner = await signUp(ctx, { company: 'Masters' });
    const demote = await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}/users/${owner.userId}`, {
      token: owner.token,
      body: { acl: 'admin' },
      lang: 'en',
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.body).toMatchObject({
      code: 'LAST_MASTER',
      message: 'The last master of the account cannot be removed',
    });
    const leave = await api(ctx.app, 'DELETE', `/g/acc/access/${owner.accountId}/${owner.userId}`, {
      token: owner.token,
      body: { acc: owner.accountId },
    });
    expect(leave.statusCode).toBe(400);
    expect(leave.body.code).toBe('LAST_MASTER');

    const second = await addMember(ctx, owner, 'master');
    const demoteSecond = await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}/users/${second.userId}`, {
      token: owner.token,
      body: { acl: 'admin' },
    });
    expect(demoteSecond.body.data.acl).toBe('admin');
    const again = await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}/users/${owner.userId}`, {
      token: owner.token,
      body: { acl: 'admin' },
    });
    expect(again.body.code).toBe('LAST_MASTER');

    const third = await addMember(ctx, owner, 'master');
    const removed = await api(ctx.app, 'DELETE', `/g/acc/access/${owner.accountId}/${owner.userId}`, {
      token: third.token,
      body: { acc: owner.accountId },
    });
    expect(removed.body).toEqual({ status: 1, data: { removed: true } });
    const last = await api(ctx.app, 'DELETE', `/g/acc/access/${owner.accountId}/${third.userId}`, {
      token: third.token,
      body: { acc: owner.accountId },
    });
    expect(last.body.code).toBe('LAST_MASTER');
  });

  it('two masters demoting each other at the same time leave one master', async () => {
    const owner = await signUp(ctx, { company: 'Race' });
    const second = await addMember(ctx, owner, 'master');
    const url = (userId: string) => `/g/acc/${owner.accountId}/users/${userId}`;
    const results = await Promise.all([
      api(ctx.app, 'PUT', url(second.userId), { token: owner.token, body: { acl: 'admin' } }),
      api(ctx.app, 'PUT', url(owner.userId), { token: second.token, body: { acl: 'admin' } }),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.find((r) => r.statusCode !== 200)!;
    expect(['LAST_MASTER', 'ROLE_ABOVE_OWN']).toContain(refused.body.code);
    expect(await mastersOf(owner.accountId)).toHaveLength(1);
  });

  it('the service keeps one master when two demotions pass the gate together', async () => {
    const owner = await signUp(ctx, { company: 'Race 2' });
    const second = await addMember(ctx, owner, 'master');
    const actor = { userId: owner.userId, ip: '127.0.0.1', lang: 'en' as const };
    const service = ctx.app.services.accounts;
    const results = await Promise.allSettled([
      service.updateMember(owner.accountId, 'master', second.userId, { acl: 'admin' }, actor),
      service.updateMember(
        owner.accountId,
        'master',
        owner.userId,
        { acl: 'admin' },
        { ...actor, userId: second.userId },
      ),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason.code).toBe('LAST_MASTER');
    expect(await mastersOf(owner.accountId)).toHaveLength(1);
  });

  it('the service keeps one master when a demotion and a removal race', async () => {
    const owner = await signUp(ctx, { company: 'Race 3' });
    const second = await addMember(ctx, owner, 'master');
    const actor = { userId: owner.userId, ip: '127.0.0.1', lang: 'en' as const };
    const service = ctx.app.services.accounts;
    await Promise.allSettled([
      service.updateMember(owner.accountId, 'master', second.userId, { acl: 'admin' }, actor),
      service.removeMember(owner.accountId, 'master', owner.userId, owner.userId, actor),
    ]);
    expect(await mastersOf(owner.accountId)).toHaveLength(1);
  });

  it('admins remove members; members may leave; operators cannot remove others; removal takes effect at once', async () => {
    const leaver = await addMember(ctx, a, 'operator');
    const victim = await addMember(ctx, a, 'operator');
    const refused = await api(ctx.app, 'DELETE', `/g/acc/access/${a.accountId}/${victim.userId}`, {
      token: leaver.token,
      body: { acc: a.accountId },
      lang: 'en',
    });
    expectNotAuthorized(refused);

    const left = await api(ctx.app, 'DELETE', `/g/acc/access/${a.accountId}/${leaver.userId}`, {
      token: leaver.token,
      body: { acc: a.accountId },
    });
    expect(left.body).toEqual({ status: 1, data: { removed: true } });
    const gone = await api(ctx.app, 'GET', `/g/acc/${a.accountId}`, { token: leaver.token });
    expect(gone.statusCode).toBe(404);
    expect(gone.body.message).toBe('Invalid acc or user ID');

    const removed = await api(ctx.app, 'DELETE', `/g/acc/access/${a.accountId}/${victim.userId}`, {
      token: admin.token,
      body: { acc: a.accountId },
    });
    expect(removed.body.data).toEqual({ removed: true });
    expect((await api(ctx.app, 'GET', `/g/acc/${a.accountId}`, { token: victim.token })).statusCode).toBe(
      404,
    );
    const list = await api(ctx.app, 'GET', '/g/acc/list', { token: victim.token });
    expect(list.body.data).toEqual([]);

    const twice = await api(ctx.app, 'DELETE', `/g/acc/access/${a.accountId}/${victim.userId}`, {
      token: admin.token,
      body: { acc: a.accountId },
      lang: 'en',
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.body).toMatchObject({ code: 'MEMBER_NOT_FOUND', message: 'Member not found' });
  });
});

describe('another account’s ids', () => {
  it('a member of A asking for B answers 404 Invalid acc or user ID on every account call', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/g/acc/${b.accountId}`],
      ['PUT', `/g/acc/${b.accountId}`, { name: 'Hacked' }],
      ['DELETE', `/g/acc/${b.accountId}`, { confirm: 'DELETE' }],
      ['GET', `/g/acc/${b.accountId}/users`],
      ['PUT', `/g/acc/${b.accountId}/users/${b.userId}`, { acl: 'operator' }],
      ['DELETE', `/g/acc/access/${b.accountId}/${b.userId}`, { acc: b.accountId }],
      ['DELETE', `/g/acc/${b.accountId}/invitations/${UNKNOWN_ID}`],
      ['PUT', `/g/acc/${b.accountId}/plan/pro`],
      ['GET', `/p/activity-log?acc=${b.accountId}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await api(ctx.app, method as 'GET', url, { token: a.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).toEqual({ status: 0, code: 'ACC_INVALID_USER', message: 'Invalid acc or user ID' });
    }
    const details = await api(ctx.app, 'GET', `/g/acc/${b.accountId}`, { token: b.token });
    expect(details.body.data.acc.name).toBe('Beta');
  });

  it('an unknown account id or a garbage one answers 404 Acc not found', async () => {
    for (const id of [UNKNOWN_ID, 'garbage', '1', "1' or '1'='1"]) {
      for (const [method, body] of [
        ['GET'],
        ['PUT', { name: 'X' }],
        ['DELETE', { confirm: 'DELETE' }],
      ] as const) {
        const res = await api(ctx.app, method, `/g/acc/${encodeURIComponent(id)}`, { token: a.token, body });
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.body).toEqual({ status: 0, code: 'ACC_NOT_FOUND', message: 'Acc not found' });
      }
    }
    const users = await api(ctx.app, 'GET', `/g/acc/${UNKNOWN_ID}/users`, { token: a.token });
    expect(users.body.message).toBe('Acc not found');
  });

  it('member and invitation ids of B are not found through A', async () => {
    const invite = await api(ctx.app, 'POST', '/g/user/invite', {
      token: b.token,
      body: { email: uniqueEmail(), acc: b.accountId, acl: 'operator' },
    });
    const revoke = await api(ctx.app, 'DELETE', `/g/acc/${a.accountId}/invitations/${invite.body.data._id}`, {
      token: a.token,
    });
    expect(revoke.statusCode).toBe(404);
    expect(revoke.body.code).toBe('INVITATION_NOT_FOUND');
    expect((await api(ctx.app, 'GET', `/g/user/invite/${invite.body.data._id}`)).statusCode).toBe(200);

    const update = await api(ctx.app, 'PUT', `/g/acc/${a.accountId}/users/${b.userId}`, {
      token: a.token,
      body: { acl: 'operator' },
    });
    expect(update.statusCode).toBe(404);
    expect(update.body.code).toBe('MEMBER_NOT_FOUND');
    const remove = await api(ctx.app, 'DELETE', `/g/acc/access/${a.accountId}/${b.userId}`, {
      token: a.token,
      body: { acc: a.accountId },
    });
    expect(remove.statusCode).toBe(404);
    const bDetails = await api(ctx.app, 'GET', `/g/acc/${b.accountId}`, { token: b.token });
    expect(bDetails.body.data.userAccAccessAcl).toBe('master');
  });

  it('A never sees B’s members or invitations', async () => {
    const res = await api(ctx.app, 'GET', `/g/acc/${a.accountId}/users`, { token: a.token });
    const emails = [...res.body.data.items, ...res.body.data.invitations].map(
      (x: { email: string }) => x.email,
    );
    expect(emails).not.toContain(b.email);
    const bUsers = await api(ctx.app, 'GET', `/g/acc/${b.accountId}/users`, { token: b.token });
    expect(bUsers.body.data.items.map((m: { email: string }) => m.email)).toEqual([b.email]);
  });
});

describe('row-level security', () => {
  it('a tenant transaction sees only its own account’s rows, even without a where clause', async () => {
    const db = ctx.app.platform.database.db;
    const rows = await withTenant(db, a.accountId, (tx) => tx.select().from(accountMembers));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.accountId))).toEqual(new Set([a.accountId]));
    const accs = await withTenant(db, a.accountId, (tx) => tx.select().from(accounts));
    expect(accs.map((r) => r.id)).toEqual([a.accountId]);
    const logs = await withTenant(db, b.accountId, (tx) => tx.select().from(activityLog));
    expect(logs.every((r) => r.accountId === b.accountId)).toBe(true);
    expect(logs.length).toBeGreaterThan(0);
  });

  it('a tenant transaction cannot write into another account', async () => {
    const db = ctx.app.platform.database.db;
    await expect(
      withTenant(db, a.accountId, (tx) =>
        tx
          .insert(activityLog)
          .values({ accountId: b.accountId, action: 'account.updated', target: 'forged' }),
      ),
    ).rejects.toThrow();
    const updated = await withTenant(db, a.accountId, (tx) =>
      tx.update(accounts).set({ name: 'Hijacked' }).where(eq(accounts.id, b.accountId)).returning(),
    );
    expect(updated).toEqual([]);
    const deleted = await withTenant(db, a.accountId, (tx) =>
      tx.delete(accountMembers).where(eq(accountMembers.accountId, b.accountId)).returning(),
    );
    expect(deleted).toEqual([]);
    expect(await countRows(ctx, 'account_members', b.accountId)).toBe(1);
    const [row] = await queryRows<{ name: string }>(
      ctx,
      sql`select name from accounts where id = ${b.accountId}`,
    );
    expect(row.name).toBe('Beta');
  });

  it('without an account set, a tenant transaction sees nothing', async () => {
    const db = ctx.app.platform.database.db;
    const rows = await withTenant(db, '', (tx) => tx.select().from(accountMembers));
    expect(rows).toEqual([]);
  });
});

describe('DELETE /g/acc/{id}', () => {
  it('needs the confirmation word', async () => {
    const owner = await signUp(ctx);
    for (const [confirm, lang, message] of [
      ['delete', 'en', 'Type DELETE to confirm'],
      ['REMOVE', 'pt-BR', 'Digite EXCLUIR para confirmar'],
    ]) {
      const res = await api(ctx.app, 'DELETE', `/g/acc/${owner.accountId}`, {
        token: owner.token,
        body: { confirm },
        lang,
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 0, code: 'ACC_DELETE_CONFIRMATION', message });
    }
    const missing = await api(ctx.app, 'DELETE', `/g/acc/${owner.accountId}`, { token: owner.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.body.code).toBe('VALIDATION_FAILED');
    expect((await api(ctx.app, 'GET', `/g/acc/${owner.accountId}`, { token: owner.token })).statusCode).toBe(
      200,
    );
  });

  it('the master deletes the account with EXCLUIR or DELETE and every row of it goes', async () => {
    for (const word of ['EXCLUIR', 'DELETE']) {
      const owner = await signUp(ctx, { company: `Doomed ${word}` });
      const member = await addMember(ctx, owner, 'admin');
      await api(ctx.app, 'POST', '/g/user/invite', {
        token: owner.token,
        body: { email: uniqueEmail(), acc: owner.accountId },
      });
      await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}/plan/business`, { token: owner.token });
      await api(ctx.app, 'POST', '/g/user/notification/mobile-token', {
        token: member.token,
        body: {
          acc: owner.accountId,
          token: 'fcm-token-for-a-doomed-account',
          deviceID: 'd1',
          deviceName: 'x',
        },
      });
      const tables = [
        'accounts',
        'account_members',
        'account_plans',
        'activity_log',
        'invitations',
        'devices',
        'checkouts',
      ];
      for (const table of tables)
        expect(await countRows(ctx, table, owner.accountId), table).toBeGreaterThan(0);

      const res = await api(ctx.app, 'DELETE', `/g/acc/${owner.accountId}`, {
        token: owner.token,
        body: { confirm: word },
      });
      expect(res.body).toEqual({ status: 1, data: { deleted: true } });
      for (const table of [...tables, 'conversation_usage'])
        expect(await countRows(ctx, table, owner.accountId), table).toBe(0);

      const details = await api(ctx.app, 'GET', `/g/acc/${owner.accountId}`, { token: owner.token });
      expect(details.statusCode).toBe(404);
      expect(details.body.message).toBe('Acc not found');
      expect(
        (await api(ctx.app, 'GET', `/g/acc/${owner.accountId}`, { token: member.token })).statusCode,
      ).toBe(404);
      expect((await api(ctx.app, 'GET', '/g/acc/list', { token: owner.token })).body.data).toEqual([]);
      // The people stay: they can still sign in.
      const login = await api(ctx.app, 'POST', '/g/auth/login', {
        body: { email: owner.email, password: owner.password },
      });
      expect(login.statusCode).toBe(200);
    }
  });
});

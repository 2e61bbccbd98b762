import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, invitations } from '../../platform/db/schema';
import { addTeam, NOT_AUTHORIZED, type TMemberSession } from '../../testing/app-fixtures';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { signUp, STRONG_PASSWORD, type TSignedUp, uniqueEmail } from '../../testing/fixtures';
import { createDepartment, createKeyEntity } from '../departments/departments.testing';

let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;
let admin: TMemberSession;
let manager: TMemberSession;
let operator: TMemberSession;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx, { company: 'Owner Co' });
  other = await signUp(ctx, { company: 'Other Co' });
  ({ admin, manager, operator } = await addTeam(ctx, owner));
});
afterAll(async () => {
  await ctx.close();
});

const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function invite(token: string, body: Record<string, unknown>, lang = 'en') {
  return api(ctx.app, 'POST', '/g/user/invite', {
    token,
    body: { intentions: [], entities: [], ...body },
    lang,
  });
}

/** The invitation link of the newest invitation mail to `email`. */
async function invitationLink(email: string) {
  const mail = await ctx.smtp.waitFor((m) => m.to.includes(email) && /\/invitation\//.test(m.text));
  return /(http:\/\/app\.test\/invitation\/[0-9a-f-]{36})/.exec(mail.text)![1];
}

describe('profile', () => {
  it('GET /g/user/me answers the caller’s data', async () => {
    const me = await api(ctx.app, 'GET', '/g/user/me', { token: owner.token });
    expect(me.statusCode).toBe(200);
    expect(me.body.data).toMatchObject({
      _id: owner.userId,
      id: owner.userId,
      name: 'Test User',
      displayName: 'Test User',
      email: owner.email,
      phone: '+5511987654321',
      lang: 'pt-BR',
      isConfirmed: true,
      status: 'active',
    });
    expect(me.body.data).not.toHaveProperty('passwordHash');
  });

  it('PUT /g/user/me updates name, about, phone (normalised) and language', async () => {
    const user = await signUp(ctx);
    const res = await api(ctx.app, 'PUT', '/g/user/me', {
      token: user.token,
      body: { name: 'Nova', about: 'Oi', phone: '+1 415 555 2671', lang: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Nova',
      displayName: 'Nova',
      about: 'Oi',
      phone: '+14155552671',
      lang: 'en',
    });
    const me = await api(ctx.app, 'GET', '/g/user/me', { token: user.token });
    expect(me.body.data.name).toBe('Nova');
  });

  it('PUT /g/user/me refuses an empty name, a bad phone and fields it does not own (e-mail)', async () => {
    const res = await api(ctx.app, 'PUT', '/g/user/me', {
      token: owner.token,
      body: { name: '  ', phone: '12' },
      lang: 'pt-BR',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.fields).toEqual(
      expect.arrayContaining([
        { path: 'name', key: 'required', message: 'Este campo é obrigatório' },
        { path: 'phone', key: 'phone', message: 'Telefone inválido, por favor verifique' },
      ]),
    );
    const email = await api(ctx.app, 'PUT', '/g/user/me', {
      token: owner.token,
      body: { email: 'x@example.com' },
    });
    expect(email.statusCode).toBe(400);
    expect(email.body.code).toBe('VALIDATION_FAILED');
    const me = await api(ctx.app, 'GET', '/g/user/me', { token: owner.token });
    expect(me.body.data.email).toBe(owner.email);
  });

  it('needs a token', async () => {
    const res = await api(ctx.app, 'GET', '/g/user/me');
    expect(res.statusCode).toBe(401);
    expect(res.body.message).toBe('invalid token');
  });

  it('POST /g/user/me/password checks the current password and the policy', async () => {
    const user = await signUp(ctx);
    const wrong = await api(ctx.app, 'POST', '/g/user/me/password', {
      token: user.token,
      body: { currentPassword: 'Wrong!Pass1', password: 'An0ther!Pass' },
      lang: 'en',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'PASSWORD_WRONG',
      message: 'The current password is incorrect',
    });
    const weak = await api(ctx.app, 'POST', '/g/user/me/password', {
      token: user.token,
      body: { currentPassword: user.password, password: 'password' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body.fields).toEqual([expect.objectContaining({ path: 'password', key: 'passwordWeak' })]);

    const ok = await api(ctx.app, 'POST', '/g/user/me/password', {
      token: user.token,
      body: { currentPassword: user.password, password: 'An0ther!Pass' },
    });
    expect(ok.body.data).toEqual({
      changed: true,
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    // Other sessions end; the fresh tokens keep this one going.
    const oldRefresh = await api(ctx.app, 'POST', '/g/auth/refresh-token', {
      body: { token: user.refreshToken },
    });
    expect(oldRefresh.statusCode).toBe(401);
    const newRefresh = await api(ctx.app, 'POST', '/g/auth/refresh-token', {
      body: { token: ok.body.data.refreshToken },
    });
    expect(newRefresh.statusCode).toBe(200);
    const oldLogin = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: 'An0ther!Pass' },
    });
    expect(newLogin.statusCode).toBe(200);
  });
});

describe('avatar', () => {
  it('accepts a PNG up to 800 kB and serves it back', async () => {
    const user = await signUp(ctx);
    const res = await api(ctx.app, 'PUT', '/g/user/me/avatar', {
      token: user.token,
      body: { dataUrl: `data:image/png;base64,${PNG_1PX}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.profilePic).toMatch(new RegExp(`^/g/user/avatar/${user.userId}\\?v=\\d+$`));
    const image = await ctx.app.inject({ method: 'GET', url: res.body.data.profilePic });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
    const me = await api(ctx.app, 'GET', '/g/user/me', { token: user.token });
    expect(me.body.data.profilePic).toBe(res.body.data.profilePic);
  });

  it('refuses other types, content that is not what it claims, and files over 800 kB', async () => {
    const bmp = await api(ctx.app, 'PUT', '/g/user/me/avatar', {
      token: owner.token,
      body: { dataUrl: 'data:image/bmp;base64,Qk0=' },
      lang: 'en',
    });
    expect(bmp.statusCode).toBe(400);
    expect(bmp.body.fields).toEqual([
      { path: 'dataUrl', key: 'avatarType', message: 'Allowed JPG, GIF or PNG' },
    ]);

    const fake = await api(ctx.app, 'PUT', '/g/user/me/avatar', {
      token: owner.token,
      body: { dataUrl: `data:image/png;base64,${Buffer.from('GIF89a not a png').toString('base64')}` },
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.body.fields?.[0].key).toBe('avatarType');

    const big = Buffer.alloc(801 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47]);
    const large = await api(ctx.app, 'PUT', '/g/user/me/avatar', {
      token: owner.token,
      body: { dataUrl: `data:image/png;base64,${big.toString('base64')}` },
      lang: 'en',
    });
    expect(large.statusCode).toBe(400);
    expect(large.body.fields).toEqual([{ path: 'dataUrl', key: 'avatarSize', message: 'Max size of 800kB' }]);
  });

  it('answers 404 for a user without an avatar', async () => {
    const res = await api(ctx.app, 'GET', `/g/user/avatar/${other.userId}`);
    expect(res.statusCode).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});

describe('invitations', () => {
  it('mails a link to /invitation/{id}; the link shows the invitation; accepting creates a confirmed user and signs in', async () => {
    const email = uniqueEmail('guest');
    const sales = await createDepartment(ctx, owner, 'Sales');
    const cpf = await createKeyEntity(ctx, owner, 'CPF', '$cpf', 'cpf');
    const res = await invite(owner.token, {
      email,
      acc: owner.accountId,
      acl: 'manager',
      intentions: [sales],
      entities: [cpf],
    });
    expect(res.statusCode).toBe(200);
    const id = res.body.data._id;
    expect(await invitationLink(email)).toBe(`http://app.test/invitation/${id}`);

    const view = await api(ctx.app, 'GET', `/g/user/invite/${id}`);
    expect(view.body.data).toMatchObject({
      _id: id,
      email,
      acc: owner.accountId,
      accName: 'Owner Co',
      acl: 'manager',
      intentions: [sales],
      entities: [cpf],
      userExists: false,
    });

    const accepted = await api(ctx.app, 'POST', '/g/user/invited/update', {
      body: { name: 'Guest', phone: '(21) 99876-5432', email, password: STRONG_PASSWORD, invatation: id },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body.data).toMatchObject({
      isConfirmed: true,
      user: { name: 'Guest', email, phone: '+5521998765432' },
    });
    expect(accepted.body.data.accessToken).toMatch(/^ey/);
    expect(accepted.body.data.refreshToken).toEqual(expect.any(String));

    const details = await api(ctx.app, 'GET', `/g/acc/${owner.accountId}`, {
      token: accepted.body.data.accessToken,
    });
    expect(details.body.data.userAccAccessAcl).toBe('manager');
    const login = await api(ctx.app, 'POST', '/g/auth/login', { body: { email, password: STRONG_PASSWORD } });
    expect(login.body.data.isConfirmed).toBe(true);

    const members = await api(ctx.app, 'GET', `/g/acc/${owner.accountId}/users`, { token: owner.token });
    expect(members.body.data.items).toContainEqual(
      expect.objectContaining({ email, acl: 'manager', intentions: [sales], entities: [cpf] }),
    );

    const reuse = await api(ctx.app, 'POST', '/g/user/invited/update', {
      body: { name: 'Guest', phone: '(21) 99876-5432', email, password: STRONG_PASSWORD, invatation: id },
      lang: 'en',
    });
    expect(reuse.statusCode).toBe(404);
    expect(reuse.body).toMatchObject({
      code: 'INVITATION_NOT_FOUND',
      message: 'Invitation not found or expired',
    });
    const viewAgain = await api(ctx.app, 'GET', `/g/user/invite/${id}`);
    expect(viewAgain.statusCode).toBe(404);
  });

  it('defaults the role to admin', async () => {
    const email = uniqueEmail('default');
    const res = await api(ctx.app, 'POST', '/g/user/invite', {
      token: owner.token,
      body: { email, acc: owner.accountId },
    });
    expect(res.statusCode).toBe(200);
    const view = await api(ctx.app, 'GET', `/g/user/invite/${res.body.data._id}`);
    expect(view.body.data.acl).toBe('admin');
    expect(view.body.data.intentions).toEqual([]);
  });

  it('refuses an e-mail other than the invited one', async () => {
    const email = uniqueEmail('invited');
    const res = await invite(owner.token, { email, acc: owner.accountId, acl: 'operator' });
    const wrong = await api(ctx.app, 'POST', '/g/user/invited/update', {
      body: {
        name: 'X',
        phone: '11987654321',
        email: uniqueEmail('intruder'),
        password: STRONG_PASSWORD,
        invatation: res.body.data._id,
      },
      lang: 'en',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'INVITATION_EMAIL_MISMATCH',
      message: 'This invitation was sent to another e-mail',
    });
  });

  it('an existing user must give their own password; their profile is kept', async () => {
    const existing = await signUp(ctx, { company: 'Existing Co' });
    const res = await invite(owner.token, { email: existing.email, acc: owner.accountId, acl: 'operator' });
    const view = await api(ctx.app, 'GET', `/g/user/invite/${res.body.data._id}`);
    expect(view.body.data.userExists).toBe(true);

    const body = {
      name: 'Impostor',
      phone: '11 91234-5678',
      email: existing.email,
      invatation: res.body.data._id,
    };
    const wrong = await api(ctx.app, 'POST', '/g/user/invited/update', {
      body: { ...body, password: 'Wrong!Pass1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');

    const ok = await api(ctx.app, 'POST', '/g/user/invited/update', {
      body: { ...body, password: existing.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data.user).toMatchObject({
      _id: existing.userId,
      name: 'Test User',
      phone: '+5511987654321',
    });
    const list = await api(ctx.app, 'GET', '/g/acc/list', { token: existing.token });
    expect(list.body.data.map((a: { _id: string }) => a._id).sort()).toEqual(
      [existing.accountId, owner.accountId].sort(),
    );
  });

  it('refuses to invite someone who is already a member', async () => {
    const res = await invite(owner.token, { email: admin.email, acc: owner.accountId, acl: 'operator' });
    expect(res.statusCode).toBe(409);
    expect(res.body.code).toBe('ALREADY_MEMBER');
  });

  it('inviting again an e-mail whose invitation is pending renews that one (same link, new role), not a second', async () => {
    const email = uniqueEmail('again');
    const first = await invite(owner.token, { email, acc: owner.accountId, acl: 'operator' });
    const link = await invitationLink(email);
    const again = await invite(owner.token, {
      email: email.toUpperCase(),
      acc: owner.accountId,
      acl: 'manager',
    });
    expect(again.statusCode).toBe(200);
    expect(again.body.data._id).toBe(first.body.data._id);
    const users = await api(ctx.app, 'GET', `/g/acc/${owner.accountId}/users`, { token: owner.token });
    const pending = users.body.data.invitations.filter(
      (i: { email: string }) => i.email.toLowerCase() === email.toLowerCase(),
    );
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ _id: first.body.data._id, acl: 'manager' });
    // Both mails carry the one link; accepting it gives the role of the newest invitation.
    expect(link).toContain(first.body.data._id);
    const view = await api(ctx.app, 'GET', `/g/user/invite/${first.body.data._id}`);
    expect(view.body.data).toMatchObject({ acl: 'manager' });
  });

  it('admins invite up to admin, never master', async () => {
    const ok = await invite(admin.token, { email: uniqueEmail(), acc: owner.accountId, acl: 'admin' });
    expect(ok.statusCode).toBe(200);
    const master = await invite(admin.token, { email: uniqueEmail(), acc: owner.accountId, acl: 'master' });
    expect(master.statusCode).toBe(403);
    expect(master.body).toMatchObject({
      code: 'ROLE_ABOVE_OWN',
      message: 'You cannot grant a role above your own',
    });
    const byMaster = await invite(owner.token, { email: uniqueEmail(), acc: owner.accountId, acl: 'master' });
    expect(byMaster.statusCode).toBe(200);
  });

  it('managers and operators cannot invite', async () => {
    for (const member of [manager, operator]) {
      const res = await invite(member.token, { email: uniqueEmail(), acc: owner.accountId, acl: 'operator' });
      expect(res.statusCode).toBe(403);
      expect(res.body).toMatchObject({ status: 0, code: 'NOT_AUTHORIZED', message: NOT_AUTHORIZED });
    }
  });

  it('nobody invites into an account they do not belong to', async () => {
    const res = await invite(other.token, { email: uniqueEmail(), acc: owner.accountId, acl: 'operator' });
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe('Invalid acc or user ID');
    const unknown = await invite(owner.token, {
      email: uniqueEmail(),
      acc: '00000000-0000-7000-8000-000000000000',
      acl: 'operator',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe('Acc not found');
  });

  it('answers 404 for an unknown invitation and 400 for a malformed id', async () => {
    const unknown = await api(ctx.app, 'GET', '/g/user/invite/00000000-0000-7000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.code).toBe('INVITATION_NOT_FOUND');
    const garbage = await api(ctx.app, 'GET', '/g/user/invite/not-an-id');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.body.code).toBe('VALIDATION_FAILED');
  });

  it('an invitation expires after 7 days', async () => {
    const email = uniqueEmail('late');
    const res = await invite(owner.token, { email, acc: owner.accountId, acl: 'operator' });
    const id = res.body.data._id;
    const view = await api(ctx.app, 'GET', `/g/user/invite/${id}`);
    const days = (Date.parse(view.body.data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    await ctx.app.platform.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, id));
    expect((await api(ctx.app, 'GET', `/g/user/invite/${id}`)).statusCode).toBe(404);
    const accept = await api(ctx.app, 'POST', '/g/user/invited/update', {
      body: { name: 'Late', phone: '11987654321', email, password: STRONG_PASSWORD, invatation: id },
    });
    expect(accept.statusCode).toBe(404);
    expect(accept.body.code).toBe('INVITATION_NOT_FOUND');
  });

  it('a revoked invitation can no longer be seen or accepted', async () => {
    const email = uniqueEmail('revoked');
    const res = await invite(owner.token, { email, acc: owner.accountId, acl: 'operator' });
    const id = res.body.data._id;
    const revoked = await api(ctx.app, 'DELETE', `/g/acc/${owner.accountId}/invitations/${id}`, {
      token: admin.token,
    });
    expect(revoked.body).toEqual({ status: 1, data: { removed: true } });
    expect((await api(ctx.app, 'GET', `/g/user/invite/${id}`)).statusCode).toBe(404);
    const log = await api(ctx.app, 'GET', `/p/activity-log?acc=${owner.accountId}`, { token: owner.token });
    expect(log.body.data.items).toContainEqual(
      expect.objectContaining({ action: 'invitation.revoked', target: email }),
    );
    const accept = await api(ctx.app, 'POST', '/g/user/invited/update', {
      body: { name: 'Late', phone: '11987654321', email, password: STRONG_PASSWORD, invatation: id },
    });
    expect(accept.statusCode).toBe(404);
  });

  it('an invitation is accepted once even when two acceptances race', async () => {
    const email = uniqueEmail('race');
    const res = await invite(owner.token, { email, acc: owner.accountId, acl: 'operator' });
    const body = {
      name: 'Racer',
      phone: '11987654321',
      email,
      password: STRONG_PASSWORD,
      invatation: res.body.data._id,
    };
    const [a, b] = await Promise.all([
      api(ctx.app, 'POST', '/g/user/invited/update', { body }),
      api(ctx.app, 'POST', '/g/user/invited/update', { body }),
    ]);
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    for (const r of [a, b]) expect(r.statusCode).toBeLessThan(500);
    const members = await api(ctx.app, 'GET', `/g/acc/${owner.accountId}/users`, { token: owner.token });
    expect(members.body.data.items.filter((m: { email: string }) => m.email === email)).toHaveLength(1);
  });
});

describe('push devices', () => {
  const pushToken = () => `fcm-${uniqueEmail('t').replace(/[^a-z0-9]/gi, '')}-token-value`;

  it('registers a device, keeps one row per device id, and removes the token on logout', async () => {
    const token = pushToken();
    const body = {
      acc: owner.accountId,
      token,
      type: 'web',
      deviceID: 'device-1',
      deviceName: 'Linux_Chrome',
    };
    const res = await api(ctx.app, 'POST', '/g/user/notification/mobile-token', {
      token: operator.token,
      body,
    });
    expect(res.body).toEqual({ status: 1, data: { deviceID: 'device-1' } });
    const again = await api(ctx.app, 'POST', '/g/user/notification/mobile-token', {
      token: operator.token,
      body,
    });
    expect(again.body.data).toEqual({ deviceID: 'device-1' });
    const db = ctx.app.platform.database.db;
    expect(await db.select().from(devices).where(eq(devices.token, token))).toHaveLength(1);

    const removed = await api(ctx.app, 'POST', '/g/user/notification/remove-token', {
      token: operator.token,
      body: { token },
    });
    expect(removed.body).toEqual({ status: 1, data: { removed: true } });
    expect(await db.select().from(devices).where(eq(devices.token, token))).toHaveLength(0);
  });

  it('generates a device id when none is given', async () => {
    const res = await api(ctx.app, 'POST', '/g/user/notification/mobile-token', {
      token: owner.token,
      body: { acc: owner.accountId, token: pushToken(), type: 'web', deviceName: 'Mac_Safari' },
    });
    expect(res.body.data.deviceID).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers invalidToken for a token that cannot be a push token', async () => {
    const res = await api(ctx.app, 'POST', '/g/user/notification/mobile-token', {
      token: owner.token,
      body: { acc: owner.accountId, token: 'short', type: 'web', deviceID: 'd2', deviceName: 'x' },
    });
    expect(res.body).toEqual({ status: 1, data: { invalidToken: true } });
  });

  it('refuses another account and leaves other users’ tokens alone', async () => {
    const token = pushToken();
    const foreign = await api(ctx.app, 'POST', '/g/user/notification/mobile-token', {
      token: other.token,
      body: { acc: owner.accountId, token, type: 'web', deviceID: 'd3', deviceName: 'x' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.message).toBe('Invalid acc or user ID');

    await api(ctx.app, 'POST', '/g/user/notification/mobile-token', {
      token: owner.token,
      body: { acc: owner.accountId, token, type: 'web', deviceID: 'd4', deviceName: 'x' },
    });
    await api(ctx.app, 'POST', '/g/user/notification/remove-token', { token: other.token, body: { token } });
    const db = ctx.app.platform.database.db;
    expect(
      await db
        .select()
        .from(devices)
        .where(and(eq(devices.token, token), eq(devices.userId, owner.userId))),
    ).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { signUp, STRONG_PASSWORD, uniqueEmail } from '../../testing/fixtures';

let ctx: TTestApp;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function invite(owner: Awaited<ReturnType<typeof signUp>>, email: string) {
  const res = await api(ctx.app, 'POST', '/g/user/invite', {
    token: owner.token,
    body: { email, acc: owner.accountId, acl: 'operator' },
  });
  return res.body.data._id as string;
}

describe('accepting an invitation: name and phone only for new users', () => {
  it('an existing user accepts with e-mail and password alone', async () => {
    const owner = await signUp(ctx);
    const existing = await signUp(ctx);
    const id = await invite(owner, existing.email);
    const res = await api(ctx.app, 'POST', '/g/user/invited/update', {
      body: { email: existing.email, password: STRONG_PASSWORD, invatation: id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.user.name).toBe('Test User');
  });

  it('a new user without name and phone gets the required-field messages', async () => {
    const owner = await signUp(ctx);
    const email = uniqueEmail('new');
    const id = await invite(owner, email);
    const res = await api(ctx.app, 'POST', '/g/user/invited/update', {
      body: { email, password: STRONG_PASSWORD, invatation: id },
      lang: 'pt-BR',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.fields).toEqual([
      { path: 'name', key: 'required', message: 'Este campo é obrigatório' },
      { path: 'phone', key: 'required', message: 'Este campo é obrigatório' },
    ]);
  });
});

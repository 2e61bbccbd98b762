import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { otpFromMail, signUp, STRONG_PASSWORD, uniqueEmail } from '../../testing/fixtures';

let ctx: TTestApp;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('register, verify and login', () => {
  it('mails a code, refuses login tokens until verified, then signs in', async () => {
    const email = uniqueEmail();
    const reg = await api(ctx.app, 'POST', '/g/auth/register', {
      body: { name: 'Ana', phone: '11 98765-4321', email, password: STRONG_PASSWORD },
    });
    expect(reg.statusCode).toBe(200);
    expect(reg.body).toEqual({ status: 1, data: { email, isConfirmed: false } });

    const before = await api(ctx.app, 'POST', '/g/auth/login', { body: { email, password: STRONG_PASSWORD } });
    expect(before.body.data.isConfirmed).toBe(false);
    expect(before.body.data.accessToken).toBeUndefined();

    const otp = await otpFromMail(ctx, email);
    const verify = await api(ctx.app, 'POST', '/g/auth/verify-otp', { body: { email, otp } });
    expect(verify.body).toEqual({ status: 1, data: { isConfirmed: true } });

    const login = await api(ctx.app, 'POST', '/g/auth/login', { body: { email, password: STRONG_PASSWORD, remember_me: true } });
    expect(login.statusCode).toBe(200);
    expect(login.body.data.isConfirmed).toBe(true);
    expect(login.body.data.accessToken).toMatch(/^ey/);
    expect(login.body.data.user.phone).toBe('+5511987654321');
  });

  it('answers the same error for a wrong password and an unknown e-mail', async () => {
    const user = await signUp(ctx);
    const wrong = await api(ctx.app, 'POST', '/g/auth/login', { body: { email: user.email, password: 'Wrong!Pass1' }, lang: 'en' });
    const unknown = await api(ctx.app, 'POST', '/g/auth/login', { body: { email: uniqueEmail(), password: 'Wrong!Pass1' }, lang: 'en' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Incorrect e-mail or password');
  });

  it('rotates refresh tokens and revokes the family when an old one is reused', async () => {
    const user = await signUp(ctx);
    const first = await api(ctx.app, 'POST', '/g/auth/refresh-token', { body: { token: user.refreshToken } });
    expect(first.statusCode).toBe(200);
    const reuse = await api(ctx.app, 'POST', '/g/auth/refresh-token', { body: { token: user.refreshToken } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.body.message).toBe('invalid token');
    const rotated = await api(ctx.app, 'POST', '/g/auth/refresh-token', { body: { token: first.body.data.refreshToken } });
    expect(rotated.statusCode).toBe(401);
  });

  it('uses the demo password flow: reset link from the mail sets a new password once', async () => {
    const user = await signUp(ctx);
    const before = ctx.smtp.messages.length;
    const req = await api(ctx.app, 'POST', '/g/auth/reset-password', { body: { email: user.email } });
    expect(req.body).toEqual({ status: 1, data: { sent: true } });
    const mail = await ctx.smtp.waitFor((m) => m.to.includes(user.email) && ctx.smtp.messages.indexOf(m) >= before);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]);
    const set = await api(ctx.app, 'POST', '/g/auth/reset-password/confirm', { body: { token, password: 'N3w!Password' } });
    expect(set.body).toEqual({ status: 1, data: { reset: true } });
    const again = await api(ctx.app, 'POST', '/g/auth/reset-password/confirm', { body: { token, password: 'N3w!Password2' } });
    expect(again.body.code).toBe('RESET_TOKEN_INVALID');
    const login = await api(ctx.app, 'POST', '/g/auth/login', { body: { email: user.email, password: 'N3w!Password' } });
    expect(login.statusCode).toBe(200);
  });
});

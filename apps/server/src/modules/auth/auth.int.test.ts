import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOtps, passwordResets, users } from '../../platform/db/schema';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { otpFromMail, signUp, STRONG_PASSWORD, type TSignedUp, uniqueEmail } from '../../testing/fixtures';
import { mailJobsTo, queryRows, signAccessToken, uniqueIp } from '../../testing/helpers';

let ctx: TTestApp;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const registerBody = (email: string) => ({
  name: 'Ana',
  phone: '11 98765-4321',
  email,
  password: STRONG_PASSWORD,
});

async function register(email = uniqueEmail()) {
  const reg = await api(ctx.app, 'POST', '/g/auth/register', {
    body: registerBody(email),
    headers: uniqueIp(),
  });
  expect(reg.statusCode).toBe(200);
  return email;
}

/** The code of the newest verification mail to `email` that arrived after `after` messages. */
function nextOtp(email: string, after: number) {
  return otpFromMail(ctx, email, after);
}

async function userIdOf(email: string): Promise<string> {
  const [row] = await ctx.app.platform.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  return row.id;
}

describe('register, verify and login', () => {
  it('mails a code, refuses login tokens until verified, then signs in', async () => {
    const email = uniqueEmail();
    const reg = await api(ctx.app, 'POST', '/g/auth/register', {
      body: { name: 'Ana', phone: '11 98765-4321', email, password: STRONG_PASSWORD },
    });
    expect(reg.statusCode).toBe(200);
    expect(reg.body).toEqual({ status: 1, data: { email, isConfirmed: false } });

    const before = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email, password: STRONG_PASSWORD },
    });
    expect(before.statusCode).toBe(200);
    expect(before.body.data.isConfirmed).toBe(false);
    expect(before.body.data.accessToken).toBeUndefined();
    expect(before.body.data.refreshToken).toBeUndefined();

    const otp = await otpFromMail(ctx, email);
    const verify = await api(ctx.app, 'POST', '/g/auth/verify-otp', { body: { email, otp } });
    expect(verify.body).toEqual({ status: 1, data: { isConfirmed: true } });

    const login = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email, password: STRONG_PASSWORD, remember_me: true },
    });
    expect(login.statusCode).toBe(200);
    expect(login.body.data.isConfirmed).toBe(true);
    expect(login.body.data.accessToken).toMatch(/^ey/);
    expect(login.body.data.refreshToken).toEqual(expect.any(String));
    expect(login.body.data.lang).toBe('pt-BR');
    expect(login.body.data.user).toMatchObject({
      name: 'Ana',
      email,
      phone: '+5511987654321',
      isConfirmed: true,
    });
    expect(login.body.data.user._id).toEqual(login.body.data.user.id);

    const me = await api(ctx.app, 'GET', '/g/user/me', { token: login.body.data.accessToken });
    expect(me.body.data.email).toBe(email);
  });

  it('stores the language asked for and mails the code in it', async () => {
    const email = uniqueEmail();
    const reg = await api(ctx.app, 'POST', '/g/auth/register', { body: registerBody(email), lang: 'en-US' });
    expect(reg.statusCode).toBe(200);
    const mail = await ctx.smtp.waitForTo(email);
    expect(mail.subject).toMatch(/^\d{6} is your Atende verification code$/);
    const login = await api(ctx.app, 'POST', '/g/auth/login', { body: { email, password: STRONG_PASSWORD } });
    expect(login.body.data.lang).toBe('en');
  });

  it('stores codes hashed, never in clear', async () => {
    const email = await register();
    const otp = await otpFromMail(ctx, email);
    const rows = await ctx.app.platform.database.db
      .select()
      .from(emailOtps)
      .where(eq(emailOtps.userId, await userIdOf(email)));
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).not.toContain(otp);
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a second account on the same e-mail, whatever its case', async () => {
    const email = await register();
    const again = await api(ctx.app, 'POST', '/g/auth/register', {
      body: registerBody(email.toUpperCase()),
      lang: 'en',
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatchObject({
      status: 0,
      code: 'EMAIL_IN_USE',
      message: 'This e-mail is already registered',
    });
  });

  it('says whether an e-mail is free before sign-up asks for the rest (any case), limited per address', async () => {
    const email = await register();
    const taken = await api(ctx.app, 'POST', '/g/auth/email-available', {
      body: { email: email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toEqual({ status: 1, data: { available: false } });
    const free = await api(ctx.app, 'POST', '/g/auth/email-available', { body: { email: uniqueEmail() } });
    expect(free.body).toEqual({ status: 1, data: { available: true } });
    const bad = await api(ctx.app, 'POST', '/g/auth/email-available', { body: { email: 'not-an-email' } });
    expect(bad.statusCode).toBe(400);
    let last = free;
    for (let i = 0; i < 30 && last.statusCode === 200; i++)
      last = await api(ctx.app, 'POST', '/g/auth/email-available', { body: { email: uniqueEmail() } });
    expect(last.statusCode).toBe(429);
    expect(last.body).toMatchObject({ status: 0, code: 'RATE_LIMITED' });
  });

  it('setup creates the user unconfirmed together with an account', async () => {
    const email = uniqueEmail();
    const setup = await api(ctx.app, 'POST', '/g/auth/setup', {
      body: {
        ...registerBody(email),
        plan: 'free',
        companyName: 'Padaria',
        companyIndustry: 'Food',
        companyEmployees: '1-10',
      },
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.body.data).toEqual({
      email,
      isConfirmed: false,
      acc: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const otp = await otpFromMail(ctx, email);
    await api(ctx.app, 'POST', '/g/auth/verify-otp', { body: { email, otp } });
    const login = await api(ctx.app, 'POST', '/g/auth/login', { body: { email, password: STRONG_PASSWORD } });
    const list = await api(ctx.app, 'GET', '/g/acc/list', { token: login.body.data.accessToken });
    expect(list.body.data).toEqual([
      expect.objectContaining({ _id: setup.body.data.acc, name: 'Padaria', role: 'master' }),
    ]);
  });

  it('setup validates the company fields and the plan', async () => {
    const res = await api(ctx.app, 'POST', '/g/auth/setup', {
      body: { ...registerBody(uniqueEmail()), plan: 'gold', companyName: ' ', companyIndustry: 'x' },
      lang: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const byPath = Object.fromEntries(res.body.fields!.map((f) => [f.path, f]));
    expect(byPath.plan).toMatchObject({ key: 'selectRequired', message: 'Select field is required' });
    expect(byPath.companyName).toMatchObject({ key: 'required', message: 'This field is required' });
    expect(byPath.companyEmployees).toMatchObject({ key: 'required' });
  });

  it('answers the same error for a wrong password and an unknown e-mail', async () => {
    const user = await signUp(ctx);
    const headers = uniqueIp();
    const wrong = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: 'Wrong!Pass1' },
      lang: 'en',
      headers,
    });
    const unknown = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: uniqueEmail(), password: 'Wrong!Pass1' },
      lang: 'en',
      headers,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Incorrect e-mail or password');
    const pt = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: 'Wrong!Pass1' },
      headers,
    });
    expect(pt.body.message).toBe('E-mail ou senha incorretos');
  });

  it('logs in with the e-mail in any case', async () => {
    const user = await signUp(ctx);
    const login = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.body.data.accessToken).toMatch(/^ey/);
  });
});

describe('e-mail verification codes', () => {
  it('counts wrong codes; after 5 even the right code is refused', async () => {
    const email = await register();
    const otp = await otpFromMail(ctx, email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await api(ctx.app, 'POST', '/g/auth/verify-otp', {
        body: { email, otp: wrong },
        lang: 'en',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatchObject({
        status: 0,
        code: 'OTP_INVALID',
        message: 'Invalid code',
        details: { attemptsLeft: 5 - i },
      });
    }
    const right = await api(ctx.app, 'POST', '/g/auth/verify-otp', { body: { email, otp }, lang: 'en' });
    expect(right.statusCode).toBe(429);
    expect(right.body).toMatchObject({
      code: 'OTP_TOO_MANY_ATTEMPTS',
      message: 'Too many attempts. Request a new code.',
    });

    // A new code (resend) starts over.
    const before = ctx.smtp.messages.length;
    const resend = await api(ctx.app, 'POST', '/g/auth/resend-verify-otp', { body: { email } });
    expect(resend.body).toEqual({ status: 1, data: { sent: true } });
    const fresh = await nextOtp(email, before);
    const ok = await api(ctx.app, 'POST', '/g/auth/verify-otp', { body: { email, otp: fresh } });
    expect(ok.body).toEqual({ status: 1, data: { isConfirmed: true } });
  });

  it('counts attempts atomically: ten guesses at once get at most five comparisons', async () => {
    const email = await register();
    const otp = await otpFromMail(ctx, email);
    const guesses = Array.from({ length: 10 }, (_, i) =>
      String((Number(otp) + i + 1) % 1_000_000).padStart(6, '0'),
    );
    const results = await Promise.all(
      guesses.map((guess) => api(ctx.app, 'POST', '/g/auth/verify-otp', { body: { email, otp: guess } })),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 'OTP_INVALID').length).toBeLessThanOrEqual(5);
    expect(codes.every((c) => c === 'OTP_INVALID' || c === 'OTP_TOO_MANY_ATTEMPTS')).toBe(true);
    const right = await api(ctx.app, 'POST', '/g/auth/verify-otp', { body: { email, otp } });
    expect(right.body.code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });

  it('refuses an expired code', async () => {
    const email = await register();
    const otp = await otpFromMail(ctx, email);
    await ctx.app.platform.database.db
      .update(emailOtps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailOtps.userId, await userIdOf(email)));
    const res = await api(ctx.app, 'POST', '/g/auth/verify-otp', { body: { email, otp }, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({
      code: 'OTP_EXPIRED',
      message: 'This code has expired. Request a new one.',
    });
  });

  it('a login of an unconfirmed user whose code expired mails a new one', async () => {
    const email = await register();
    await otpFromMail(ctx, email);
    await ctx.app.platform.database.db
      .update(emailOtps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailOtps.userId, await userIdOf(email)));
    const before = ctx.smtp.messages.length;
    const login = await api(ctx.app, 'POST', '/g/auth/login', { body: { email, password: STRONG_PASSWORD } });
    expect(login.body.data.isConfirmed).toBe(false);
    const fresh = await nextOtp(email, before);
    const ok = await api(ctx.app, 'POST', '/g/auth/verify-otp', { body: { email, otp: fresh } });
    expect(ok.body.data).toEqual({ isConfirmed: true });
  });

  it('resend mails a new code that replaces the old one, and is rate-limited for 60 s', async () => {
    const email = await register();
    const first = await otpFromMail(ctx, email);
    const before = ctx.smtp.messages.length;
    const resend = await api(ctx.app, 'POST', '/g/auth/resend-verify-otp', {
      body: { email },
      headers: uniqueIp(),
    });
    expect(resend.body).toEqual({ status: 1, data: { sent: true } });
    const second = await nextOtp(email, before);

    const again = await api(ctx.app, 'POST', '/g/auth/resend-verify-otp', {
      body: { email },
      lang: 'en',
      headers: uniqueIp(),
    });
    expect(again.statusCode).toBe(429);
    expect(again.body).toMatchObject({
      status: 0,
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Wait a moment and try again.',
    });

    if (first !== second) {
      const old = await api(ctx.app, 'POST', '/g/auth/verify-otp', { body: { email, otp: first } });
      expect(old.body.code).toBe('OTP_INVALID');
    }
    const ok = await api(ctx.app, 'POST', '/g/auth/verify-otp', { body: { email, otp: second } });
    expect(ok.body.data).toEqual({ isConfirmed: true });
  });

  it('resend answers sent for an unknown e-mail and mails nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await api(ctx.app, 'POST', '/g/auth/resend-verify-otp', {
      body: { email },
      headers: uniqueIp(),
    });
    expect(res.body).toEqual({ status: 1, data: { sent: true } });
    expect(await mailJobsTo(ctx, email)).toBe(0);
  });

  it('refuses to verify a confirmed user; resend answers without revealing it', async () => {
    const user = await signUp(ctx);
    const verify = await api(ctx.app, 'POST', '/g/auth/verify-otp', {
      body: { email: user.email, otp: '123456' },
    });
    expect(verify.statusCode).toBe(409);
    expect(verify.body.code).toBe('ALREADY_CONFIRMED');
    const mailsBefore = await mailJobsTo(ctx, user.email);
    const resend = await api(ctx.app, 'POST', '/g/auth/resend-verify-otp', {
      body: { email: user.email },
      headers: uniqueIp(),
    });
    // Resend answers the same for confirmed, pending and unknown e-mails, and sends nothing here.
    expect(resend.body).toEqual({ status: 1, data: { sent: true } });
    expect(await mailJobsTo(ctx, user.email)).toBe(mailsBefore);
  });

  it('rejects a code for an unknown e-mail and a code that is not 6 digits', async () => {
    const unknown = await api(ctx.app, 'POST', '/g/auth/verify-otp', {
      body: { email: uniqueEmail(), otp: '123456' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.code).toBe('OTP_INVALID');
    const short = await api(ctx.app, 'POST', '/g/auth/verify-otp', {
      body: { email: uniqueEmail(), otp: '12a45' },
      lang: 'en',
    });
    expect(short.statusCode).toBe(400);
    expect(short.body.fields).toEqual([{ path: 'otp', key: 'otp', message: 'Enter the 6-digit code' }]);
  });
});

describe('login rate limits', () => {
  it('after 10 failures for one e-mail even the right password answers 429, other e-mails still sign in', async () => {
    const user = await signUp(ctx);
    const other = await signUp(ctx);
    for (let i = 0; i < 10; i++) {
      const res = await api(ctx.app, 'POST', '/g/auth/login', {
        body: { email: user.email, password: `Wrong!Pass${i}` },
        headers: uniqueIp(),
      });
      expect(res.statusCode).toBe(401);
    }
    const right = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: user.password },
      lang: 'en',
    });
    expect(right.statusCode).toBe(429);
    expect(right.body).toMatchObject({ status: 0, code: 'RATE_LIMITED' });
    expect(right.body.data).toBeUndefined();
    const fine = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: other.email, password: other.password },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('after 50 failures from one address every login from it answers 429', async () => {
    const user = await signUp(ctx);
    const headers = uniqueIp();
    for (let i = 0; i < 50; i++) {
      const res = await api(ctx.app, 'POST', '/g/auth/login', {
        body: { email: uniqueEmail('probe'), password: 'Wrong!Pass1' },
        headers,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: user.password },
      headers,
    });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: user.password },
      headers: uniqueIp(),
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('access and refresh tokens', () => {
  let user: TSignedUp;
  beforeAll(async () => {
    user = await signUp(ctx);
  });

  it('rotates refresh tokens and revokes the family when an old one is reused', async () => {
    const session = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const token = session.body.data.refreshToken;
    const first = await api(ctx.app, 'POST', '/g/auth/refresh-token', { body: { token } });
    expect(first.statusCode).toBe(200);
    expect(first.body.data).toEqual({
      accessToken: expect.stringMatching(/^ey/),
      refreshToken: expect.any(String),
    });
    expect(first.body.data.refreshToken).not.toBe(token);
    const me = await api(ctx.app, 'GET', '/g/user/me', { token: first.body.data.accessToken });
    expect(me.body.data._id).toBe(user.userId);

    const reuse = await api(ctx.app, 'POST', '/g/auth/refresh-token', { body: { token } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.body.message).toBe('invalid token');
    const rotated = await api(ctx.app, 'POST', '/g/auth/refresh-token', {
      body: { token: first.body.data.refreshToken },
    });
    expect(rotated.statusCode).toBe(401);
    expect(rotated.body.message).toBe('invalid token');
  });

  it('keeps other sessions alive when one family is revoked', async () => {
    const a = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const b = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: user.password },
    });
    await api(ctx.app, 'POST', '/g/auth/refresh-token', { body: { token: a.body.data.refreshToken } });
    await api(ctx.app, 'POST', '/g/auth/refresh-token', { body: { token: a.body.data.refreshToken } });
    const other = await api(ctx.app, 'POST', '/g/auth/refresh-token', {
      body: { token: b.body.data.refreshToken },
    });
    expect(other.statusCode).toBe(200);
  });

  it('logout revokes the refresh token', async () => {
    const session = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const out = await api(ctx.app, 'POST', '/g/auth/logout', {
      body: { token: session.body.data.refreshToken },
    });
    expect(out.body).toEqual({ status: 1, data: { loggedOut: true } });
    const refresh = await api(ctx.app, 'POST', '/g/auth/refresh-token', {
      body: { token: session.body.data.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const unknown = await api(ctx.app, 'POST', '/g/auth/logout', { body: { token: 'not-a-token' } });
    expect(unknown.body).toEqual({ status: 1, data: { loggedOut: true } });
  });

  it('keeps a remember-me session 30 days and another 1 day, and refuses an expired refresh token', async () => {
    const short = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const long = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: user.password, remember_me: true },
    });
    const rows = await queryRows<{ remember_me: boolean; expires_at: string | Date }>(
      ctx,
      sql`select remember_me, expires_at from refresh_tokens where user_id = ${user.userId} and revoked_at is null and used_at is null`,
    );
    const days = (r: { expires_at: string | Date }) =>
      (new Date(r.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(rows.filter((r) => r.remember_me).some((r) => Math.round(days(r)) === 30)).toBe(true);
    expect(rows.filter((r) => !r.remember_me).some((r) => Math.round(days(r)) === 1)).toBe(true);

    await queryRows(
      ctx,
      sql`update refresh_tokens set expires_at = now() - interval '1 second' where user_id = ${user.userId}`,
    );
    for (const session of [short, long]) {
      const res = await api(ctx.app, 'POST', '/g/auth/refresh-token', {
        body: { token: session.body.data.refreshToken },
      });
      expect(res.statusCode).toBe(401);
      expect(res.body.message).toBe('invalid token');
    }
  });

  it('refuses an unknown refresh token', async () => {
    const res = await api(ctx.app, 'POST', '/g/auth/refresh-token', { body: { token: 'x'.repeat(43) } });
    expect(res.statusCode).toBe(401);
    expect(res.body).toMatchObject({ status: 0, code: 'REFRESH_TOKEN_INVALID', message: 'invalid token' });
  });

  it('answers the exact JWT messages: expired, forged, malformed, missing', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const cases: Array<[string | undefined, string]> = [
      [await signAccessToken(user.userId, { exp: past }), 'jwt expired'],
      [
        await signAccessToken(user.userId, { secret: 'another-secret-another-secret-another-0' }),
        'invalid signature',
      ],
      ['garbage', 'jwt malformed'],
      ['a.b', 'jwt malformed'],
      [undefined, 'invalid token'],
    ];
    for (const [token, message] of cases) {
      for (const lang of ['en', 'pt-BR']) {
        const res = await api(ctx.app, 'GET', '/g/user/me', { token, lang });
        expect(res.statusCode, message).toBe(401);
        expect(res.body.status).toBe(0);
        expect(res.body.message).toBe(message);
      }
    }
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const token = await signAccessToken(user.userId);
    const [head, , sig] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: '00000000-0000-7000-8000-000000000000', exp: 9_999_999_999 }),
    ).toString('base64url');
    const res = await api(ctx.app, 'GET', '/g/user/me', { token: `${head}.${payload}.${sig}` });
    expect(res.statusCode).toBe(401);
    expect(res.body.message).toBe('invalid signature');
  });

  it('refuses unsigned tokens (alg none) and other schemes', async () => {
    const head = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: user.userId, exp: 9_999_999_999 })).toString('base64url');
    const none = await api(ctx.app, 'GET', '/g/user/me', { token: `${head}.${body}.` });
    expect(none.statusCode).toBe(401);
    expect(['invalid token', 'jwt malformed', 'invalid signature']).toContain(none.body.message);
    const basic = await api(ctx.app, 'GET', '/g/user/me', {
      headers: { authorization: `Basic ${user.token}` },
    });
    expect(basic.statusCode).toBe(401);
    expect(basic.body.message).toBe('invalid token');
  });

  it('a valid token signed with the test secret is accepted', async () => {
    const res = await api(ctx.app, 'GET', '/g/user/me', { token: await signAccessToken(user.userId) });
    expect(res.statusCode).toBe(200);
    expect(res.body.data._id).toBe(user.userId);
  });
});

describe('password reset', () => {
  async function resetLink(email: string) {
    const before = ctx.smtp.messages.length;
    const req = await api(ctx.app, 'POST', '/g/auth/reset-password', {
      body: { email },
      headers: uniqueIp(),
    });
    expect(req.body).toEqual({ status: 1, data: { sent: true } });
    const mail = await ctx.smtp.waitFor(
      (m) => m.to.includes(email) && /reset-password/.test(m.text) && ctx.smtp.messages.indexOf(m) >= before,
    );
    const link = /(http:\/\/app\.test\/reset-password\?token=\S+)/.exec(mail.text)![1];
    return decodeURIComponent(new URL(link).searchParams.get('token')!);
  }

  it('mails a single-use link that sets the new password and signs every session out', async () => {
    const user = await signUp(ctx);
    const token = await resetLink(user.email);
    const set = await api(ctx.app, 'POST', '/g/auth/reset-password/confirm', {
      body: { token, password: 'N3w!Password' },
    });
    expect(set.body).toEqual({ status: 1, data: { reset: true } });
    const again = await api(ctx.app, 'POST', '/g/auth/reset-password/confirm', {
      body: { token, password: 'N3w!Password2' },
      lang: 'en',
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toMatchObject({
      code: 'RESET_TOKEN_INVALID',
      message: 'This password reset link is invalid or has expired',
    });
    const old = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: user.password },
      headers: uniqueIp(),
    });
    expect(old.statusCode).toBe(401);
    const login = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: user.email, password: 'N3w!Password' },
    });
    expect(login.statusCode).toBe(200);
    const refresh = await api(ctx.app, 'POST', '/g/auth/refresh-token', {
      body: { token: user.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await api(ctx.app, 'POST', '/g/auth/reset-password', {
      body: { email },
      headers: uniqueIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 1, data: { sent: true } });
    // A later mail to a real user arrives; nothing was ever queued for the unknown address.
    const user = await signUp(ctx);
    await resetLink(user.email);
    expect(await mailJobsTo(ctx, email)).toBe(0);
    expect(ctx.smtp.messages.some((m) => m.to.includes(email))).toBe(false);
  });

  it('refuses an expired link, stores tokens hashed, and enforces the password policy', async () => {
    const user = await signUp(ctx);
    const token = await resetLink(user.email);
    const rows = await ctx.app.platform.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.userId));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);

    const weak = await api(ctx.app, 'POST', '/g/auth/reset-password/confirm', {
      body: { token, password: 'weakpass' },
      lang: 'en',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body.fields).toEqual([expect.objectContaining({ path: 'password', key: 'passwordWeak' })]);

    await ctx.app.platform.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.userId));
    const expired = await api(ctx.app, 'POST', '/g/auth/reset-password/confirm', {
      body: { token, password: 'N3w!Password' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.body.code).toBe('RESET_TOKEN_INVALID');
  });

  it('confirms the e-mail of an unconfirmed user who proved it through the link', async () => {
    const email = await register();
    const token = await resetLink(email);
    await api(ctx.app, 'POST', '/g/auth/reset-password/confirm', {
      body: { token, password: 'N3w!Password' },
    });
    const login = await api(ctx.app, 'POST', '/g/auth/login', { body: { email, password: 'N3w!Password' } });
    expect(login.body.data.isConfirmed).toBe(true);
    expect(login.body.data.accessToken).toMatch(/^ey/);
  });

  it('limits reset requests per e-mail', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 3; i++) {
      const ok = await api(ctx.app, 'POST', '/g/auth/reset-password', {
        body: { email },
        headers: uniqueIp(),
      });
      expect(ok.statusCode).toBe(200);
    }
    const limited = await api(ctx.app, 'POST', '/g/auth/reset-password', {
      body: { email },
      headers: uniqueIp(),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
  });
});

describe('validation messages', () => {
  const bad = { name: '', phone: '123', email: 'not-an-email', password: 'weak' };

  it('are in English for Accept-Language en, with field paths and keys', async () => {
    const res = await api(ctx.app, 'POST', '/g/auth/register', { body: bad, lang: 'en-US,en;q=0.9' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({
      status: 0,
      code: 'VALIDATION_FAILED',
      message: 'Please correct all errors in your form',
    });
    expect(res.body.fields).toEqual(
      expect.arrayContaining([
        { path: 'name', key: 'required', message: 'This field is required' },
        { path: 'phone', key: 'phone', message: 'Invalid phone number' },
        { path: 'email', key: 'email', message: 'Insert a valid e-mail' },
        { path: 'password', key: 'passwordWeak', message: expect.stringContaining('at least 8 characters') },
      ]),
    );
  });

  it('are in Portuguese for pt-BR and by default', async () => {
    for (const lang of ['pt-BR', undefined]) {
      const res = await api(ctx.app, 'POST', '/g/auth/register', { body: bad, lang });
      expect(res.body.message).toBe('Por favor, corrija todos os erros em seu formulário');
      expect(res.body.fields).toEqual(
        expect.arrayContaining([
          { path: 'name', key: 'required', message: 'Este campo é obrigatório' },
          { path: 'phone', key: 'phone', message: 'Telefone inválido, por favor verifique' },
          { path: 'email', key: 'email', message: 'Insira um e-mail válido' },
        ]),
      );
    }
  });

  it('mark missing fields as required', async () => {
    const res = await api(ctx.app, 'POST', '/g/auth/login', { body: {}, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.body.fields).toEqual(
      expect.arrayContaining([
        { path: 'email', key: 'required', message: 'This field is required' },
        { path: 'password', key: 'required', message: 'This field is required' },
      ]),
    );
  });
});

describe('secrets at rest', () => {
  it('stores argon2id password hashes only', async () => {
    const user = await signUp(ctx);
    const [row] = await queryRows<{ password_hash: string }>(
      ctx,
      sql`select password_hash from users where id = ${user.userId}`,
    );
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(user.password);
  });
});

import type { TPlanId, TRole } from '@atende/shared';
import { api, type TTestApp } from './test-app';

export const STRONG_PASSWORD = 'Str0ng!Pass';
let counter = 0;

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** The 6-digit code from the verification mail sent to `email`. */
export async function otpFromMail(ctx: TTestApp, email: string, after = 0): Promise<string> {
  const mail = await ctx.smtp.waitFor(
    (m) => m.to.includes(email) && /\d{6}/.test(m.subject) && ctx.smtp.messages.indexOf(m) >= after,
  );
  return /(\d{6})/.exec(mail.subject)![1];
}

export interface TSignedUp {
  email: string;
  password: string;
  userId: string;
  accountId: string;
  token: string;
  refreshToken: string;
}

/** setup → code from the mail → verify → login: a confirmed user with their own account. */
export async function signUp(
  ctx: TTestApp,
  options: { plan?: TPlanId; email?: string; company?: string } = {},
): Promise<TSignedUp> {
  const email = options.email ?? uniqueEmail();
  const setup = await api(ctx.app, 'POST', '/g/auth/setup', {
    body: {
      name: 'Test User',
      phone: '(11) 98765-4321',
      email,
      password: STRONG_PASSWORD,
      plan: options.plan ?? 'pro',
      companyName: options.company ?? 'Test Co',
      companyIndustry: 'Retail',
      companyEmployees: '1-10',
    },
  });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${JSON.stringify(setup.body)}`);
  const otp = await otpFromMail(ctx, email);
  const verified = await api(ctx.app, 'POST', '/g/auth/verify-otp', { body: { email, otp } });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  const login = await api(ctx.app, 'POST', '/g/auth/login', { body: { email, password: STRONG_PASSWORD } });
  return {
    email,
    password: STRONG_PASSWORD,
    userId: login.body.data.user._id,
    accountId: setup.body.data.acc,
    token: login.body.data.accessToken,
    refreshToken: login.body.data.refreshToken,
  };
}

/** Invites `email` into the owner's account with `acl`, accepts through the mailed link, returns the member's session. */
export async function addMember(ctx: TTestApp, owner: TSignedUp, acl: TRole, email = uniqueEmail(acl)) {
  const invite = await api(ctx.app, 'POST', '/g/user/invite', {
    token: owner.token,
    body: { email, acc: owner.accountId, intentions: [], entities: [], acl },
  });
  if (invite.statusCode !== 200) throw new Error(`invite failed: ${JSON.stringify(invite.body)}`);
  const accepted = await api(ctx.app, 'POST', '/g/user/invited/update', {
    body: {
      name: `Member ${acl}`,
      phone: '11987654321',
      email,
      password: STRONG_PASSWORD,
      invatation: invite.body.data._id,
    },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
  return {
    email,
    userId: accepted.body.data.user._id as string,
    token: accepted.body.data.accessToken as string,
  };
}

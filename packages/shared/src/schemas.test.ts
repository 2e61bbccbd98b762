import { describe, expect, it } from 'vitest';
import { ZChangePlanBody, ZDeleteAccountBody } from './schemas/accounts';
import { ZLoginBody, ZRegisterBody, ZSetupBody, ZVerifyOtpBody } from './schemas/auth';
import { zUuid } from './schemas/common';
import { ZInviteBody, ZUpdateProfileBody } from './schemas/users';

/** The VALIDATION_MESSAGES key of each failing path. */
function keys(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('shared request schemas', () => {
  it('register normalises the e-mail and the phone', () => {
    const parsed = ZRegisterBody.parse({
      name: ' Ana ',
      phone: '(11) 98765-4321',
      email: ' Ana@Example.COM ',
      password: 'Str0ng!Pass',
    });
    expect(parsed).toEqual({
      name: 'Ana',
      phone: '+5511987654321',
      email: 'ana@example.com',
      password: 'Str0ng!Pass',
    });
  });

  it('register names each failure with a validation key', () => {
    expect(keys(ZRegisterBody.safeParse({ name: '', phone: 'x', email: 'nope', password: 'weak' }))).toEqual({
      name: 'required',
      phone: 'phone',
      email: 'email',
      password: 'passwordWeak',
    });
    expect(keys(ZRegisterBody.safeParse({}))).toEqual({
      name: 'required',
      phone: 'required',
      email: 'required',
      password: 'required',
    });
  });

  it('setup needs a known plan and the company fields', () => {
    const base = { name: 'Ana', phone: '11987654321', email: 'a@b.co', password: 'Str0ng!Pass' };
    expect(keys(ZSetupBody.safeParse({ ...base, plan: 'gold' }))).toEqual({
      plan: 'selectRequired',
      companyName: 'required',
      companyIndustry: 'required',
      companyEmployees: 'required',
    });
  });

  it('login defaults remember_me to false; the code is six digits', () => {
    expect(ZLoginBody.parse({ email: 'a@b.co', password: 'x' }).remember_me).toBe(false);
    expect(keys(ZVerifyOtpBody.safeParse({ email: 'a@b.co', otp: '12345' }))).toEqual({ otp: 'otp' });
    expect(ZVerifyOtpBody.parse({ email: 'a@b.co', otp: ' 123456 ' }).otp).toBe('123456');
  });

  it('an invitation defaults to admin with no intentions or entities; roles are the ladder’s', () => {
    const uuid = '0192d3a4-0000-7000-8000-000000000000';
    expect(ZInviteBody.parse({ email: 'a@b.co', acc: uuid })).toEqual({
      email: 'a@b.co',
      acc: uuid,
      acl: 'admin',
      intentions: [],
      entities: [],
    });
    expect(keys(ZInviteBody.safeParse({ email: 'a@b.co', acc: uuid, acl: 'owner' }))).toEqual({
      acl: 'selectRequired',
    });
  });

  it('a missing id is required, a malformed one invalid', () => {
    expect(keys(ZInviteBody.safeParse({ email: 'a@b.co' }))).toEqual({ acc: 'required' });
    expect(keys(zUuid.safeParse('nope'))).toEqual({ '': 'invalid' });
  });

  it('a plan change body is optional: missing or null means monthly', () => {
    expect(ZChangePlanBody.parse(undefined)).toEqual({ period: 'monthly' });
    expect(ZChangePlanBody.parse(null)).toEqual({ period: 'monthly' });
    expect(ZChangePlanBody.parse({})).toEqual({ period: 'monthly' });
    expect(ZChangePlanBody.parse({ period: 'yearly' })).toEqual({ period: 'yearly' });
    expect(ZChangePlanBody.safeParse({ period: 'weekly' }).success).toBe(false);
  });

  it('account deletion needs a confirmation word; profile updates refuse unknown fields', () => {
    expect(keys(ZDeleteAccountBody.safeParse({}))).toEqual({ confirm: 'required' });
    expect(ZUpdateProfileBody.safeParse({ email: 'x@y.co' }).success).toBe(false);
    expect(ZUpdateProfileBody.parse({ lang: 'en' })).toEqual({ lang: 'en' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWhatsApp } from '../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { member, withAcc } from '../inbox/testing/inbox.testing';

const APP_ID = '123456789012';
const APP_SECRET = 'fb-app-secret-123';
const CONFIG_ID = '998877665544';
const ALL = ['whatsapp_business_management', 'whatsapp_business_messaging', 'business_management'];

let wa: FakeWhatsApp;
let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;

beforeAll(async () => {
  wa = new FakeWhatsApp();
  wa.app = { id: APP_ID, secret: APP_SECRET };
  ctx = await startTestApp({
    WHATSAPP_GRAPH_URL: await wa.start(),
    FACEBOOK_APP_ID: APP_ID,
    FACEBOOK_APP_SECRET: APP_SECRET,
    FACEBOOK_CONFIG_ID: CONFIG_ID,
  });
  owner = await signUp(ctx);
  other = await signUp(ctx);
});
afterAll(async () => {
  await ctx.close();
  await wa.stop();
});

const connect = (body: unknown, token = owner.token, acc = owner.accountId, lang = 'en') =>
  api(ctx.app, 'POST', withAcc('/p/chat/channels/facebook', acc), { token, body, lang });
const channelsOf = async (user: TSignedUp) =>
  (await api(ctx.app, 'GET', withAcc('/p/chat/channels', user.accountId), { token: user.token })).body
    .data as Array<{ _id: string; externalId: string }>;

let seq = 0;
/** A code Facebook would hand the browser, for a WABA with one number. */
function grant(scopes = ALL) {
  seq += 1;
  const wabaId = `70000000000${seq}`;
  const phoneId = `80000000000${seq}`;
  const code = `code-${seq}`;
  const token = `EAAB-business-token-${seq}`;
  wa.signupCodes.set(code, { token, scopes, wabaIds: [wabaId] });
  wa.phoneNumbers.set(wabaId, [{ id: phoneId, display_phone_number: '+55 11 98888-7777' }]);
  return { code, token, wabaId, phoneId };
}

describe('WhatsApp by Facebook embedded signup', () => {
  it('tells admins the SDK settings (app id, configuration id, Graph version)', async () => {
    const res = await api(ctx.app, 'GET', withAcc('/p/chat/channels/facebook/config', owner.accountId), {
      token: owner.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      enabled: true,
      appId: APP_ID,
      configId: CONFIG_ID,
      graphVersion: 'v21.0',
    });
  });

  it('exchanges the code, creates the channel, points the WABA webhooks at it and registers the number', async () => {
    const g = grant();
    const res = await connect({
      name: 'WhatsApp vendas',
      code: g.code,
      wabaId: g.wabaId,
      phoneNumberId: g.phoneId,
    });
    expect(res.statusCode).toBe(200);
    const channel = res.body.data;
    expect(channel).toMatchObject({
      kind: 'whatsapp-cloud',
      name: 'WhatsApp vendas',
      externalId: g.phoneId,
      config: { phoneNumberId: g.phoneId, wabaId: g.wabaId, displayPhone: '+5511988887777' },
      configured: { accessToken: true, appSecret: true, verifyToken: true },
      webhookUrl: `http://app.test/webhooks/whatsapp-cloud/${channel._id}`,
    });
    expect(JSON.stringify(res.body)).not.toContain(g.token);
    expect(JSON.stringify(res.body)).not.toContain(APP_SECRET);

    const subscription = wa.subscriptions.find((s) => s.wabaId === g.wabaId)!;
    expect(subscription.authorization).toBe(`Bearer ${g.token}`);
    expect(subscription.body.override_callback_uri).toBe(channel.webhookUrl);
    // Meta's check of the callback: the verify token it was given is the channel's.
    const challenge = await ctx.app.inject({
      method: 'GET',
      url: `/webhooks/whatsapp-cloud/${channel._id}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(
        subscription.body.verify_token,
      )}&hub.challenge=42`,
    });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toBe('42');
    const registration = wa.registrations.find((r) => r.phoneNumberId === g.phoneId)!;
    expect(registration.body).toMatchObject({
      messaging_product: 'whatsapp',
      pin: expect.stringMatching(/^\d{6}$/),
    });

    // Only this account has it; the activity log says it was created.
    expect((await channelsOf(owner)).map((c) => c._id)).toContain(channel._id);
    expect((await channelsOf(other)).map((c) => c._id)).not.toContain(channel._id);
  });

  it('without the session ids, takes the WABA the token was granted and its first number', async () => {
    const g = grant();
    const res = await connect({ name: 'WhatsApp', code: g.code });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.config).toMatchObject({ wabaId: g.wabaId, phoneNumberId: g.phoneId });
  });

  it("a login without every WhatsApp permission answers the spec's error, in both languages; nothing is created", async () => {
    const before = (await channelsOf(owner)).length;
    const partial = grant(['business_management', 'whatsapp_business_management']);
    const en = await connect({ name: 'WhatsApp', code: partial.code });
    expect(en.statusCode).toBe(400);
    expect(en.body).toMatchObject({
      code: 'FACEBOOK_PERMISSIONS_MISSING',
      message: 'Facebook login needs all permissions',
    });
    const pt = await connect({ name: 'WhatsApp', code: partial.code }, owner.token, owner.accountId, 'pt-BR');
    expect(pt.body.message).toBe('O login do Facebook precisa de todas as permissões');
    // A WABA the token was not granted is refused the same way.
    const g = grant();
    const foreignWaba = await connect({ name: 'WhatsApp', code: g.code, wabaId: '123450000' });
    expect(foreignWaba.body.code).toBe('FACEBOOK_PERMISSIONS_MISSING');
    expect((await channelsOf(owner)).length).toBe(before);
  });

  it('a code Facebook refuses answers FACEBOOK_SIGNUP_FAILED (502), never a 500', async () => {
    const res = await connect({ name: 'WhatsApp', code: 'not-a-code' });
    expect(res.statusCode).toBe(502);
    expect(res.body).toMatchObject({
      code: 'FACEBOOK_SIGNUP_FAILED',
      message: 'Facebook did not confirm the connection. Try again or enter the credentials.',
    });
  });

  it('only admins connect; the name is validated', async () => {
    const operator = await member(ctx, owner, 'operator');
    const g = grant();
    const denied = await connect({ name: 'WhatsApp', code: g.code }, operator.token);
    expect(denied.statusCode).toBe(403);
    const config = await api(ctx.app, 'GET', withAcc('/p/chat/channels/facebook/config', owner.accountId), {
      token: operator.token,
    });
    expect(config.statusCode).toBe(403);
    const noName = await connect({ name: ' ', code: g.code });
    expect(noName.statusCode).toBe(400);
    expect(noName.body.fields?.[0].path).toBe('name');
  });
});

describe('without FACEBOOK_APP_ID / FACEBOOK_APP_SECRET', () => {
  it('the page is told it is off, and a code is refused with FACEBOOK_SIGNUP_UNAVAILABLE', async () => {
    const plain = await startTestApp({ WHATSAPP_GRAPH_URL: wa.baseUrl });
    try {
      const user = await signUp(plain);
      const config = await api(
        plain.app,
        'GET',
        withAcc('/p/chat/channels/facebook/config', user.accountId),
        {
          token: user.token,
        },
      );
      expect(config.body.data).toEqual({
        enabled: false,
        appId: null,
        configId: null,
        graphVersion: 'v21.0',
      });
      const res = await api(plain.app, 'POST', withAcc('/p/chat/channels/facebook', user.accountId), {
        token: user.token,
        body: { name: 'WhatsApp', code: 'x' },
        lang: 'pt-BR',
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toMatchObject({
        code: 'FACEBOOK_SIGNUP_UNAVAILABLE',
        message: 'A conexão com o Facebook não está configurada nesta instalação. Informe as credenciais.',
      });
    } finally {
      await plain.close();
    }
  });
});

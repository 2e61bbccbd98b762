import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSmsProvider, signedTwilioPost, smsStatusFields } from '../../testing/fake-sms';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { insertOutbound, insertSmsChannel, type TTestChannel } from '../inbox/testing/intake.testing';
import { recipientOf, uploadCsv } from './campaigns.testing';

// SMS credit and SMS campaigns (issue 16) against the fake Twilio: a new account has no credit
// (SMS replies fail), buys a package through the sandbox billing provider, then SMS replies go
// out; an SMS campaign needs smsDispatchEnable and credit for every segment, failures refund.

let ctx: TTestApp;
let fake: FakeSmsProvider;
let owner: TSignedUp;
let channel: TTestChannel;

const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  api(ctx.app, method, `${path}?acc=${owner.accountId}`, { token: owner.token, body, lang: 'en' });
const balance = async () => (await call('GET', '/p/sms-credit')).body.data.balance as number;

beforeAll(async () => {
  fake = new FakeSmsProvider();
  ctx = await startTestApp({ SMS_API_URL: await fake.start() });
  owner = await signUp(ctx, { plan: 'pro' });
  channel = await insertSmsChannel(ctx, owner.accountId);
  fake.accounts.set(channel.config.accountSid as string, channel.secrets.authToken);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

describe('SMS credit', () => {
  it('lets a new account buy credit, after which SMS replies go out', async () => {
    expect(await balance()).toBe(0);
    const refused = await insertOutbound(ctx, channel, '+5511960000101', { body: 'Olá!' });
    await ctx.app.services.outbound.run({ accountId: owner.accountId, messageId: refused.messageId });
    const [failed] = await queryRows<{ error_code: string }>(
      ctx,
      sql`select error_code from messages where id = ${refused.messageId}`,
    );
    expect(failed.error_code).toBe('SMS_INSUFFICIENT_BALANCE');

    const bought = await call('POST', '/p/sms-credit/buy', { packageId: 'sms-1000' });
    expect(bought.body.data).toEqual({ status: 'paid', sandbox: true, balance: 1000 });
    const reply = await insertOutbound(ctx, channel, '+5511960000102', { body: 'Agora vai.' });
    await ctx.app.services.outbound.run({ accountId: owner.accountId, messageId: reply.messageId });
    expect(fake.sent.some((m) => m.body === 'Agora vai.')).toBe(true);
    expect(await balance()).toBe(999);
    const history = (await call('GET', '/p/sms-credit')).body.data.history;
    expect(history[0]).toMatchObject({
      kind: 'purchase',
      amount: 1000,
      balanceAfter: 1000,
      packageId: 'sms-1000',
      price: 9000,
      provider: 'sandbox',
      status: 'done',
    });
    expect((await call('POST', '/p/sms-credit/buy', { packageId: 'sms-1' })).statusCode).toBe(400);
  });
});

describe('SMS campaigns', () => {
  const body = () => ({
    type: 'sms',
    name: 'Aviso',
    channelId: channel.id,
    text: 'Oi {{1}}, sua entrega {{2}} sai hoje.',
    mapping: [
      { kind: 'field', field: 'firstName' },
      { kind: 'column', column: 'pedido' },
    ],
  });

  it('needs SMS dispatch enabled on the account', async () => {
    const res = await call('POST', '/p/campaigns', body());
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe('SMS campaigns are not enabled for this account');
  });

  it('takes credit per segment, refuses what the balance does not cover, refunds failures', async () => {
    await queryRows(ctx, sql`update accounts set sms_dispatch_enable = true where id = ${owner.accountId}`);
    await ctx.app.platform.tenantCache.invalidate(owner.accountId);
    const id = (await call('POST', '/p/campaigns', body())).body.data._id as string;
    const csv = 'nome;telefone;pedido\nAna Lima;11960000201;P1\nBruno;11960000202;P2\nCaio;11960000203;P3\n';
    expect((await uploadCsv(ctx, owner.token, owner.accountId, id, csv)).body.data.added).toBe(3);
    const review = await call('GET', `/p/campaigns/${id}/review`);
    expect(review.body.data).toMatchObject({ valid: 3, segments: 3 });
    expect(review.body.data.preview[0].text).toBe('Oi Ana, sua entrega P1 sai hoje.');

    await queryRows(ctx, sql`update accounts set sms_credit = 2 where id = ${owner.accountId}`);
    const short = await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
    expect(short.statusCode).toBe(402);
    expect(short.body.message).toBe('Insufficient SMS balance');
    expect((await call('GET', `/p/campaigns/${id}`)).body.data.status).toBe('draft');

    await queryRows(ctx, sql`update accounts set sms_credit = 10 where id = ${owner.accountId}`);
    fake.invalidNumbers.add('+5511960000203');
    const started = await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
    expect(started.statusCode).toBe(200);
    await until(
      async () => (await call('GET', `/p/campaigns/${id}`)).body.data.status === 'finished',
      30_000,
    );
    // 3 taken at the start, 1 given back for the number the provider refused.
    expect(await balance()).toBe(8);
    const sent = fake.sent.filter((m) => m.body.includes('sai hoje'));
    expect(sent.map((m) => m.to).sort()).toEqual(['+5511960000201', '+5511960000202']);
    const kinds = (await call('GET', '/p/sms-credit')).body.data.history.map(
      (h: { kind: string; amount: number }) => [h.kind, h.amount],
    );
    expect(kinds.slice(0, 2)).toEqual([
      ['refund', 1],
      ['debit', -3],
    ]);
  });

  it('a lost answer leaves the recipient unknown, never sent again, until the report to its own callback address settles it', async () => {
    await queryRows(
      ctx,
      sql`update accounts set sms_dispatch_enable = true, sms_credit = 10 where id = ${owner.accountId}`,
    );
    await ctx.app.platform.tenantCache.invalidate(owner.accountId);
    const id = (await call('POST', '/p/campaigns', body())).body.data._id as string;
    const csv = 'nome;telefone;pedido\nDora;11960000301;P4\nEli;11960000302;P5\n';
    expect((await uploadCsv(ctx, owner.token, owner.accountId, id, csv)).body.data.added).toBe(2);
    fake.dropAnswerFor.add('+5511960000301');
    expect((await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true })).statusCode).toBe(200);
    await until(
      async () => (await call('GET', `/p/campaigns/${id}`)).body.data.status === 'finished',
      30_000,
    );
    fake.dropAnswerFor.delete('+5511960000301');
    const recipient = () => recipientOf(ctx, id, '+5511960000301');
    const lost = await recipient();
    expect(lost).toMatchObject({ status: 'unknown', reason: 'SEND_UNCONFIRMED', provider_message_id: null });
    const sends = fake.sent.filter((m) => m.to === '+5511960000301');
    expect(sends).toHaveLength(1);
    expect((await call('GET', `/p/campaigns/${id}`)).body.data.counts).toMatchObject({ sent: 1, unknown: 1 });
    // Twilio posts the message's reports to the address the send gave, the recipient id in it.
    const callback = sends[0].statusCallback!;
    expect(callback).toBe(`http://app.test/webhooks/sms/${channel.id}?cb=${lost.id}`);
    const report = (url: string, signedFor = url) => {
      const signed = signedTwilioPost(
        channel.secrets.authToken,
        signedFor,
        smsStatusFields({ sid: sends[0].sid, status: 'delivered', to: '+5511960000301' }),
      );
      return ctx.app.inject({
        method: 'POST',
        url: url.replace('http://app.test', ''),
        headers: signed.headers,
        payload: signed.body,
      });
    };
    // The recipient id is part of what Twilio signs: one added to a report signed without it is refused.
    expect((await report(callback, `http://app.test/webhooks/sms/${channel.id}`)).statusCode).toBe(401);
    expect((await recipient()).status).toBe('unknown');
    expect((await report(callback)).statusCode).toBe(200);
    const settled = await until(async () => {
      const r = await recipient();
      return r.status === 'delivered' ? r : null;
    });
    expect(settled).toMatchObject({ reason: null, provider_message_id: sends[0].sid });
    expect((await call('GET', `/p/campaigns/${id}`)).body.data.counts).toMatchObject({
      delivered: 1,
      unknown: 0,
    });
    expect(fake.sent.filter((m) => m.to === '+5511960000301')).toHaveLength(1);
  }, 60_000);
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOutbound, insertSmsChannel, messageRow, type TTestChannel } from '../testing/intake.testing';
import {
  FakeSmsProvider,
  inboundSmsFields,
  signedTwilioPost,
  smsStatusFields,
} from '../../../testing/fake-sms';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows } from '../../../testing/helpers';
import { startTestApp, type TTestApp } from '../../../testing/test-app';

let ctx: TTestApp;
let fake: FakeSmsProvider;
let owner: TSignedUp;
let channel: TTestChannel;

beforeAll(async () => {
  fake = new FakeSmsProvider();
  const url = await fake.start();
  ctx = await startTestApp({ SMS_API_URL: url });
  owner = await signUp(ctx, { plan: 'pro' });
  channel = await insertSmsChannel(ctx, owner.accountId);
  fake.accounts.set(channel.config.accountSid as string, channel.secrets.authToken);
});

afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

const webhookUrl = () => `http://app.test/webhooks/sms/${channel.id}`;
const setCredit = (n: number) =>
  queryRows(ctx, sql`update accounts set sms_credit = ${n} where id = ${owner.accountId}`);
const credit = async () =>
  (
    await queryRows<{ c: number }>(
      ctx,
      sql`select sms_credit as c from accounts where id = ${owner.accountId}`,
    )
  )[0].c;
const run = (messageId: string) => ctx.app.services.outbound.run({ accountId: owner.accountId, messageId });

function postSigned(fields: Record<string, string>, token = channel.secrets.authToken) {
  const signed = signedTwilioPost(token, webhookUrl(), fields);
  return ctx.app.inject({
    method: 'POST',
    url: `/webhooks/sms/${channel.id}`,
    headers: signed.headers,
    payload: signed.body,
  });
}

describe('outbound SMS', () => {
  it('sends through the Messages API and debits one credit per segment', async () => {
    await setCredit(5);
    const text = 'a'.repeat(200); // GSM-7, 200 septets: 2 segments of 153
    const out = await insertOutbound(ctx, channel, '+5511960000001', { body: text });
    await run(out.messageId);
    const sent = fake.sent.find((s) => s.to === '+5511960000001')!;
    expect(sent).toMatchObject({
      accountSid: channel.config.accountSid,
      from: channel.externalId,
      body: text,
      statusCallback: webhookUrl(),
    });
    expect(await messageRow(ctx, out.messageId)).toMatchObject({ ack: 1, provider_message_id: sent.sid });
    expect(await credit()).toBe(3);
  });

  it("refuses a send without balance before calling the provider ('insufficient SMS balance')", async () => {
    await setCredit(1);
    const out = await insertOutbound(ctx, channel, '+5511960000002', { body: 'ç'.repeat(71) }); // UCS-2: 2 segments
    await run(out.messageId);
    expect(fake.sent.some((s) => s.to === '+5511960000002')).toBe(false);
    expect(await messageRow(ctx, out.messageId)).toMatchObject({
      ack: -1,
      error_code: 'SMS_INSUFFICIENT_BALANCE',
    });
    expect(await credit()).toBe(1);
  });

  it('debits atomically: parallel sends never spend more than the balance', async () => {
    await setCredit(3);
    const outs = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => insertOutbound(ctx, channel, `+551196000010${i}`, { body: `oi ${i}` })),
    );
    await Promise.all(outs.map((o) => run(o.messageId)));
    const rows = await Promise.all(outs.map((o) => messageRow(ctx, o.messageId)));
    expect(rows.filter((r) => r.ack === 1)).toHaveLength(3);
    expect(rows.filter((r) => r.error_code === 'SMS_INSUFFICIENT_BALANCE')).toHaveLength(2);
    expect(await credit()).toBe(0);
  });

  it('maps an invalid number to NUMBER_NOT_EXISTS and gives the credits back', async () => {
    await setCredit(2);
    fake.invalidNumbers.add('+5511960000003');
    const out = await insertOutbound(ctx, channel, '+5511960000003', { body: 'oi' });
    await run(out.messageId);
    expect(await messageRow(ctx, out.messageId)).toMatchObject({ ack: -1, error_code: 'NUMBER_NOT_EXISTS' });
    expect(await credit()).toBe(2);
  });
});

describe('SMS webhooks', () => {
  it('stores an inbound SMS with a valid signature and answers empty TwiML', async () => {
    const fields = inboundSmsFields({
      from: '+5511960000020',
      to: channel.externalId,
      body: 'Quero saber o preço',
    });
    const res = await postSigned(fields);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    const [row] = await queryRows<any>(
      ctx,
      sql`select m.body, ct.phone, ct.type, c.stage from messages m join conversations c on c.id = m.conversation_id
          join contacts ct on ct.id = c.contact_id where m.provider_message_id = ${fields.MessageSid}`,
    );
    expect(row).toEqual({
      body: 'Quero saber o preço',
      phone: '+5511960000020',
      type: 'sms',
      stage: 'waiting',
    });
    // Retried by the provider: stored once.
    expect((await postSigned(fields)).statusCode).toBe(200);
    const rows = await queryRows(
      ctx,
      sql`select id from messages where provider_message_id = ${fields.MessageSid}`,
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses an invalid signature with 401 and stores nothing', async () => {
    const fields = inboundSmsFields({ from: '+5511960000021', to: channel.externalId, body: 'falso' });
    const res = await postSigned(fields, 'wrong-token');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    // A signed body altered on the way fails too.
    const signed = signedTwilioPost(channel.secrets.authToken, webhookUrl(), fields);
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: `/webhooks/sms/${channel.id}`,
      headers: signed.headers,
      payload: signed.body.replace('falso', 'outro'),
    });
    expect(tampered.statusCode).toBe(401);
    const rows = await queryRows(
      ctx,
      sql`select id from messages where provider_message_id = ${fields.MessageSid}`,
    );
    expect(rows).toHaveLength(0);
  });

  it('raises acks from status callbacks and maps undelivered errors', async () => {
    await setCredit(10);
    const a = await insertOutbound(ctx, channel, '+5511960000030', { body: 'um' });
    const b = await insertOutbound(ctx, channel, '+5511960000031', { body: 'dois' });
    await run(a.messageId);
    await run(b.messageId);
    const sidA = (await messageRow(ctx, a.messageId)).provider_message_id!;
    const sidB = (await messageRow(ctx, b.messageId)).provider_message_id!;
    expect((await postSigned(smsStatusFields({ sid: sidA, status: 'sending' }))).statusCode).toBe(200);
    expect((await messageRow(ctx, a.messageId)).ack).toBe(1);
    await postSigned(smsStatusFields({ sid: sidA, status: 'delivered' }));
    await postSigned(smsStatusFields({ sid: sidA, status: 'sent' }));
    expect((await messageRow(ctx, a.messageId)).ack).toBe(2);
    await postSigned(smsStatusFields({ sid: sidB, status: 'undelivered', errorCode: 30005 }));
    expect(await messageRow(ctx, b.messageId)).toMatchObject({ ack: -1, error_code: 'NUMBER_NOT_EXISTS' });
  });
});

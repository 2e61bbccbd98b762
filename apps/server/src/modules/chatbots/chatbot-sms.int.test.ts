import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSmsProvider, inboundSmsFields, signedTwilioPost } from '../../testing/fake-sms';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { startTestApp, type TTestApp } from '../../testing/test-app';
import { insertSmsChannel, type TTestChannel } from '../inbox/testing/intake.testing';
import { menuFlow, publishedBot } from './testing/chatbots.testing';

let ctx: TTestApp;
let fake: FakeSmsProvider;
let owner: TSignedUp;
let channel: TTestChannel;

beforeAll(async () => {
  fake = new FakeSmsProvider();
  ctx = await startTestApp({ SMS_API_URL: await fake.start() });
  owner = await signUp(ctx, { plan: 'pro' });
  channel = await insertSmsChannel(ctx, owner.accountId);
  fake.accounts.set(channel.config.accountSid as string, channel.secrets.authToken);
  await queryRows(ctx, sql`update accounts set sms_credit = 100 where id = ${owner.accountId}`);
  await publishedBot(ctx, owner, [channel.id], menuFlow());
});

afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

async function texts(from: string, body: string) {
  const fields = inboundSmsFields({ from, to: channel.externalId, body });
  const signed = signedTwilioPost(
    channel.secrets.authToken,
    `http://app.test/webhooks/sms/${channel.id}`,
    fields,
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/webhooks/sms/${channel.id}`,
    headers: signed.headers,
    payload: signed.body,
  });
  expect(res.statusCode).toBe(200);
}

const bodiesTo = (to: string) => fake.sent.filter((s) => s.to === to).map((s) => s.body);

describe('a published bot on SMS', () => {
  it('offers the options as numbered text and accepts the number', async () => {
    const phone = '+5511960007001';
    await texts(phone, 'oi');
    await until(async () => bodiesTo(phone).length >= 2);
    expect(bodiesTo(phone)).toEqual([
      'Olá, +5511960007001! Sou o robô.',
      'Com qual área?\n\n1. Vendas\n2. Suporte',
    ]);
    await texts(phone, '2');
    await until(async () => bodiesTo(phone).length >= 3);
    expect(bodiesTo(phone)[2]).toBe('Suporte: veja nosso site.');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSmsProvider, inboundSmsFields, signedTwilioPost } from '../../testing/fake-sms';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, uniqueIp, until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { type ChatClient, listen } from '../team-chat/team-chat.testing';
import {
  connectVisitor,
  createChannel,
  visitorSession,
  webchatBody,
  withAcc,
} from '../inbox/testing/inbox.testing';
import { insertSmsChannel, type TTestChannel } from '../inbox/testing/intake.testing';

let ctx: TTestApp;
let sms: FakeSmsProvider;
let baseUrl: string;
let owner: TSignedUp;
let smsChannel: TTestChannel;
let slug: string;
const clients: ChatClient[] = [];

beforeAll(async () => {
  sms = new FakeSmsProvider();
  ctx = await startTestApp({ SMS_API_URL: await sms.start() });
  baseUrl = await listen(ctx);
  owner = await signUp(ctx, { plan: 'pro' });
  smsChannel = await insertSmsChannel(ctx, owner.accountId);
  sms.accounts.set(smsChannel.config.accountSid as string, smsChannel.secrets.authToken);
  await queryRows(ctx, sql`update accounts set sms_credit = 100 where id = ${owner.accountId}`);
  const body = webchatBody('Loja');
  slug = body.slug;
  await createChannel(ctx, owner, body);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await ctx?.close();
  await sms?.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
  api(ctx.app, method, withAcc(path, owner.accountId), { token: owner.token, body, lang: 'en' });

async function settings(body: Record<string, unknown>) {
  expect(
    (await call('PUT', '/p/surveys/settings', { enabled: true, intervalDays: 0, ...body })).statusCode,
  ).toBe(200);
}

async function close(conversationId: string) {
  expect(
    (await call('POST', `/p/chat/conversation/${conversationId}/close`, { reason: 'Resolvido' })).statusCode,
  ).toBe(200);
}

const surveyOf = async (conversationId: string) =>
  (
    await queryRows<{ status: string; csat: number | null; nps: number | null; channel_kind: string }>(
      ctx,
      sql`select status, csat, nps, channel_kind from survey_requests where conversation_id = ${conversationId}`,
    )
  )[0];

const conversationsOfContact = (contactId: string) =>
  queryRows<{ id: string; stage: string }>(
    ctx,
    sql`select id, stage from conversations where contact_id = ${contactId} order by created_at`,
  );

async function customerTexts(from: string, body: string) {
  const url = `http://app.test/webhooks/sms/${smsChannel.id}`;
  const signed = signedTwilioPost(
    smsChannel.secrets.authToken,
    url,
    inboundSmsFields({ from, to: smsChannel.externalId, body }),
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/webhooks/sms/${smsChannel.id}`,
    headers: signed.headers,
    payload: signed.body,
  });
  expect(res.statusCode).toBeLessThan(300);
}

describe('surveys on SMS', () => {
  it('asks a numbered CSAT question; the typed number is the answer, kept in the closed conversation', async () => {
    await settings({ type: 'csat', lang: 'pt-BR', commentEnabled: false });
    const phone = '+5511950000001';
    await customerTexts(phone, 'Oi');
    const [conv] = await queryRows<{ id: string; contact_id: string }>(
      ctx,
      sql`select id, contact_id from conversations where channel_id = ${smsChannel.id} and stage <> 'closed'`,
    );
    await close(conv.id);
    const question = await until(async () => sms.sent.find((s) => s.to === phone));
    expect(question.body).toContain('Como você avalia o nosso atendimento?');
    expect(question.body).toContain('1 - Muito ruim\n2 - Ruim\n3 - Regular\n4 - Bom\n5 - Excelente');
    await customerTexts(phone, '2');
    await until(async () => (await surveyOf(conv.id))?.csat === 2);
    expect(await surveyOf(conv.id)).toMatchObject({ status: 'answered', channel_kind: 'sms' });
    await until(async () =>
      sms.sent.some((s) => s.to === phone && s.body === 'Obrigado pela sua avaliação!'),
    );
    expect(await conversationsOfContact(conv.contact_id)).toEqual([{ id: conv.id, stage: 'closed' }]);
  });
});

describe('surveys on web chat', () => {
  it('the visitor gets NPS buttons 0–10 after the close and answers with one; no conversation opens', async () => {
    await settings({ type: 'nps', lang: 'en', commentEnabled: false });
    const session = await visitorSession(ctx, slug, {}, uniqueIp()['x-forwarded-for']);
    const v = await connectVisitor(baseUrl, slug, session.token);
    clients.push(v);
    await v.waitFor('history');
    const said = await v.call('message' as never, { id: 'w-1', text: 'Hello' });
    expect(said.status).toBe(1);
    const conversationId = said.data.conversationId as string;
    await close(conversationId);
    await v.waitFor('closed');
    const question = await v.waitFor<{
      author: string;
      body: string;
      options?: Array<{ id: string; title: string }>;
    }>('message', (m) => m.author !== 'contact' && m.body.includes('how likely'));
    expect(question.options?.map((o) => o.title)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    // The page opened again meanwhile keeps the composer: the closed chat awaits the answer.
    const reopened = await connectVisitor(baseUrl, slug, session.token);
    clients.push(reopened);
    expect(await reopened.waitFor('history')).toMatchObject({ state: 'closed', awaitingReply: true });
    // The visitor clicks "9": the page sends the option's title.
    const answer = await v.call('message' as never, { id: 'w-2', text: '9' });
    expect(answer.status).toBe(1);
    expect(answer.data.conversationId).toBe(conversationId);
    await until(async () => (await surveyOf(conversationId))?.nps === 9);
    await v.waitFor('message', (m: { body: string }) => m.body === 'Thank you for your feedback!');
    const answered = await connectVisitor(baseUrl, slug, session.token);
    clients.push(answered);
    expect(await answered.waitFor('history')).toMatchObject({ state: 'closed', awaitingReply: false });
    const [row] = await queryRows<{ contact_id: string }>(
      ctx,
      sql`select contact_id from conversations where id = ${conversationId}`,
    );
    expect(await conversationsOfContact(row.contact_id)).toEqual([{ id: conversationId, stage: 'closed' }]);
    // Writing again (not an answer) opens a new conversation.
    const next = await v.call('message' as never, { id: 'w-3', text: 'One more question' });
    expect(next.data.conversationId).not.toBe(conversationId);
  });
});

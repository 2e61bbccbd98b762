import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWhatsAppApp, stopWhatsAppApp } from '../../testing/app-fixtures';
import {
  type FakeWhatsApp,
  newWamid,
  signedWhatsAppPost,
  whatsappWebhook,
} from '../../testing/fake-whatsapp';
import type { TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api, type TTestApp } from '../../testing/test-app';
import { withAcc } from '../inbox/testing/inbox.testing';
import { customerWritesOnWhatsApp, type TTestChannel } from '../inbox/testing/intake.testing';

let ctx: TTestApp;
let fake: FakeWhatsApp;
let owner: TSignedUp;
let channel: TTestChannel;

beforeAll(async () => {
  ({ ctx, fake, owner, channel } = await startWhatsAppApp());
});
afterAll(() => stopWhatsAppApp({ ctx, fake }));

const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
  api(ctx.app, method, withAcc(path, owner.accountId), { token: owner.token, body, lang: 'en' });

async function settings(body: Record<string, unknown>) {
  const res = await call('PUT', '/p/surveys/settings', { enabled: true, intervalDays: 0, ...body });
  expect(res.statusCode).toBe(200);
}

/** The customer writes, the owner answers (takes it) and closes it; the conversation's id. */
async function servedAndClosed(phone: string): Promise<string> {
  expect(await customerWritesOnWhatsApp(ctx, channel, phone, 'Oi, preciso de ajuda')).toBe(200);
  const [row] = await queryRows<{ id: string }>(
    ctx,
    sql`select c.id from conversations c join contacts ct on ct.id = c.contact_id
        where c.account_id = ${owner.accountId} and ct.phone = ${phone} and c.stage <> 'closed'`,
  );
  const reply = await call('POST', `/p/chat/conversation/${row.id}/messages`, {
    clientId: `c-${row.id}`,
    text: 'Claro!',
  });
  expect(reply.statusCode).toBe(200);
  const closed = await call('POST', `/p/chat/conversation/${row.id}/close`, { reason: 'Resolvido' });
  expect(closed.statusCode).toBe(200);
  return row.id;
}

const sendsTo = (phone: string) => fake.sends.filter((s) => s.body.to === phone.replace('+', ''));
const interactiveSends = (phone: string) => sendsTo(phone).filter((s) => s.body.type === 'interactive');

type TPick =
  | { type: 'button_reply'; button_reply: { id: string; title: string } }
  | { type: 'list_reply'; list_reply: { id: string; title: string } };

async function customerPicks(phone: string, interactive: TPick) {
  const signed = signedWhatsAppPost(
    channel.secrets.appSecret,
    whatsappWebhook(channel.externalId, {
      messages: [{ id: newWamid(), from: phone.replace('+', ''), type: 'interactive', interactive }],
    }),
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/webhooks/whatsapp-cloud/${channel.id}`,
    headers: signed.headers,
    payload: signed.body,
  });
  expect(res.statusCode).toBe(200);
}

const surveyOf = async (conversationId: string) =>
  (
    await queryRows<{
      status: string;
      csat: number | null;
      nps: number | null;
      comment: string | null;
      operator_id: string | null;
      channel_kind: string;
      step: string | null;
    }>(
      ctx,
      sql`select status, csat, nps, comment, operator_id, channel_kind, step from survey_requests
          where conversation_id = ${conversationId}`,
    )
  )[0];

const openConversations = async (phone: string) =>
  queryRows<{ id: string }>(
    ctx,
    sql`select c.id from conversations c join contacts ct on ct.id = c.contact_id
        where c.account_id = ${owner.accountId} and ct.phone = ${phone} and c.stage <> 'closed'`,
  );

describe('surveys on WhatsApp', () => {
  it('asks CSAT as a 5-row list after the close; the pick is recorded without reopening, then the comment', async () => {
    await settings({ type: 'csat', commentEnabled: true, lang: 'pt-BR' });
    const phone = '+5511960000001';
    const conversationId = await servedAndClosed(phone);
    const question = await until(async () => interactiveSends(phone)[0]);
    expect(question.body.interactive).toMatchObject({
      type: 'list',
      body: { text: expect.stringContaining('Como você avalia o nosso atendimento?') },
      action: { button: 'Avaliar' },
    });
    const rows = question.body.interactive.action.sections[0].rows;
    expect(rows.map((r: { id: string }) => r.id)).toEqual(['csat:1', 'csat:2', 'csat:3', 'csat:4', 'csat:5']);
    // Each option once: the label, in score order (the inbox shows it as "5. Excelente").
    expect(rows.map((r: { title: string }) => r.title)).toEqual([
      'Muito ruim',
      'Ruim',
      'Regular',
      'Bom',
      'Excelente',
    ]);
    const stored = await until(
      async () =>
        (
          await queryRows<{ interactive: { options: Array<{ title: string }> } | null }>(
            ctx,
            sql`select m.interactive from messages m where m.account_id = ${owner.accountId}
               and m.conversation_id = ${conversationId} and m.interactive is not null order by m.created_at desc limit 1`,
          )
        )[0],
    );
    expect(stored.interactive?.options.map((o) => o.title)).toEqual([
      'Muito ruim',
      'Ruim',
      'Regular',
      'Bom',
      'Excelente',
    ]);

    await customerPicks(phone, { type: 'list_reply', list_reply: { id: 'csat:4', title: 'Bom' } });
    await until(async () => (await surveyOf(conversationId))?.csat === 4);
    // The comment question follows; the customer's next text is the comment.
    await until(async () => sendsTo(phone).some((s) => s.body.text?.body?.includes('motivo da sua nota')));
    expect(await customerWritesOnWhatsApp(ctx, channel, phone, 'Rápido e gentil')).toBe(200);
    await until(async () => (await surveyOf(conversationId))?.comment === 'Rápido e gentil');
    expect(await surveyOf(conversationId)).toMatchObject({
      status: 'answered',
      csat: 4,
      operator_id: owner.userId,
      channel_kind: 'whatsapp-cloud',
      step: null,
    });
    await until(async () => sendsTo(phone).some((s) => s.body.text?.body === 'Obrigado pela sua avaliação!'));
    // Neither answer reopened the conversation or opened another.
    expect(await openConversations(phone)).toEqual([]);
    const [conv] = await queryRows<{ stage: string }>(
      ctx,
      sql`select stage from conversations where id = ${conversationId}`,
    );
    expect(conv.stage).toBe('closed');
    const [answer] = await queryRows<{ conversation_id: string }>(
      ctx,
      sql`select conversation_id from messages where body = 'Rápido e gentil'`,
    );
    expect(answer.conversation_id).toBe(conversationId);

    // A later message that is no answer opens a new conversation as usual.
    expect(await customerWritesOnWhatsApp(ctx, channel, phone, 'Outra coisa: meu boleto')).toBe(200);
    expect(await openConversations(phone)).toHaveLength(1);
  });

  it('asks NPS in two steps (three range buttons, then the range as a list) and accepts a typed number', async () => {
    await settings({ type: 'nps', commentEnabled: false, lang: 'en' });
    const phone = '+5511960000002';
    const conversationId = await servedAndClosed(phone);
    const first = await until(async () => interactiveSends(phone)[0]);
    expect(first.body.interactive.type).toBe('button');
    expect(
      first.body.interactive.action.buttons.map((b: { reply: { id: string; title: string } }) => b.reply),
    ).toEqual([
      { id: 'nps-range:0-6', title: '0 to 6' },
      { id: 'nps-range:7-8', title: '7 or 8' },
      { id: 'nps-range:9-10', title: '9 or 10' },
    ]);
    await customerPicks(phone, {
      type: 'button_reply',
      button_reply: { id: 'nps-range:0-6', title: '0 to 6' },
    });
    const second = await until(async () => interactiveSends(phone)[1]);
    expect(second.body.interactive.type).toBe('list');
    expect(second.body.interactive.action.sections[0].rows.map((r: { id: string }) => r.id)).toEqual([
      'nps:6',
      'nps:5',
      'nps:4',
      'nps:3',
      'nps:2',
      'nps:1',
      'nps:0',
    ]);
    // Typed instead of picked: 0 is a score too.
    expect(await customerWritesOnWhatsApp(ctx, channel, phone, '0')).toBe(200);
    await until(async () => (await surveyOf(conversationId))?.nps === 0);
    expect(await openConversations(phone)).toEqual([]);
    const events = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from survey_requests where conversation_id = ${conversationId}`,
    );
    expect(events[0].n).toBe(1);
  });

  it('outside the 24-hour window the survey is recorded as not sent (window closed)', async () => {
    await settings({ type: 'csat', onInactivityClose: true });
    const phone = '+5511960000003';
    expect(await customerWritesOnWhatsApp(ctx, channel, phone, 'Oi')).toBe(200);
    const [row] = await openConversations(phone);
    await queryRows(
      ctx,
      sql`update conversations set last_inbound_at = now() - interval '25 hours' where id = ${row.id}`,
    );
    const closed = await call('POST', `/p/chat/conversation/${row.id}/close`, { reason: 'Resolvido' });
    expect(closed.statusCode).toBe(200);
    await until(async () => (await surveyOf(row.id))?.status === 'not_sent');
    const [survey] = await queryRows<{ not_sent_reason: string }>(
      ctx,
      sql`select not_sent_reason from survey_requests where conversation_id = ${row.id}`,
    );
    expect(survey.not_sent_reason).toBe('window_closed');
    expect(interactiveSends(phone)).toEqual([]);
  });
});

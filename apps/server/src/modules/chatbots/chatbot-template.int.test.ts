import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/db/columns';
import { FakeSmsProvider, inboundSmsFields, signedTwilioPost } from '../../testing/fake-sms';
import { FakeWhatsApp } from '../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { startTestApp, type TTestApp } from '../../testing/test-app';
import { seedConversation } from '../inbox/testing/inbox.testing';
import {
  customerWritesOnWhatsApp,
  insertSmsChannel,
  insertWhatsAppChannel,
  type TTestChannel,
} from '../inbox/testing/intake.testing';
import { publishedBot } from './testing/chatbots.testing';

// A bot's "send template" block (an approved WhatsApp template with its variables filled from the
// flow) and its start condition "first contact only", through signed webhooks and the fake Graph.

let ctx: TTestApp;
let wa: FakeWhatsApp;
let smsFake: FakeSmsProvider;
let owner: TSignedUp;
let whatsapp: TTestChannel;
let sms: TTestChannel;
let templateId: string;

/** start (first contact only) → template (contact's name, the order number) → text → an input (the session waits). */
function templateFlow(tplId: string) {
  return {
    version: 1,
    variables: [{ id: 'v-order', name: 'pedido' }],
    events: [
      {
        id: 'start',
        kind: 'start',
        position: { x: 0, y: 0 },
        config: { keywords: [], firstContactOnly: true },
      },
    ],
    groups: [
      {
        id: 'g1',
        title: 'Boas-vindas',
        position: { x: 100, y: 0 },
        blocks: [
          {
            id: 'set-order',
            type: 'set_variable',
            variableId: 'v-order',
            value: { kind: 'text', text: 'A-77' },
          },
          { id: 'tpl', type: 'send_template', templateId: tplId, params: ['{{$name}}', '{{pedido}}'] },
          { id: 'after', type: 'text', text: 'Depois do modelo.' },
          { id: 'ask', type: 'text_input', prompt: 'Como posso ajudar?', retryMessage: 'De novo?' },
        ],
      },
    ],
    edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  };
}

beforeAll(async () => {
  wa = new FakeWhatsApp();
  smsFake = new FakeSmsProvider();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await wa.start(), SMS_API_URL: await smsFake.start() });
  owner = await signUp(ctx, { plan: 'pro' });
  whatsapp = await insertWhatsAppChannel(ctx, owner.accountId);
  sms = await insertSmsChannel(ctx, owner.accountId);
  smsFake.accounts.set(sms.config.accountSid as string, sms.secrets.authToken);
  await queryRows(ctx, sql`update accounts set sms_credit = 100 where id = ${owner.accountId}`);
  templateId = newId();
  await queryRows(
    ctx,
    sql`insert into message_templates (id, account_id, channel_id, name, language, category, body, status)
        values (${templateId}, ${owner.accountId}, ${whatsapp.id}, 'boas_vindas', 'pt_BR', 'UTILITY',
          'Olá {{1}}, seu pedido {{2}} foi recebido.', 'approved')`,
  );
  await publishedBot(ctx, owner, [whatsapp.id, sms.id], templateFlow(templateId));
});

afterAll(async () => {
  await ctx?.close();
  await wa?.stop();
  await smsFake?.stop();
});

const sendsTo = (to: string) => wa.sends.filter((s) => s.body.to === to).map((s) => s.body);
const templatesTo = (to: string) => sendsTo(to).filter((b) => b.type === 'template');

async function conversationOf(phone: string) {
  const [row] = await queryRows<{ id: string; stage: string }>(
    ctx,
    sql`select c.id, c.stage from conversations c join contacts k on k.id = c.contact_id
        where c.account_id = ${owner.accountId} and k.phone = ${`+${phone.replace(/^\+/, '')}`}
        order by c.created_at desc limit 1`,
  );
  return row;
}
const botMessages = (conversationId: string) =>
  queryRows<{ kind: string; body: string }>(
    ctx,
    sql`select kind, body from messages where conversation_id = ${conversationId} and author_type = 'bot' order by created_at`,
  );

describe('the "send template" block', () => {
  it('sends the approved template on WhatsApp with the flow’s variables, then goes on; a repeated turn sends it once', async () => {
    const phone = '5511950004001';
    expect(await customerWritesOnWhatsApp(ctx, whatsapp, phone, 'oi')).toBe(200);
    await until(async () => sendsTo(phone).length >= 3);
    expect(templatesTo(phone)).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: phone,
        type: 'template',
        template: {
          name: 'boas_vindas',
          language: { code: 'pt_BR' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Rita' },
                { type: 'text', text: 'A-77' },
              ],
            },
          ],
        },
      },
    ]);
    // Delivered by parallel outbound jobs (the conversation's order is the stored one, below).
    expect(sendsTo(phone).map((b) => b.text?.body ?? b.type)).toEqual(
      expect.arrayContaining(['template', 'Depois do modelo.', 'Como posso ajudar?']),
    );
    const conversation = await conversationOf(phone);
    expect(conversation.stage).toBe('flow');

    // The same turn again (as after a crash mid-turn): the stored client ids send nothing twice.
    const [session] = await queryRows<{ id: string }>(
      ctx,
      sql`select id from chatbot_sessions where conversation_id = ${conversation.id}`,
    );
    await queryRows(
      ctx,
      sql`update chatbot_sessions set turn = 0, state = jsonb_set(state, '{started}', 'false'),
          pending = '[{"id":"again","text":"oi"}]'::jsonb where id = ${session.id}`,
    );
    await ctx.app.services.chatbotRuntime.turn({ accountId: owner.accountId, sessionId: session.id });
    expect(await botMessages(conversation.id)).toEqual([
      { kind: 'template', body: 'Olá Rita, seu pedido A-77 foi recebido.' },
      { kind: 'text', body: 'Depois do modelo.' },
      { kind: 'text', body: 'Como posso ajudar?' },
    ]);
    expect(templatesTo(phone)).toHaveLength(1);
    expect(sendsTo(phone)).toHaveLength(3);
  });

  it('on SMS the template is skipped (not a WhatsApp conversation) and the flow goes on', async () => {
    const phone = '+5511950004002';
    const fields = inboundSmsFields({ from: phone, to: sms.externalId, body: 'oi' });
    const signed = signedTwilioPost(sms.secrets.authToken, `http://app.test/webhooks/sms/${sms.id}`, fields);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/webhooks/sms/${sms.id}`,
      headers: signed.headers,
      payload: signed.body,
    });
    expect(res.statusCode).toBe(200);
    const bodies = () => smsFake.sent.filter((s) => s.to === phone).map((s) => s.body);
    await until(async () => bodies().length >= 2);
    expect(bodies().sort()).toEqual(['Como posso ajudar?', 'Depois do modelo.']);
    const conversation = await conversationOf(phone);
    expect(conversation.stage).toBe('flow');
    expect((await botMessages(conversation.id)).map((m) => m.kind)).toEqual(['text', 'text']);
  });
});

describe('the start condition "first contact only"', () => {
  it('a contact who talked to the account before goes straight to the queue; the bot says nothing', async () => {
    const phone = '5511950004003';
    const earlier = await seedConversation(ctx, owner.accountId, {
      channelId: whatsapp.id,
      phone: `+${phone}`,
      name: 'Rita',
      stage: 'closed',
    });
    expect(await customerWritesOnWhatsApp(ctx, whatsapp, phone, 'oi de novo')).toBe(200);
    await until(async () => {
      const c = await conversationOf(phone);
      return c && c.id !== earlier.conversationId && c.stage === 'waiting';
    });
    const conversation = await conversationOf(phone);
    expect(await botMessages(conversation.id)).toEqual([]);
    expect(sendsTo(phone)).toEqual([]);
    // The session ends right after the hand-over's transaction (its own statement): waited for.
    const session = await until(async () => {
      const [row] = await queryRows<{ status: string }>(
        ctx,
        sql`select status from chatbot_sessions where conversation_id = ${conversation.id}`,
      );
      return row?.status !== 'active' ? row : null;
    });
    expect(session.status).toBe('transferred');
  });
});

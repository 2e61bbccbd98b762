import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../platform/db/columns';
import { AppError } from '../../../platform/errors';
import { FakeWhatsApp } from '../../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows, until } from '../../../testing/helpers';
import { startTestApp, type TTestApp } from '../../../testing/test-app';
import { insertSmsChannel, insertWhatsAppChannel, type TTestChannel } from '../testing/intake.testing';
import { seedConversation } from '../testing/inbox.testing';

// The automatic template send (bots' "send template" block, automations' template action): stored
// once per purpose as the bot's template message, delivered to Meta with the template's payload,
// refused with a reason off WhatsApp.

let ctx: TTestApp;
let wa: FakeWhatsApp;
let owner: TSignedUp;
let other: TSignedUp;
let whatsapp: TTestChannel;
let whatsapp2: TTestChannel;
let sms: TTestChannel;
let approved: string;
let pending: string;
let otherAccounts: string;
let phoneSeq = 0;

async function insertTemplate(
  accountId: string,
  channelId: string,
  t: { name: string; body: string; status: string; header?: string },
) {
  const id = newId();
  await queryRows(
    ctx,
    sql`insert into message_templates (id, account_id, channel_id, name, language, category, header, body, status)
        values (${id}, ${accountId}, ${channelId}, ${t.name}, 'pt_BR', 'UTILITY', ${t.header ?? null}, ${t.body}, ${t.status})`,
  );
  return id;
}

beforeAll(async () => {
  wa = new FakeWhatsApp();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await wa.start() });
  owner = await signUp(ctx);
  other = await signUp(ctx);
  whatsapp = await insertWhatsAppChannel(ctx, owner.accountId);
  whatsapp2 = await insertWhatsAppChannel(ctx, owner.accountId);
  sms = await insertSmsChannel(ctx, owner.accountId);
  approved = await insertTemplate(owner.accountId, whatsapp.id, {
    name: 'lembrete_pedido',
    header: 'Pedido {{1}}',
    body: 'Olá {{1}}, seu pedido chega {{2}}.',
    status: 'approved',
  });
  pending = await insertTemplate(owner.accountId, whatsapp.id, {
    name: 'em_analise',
    body: 'Olá {{1}}',
    status: 'pending',
  });
  const theirs = await insertWhatsAppChannel(ctx, other.accountId);
  otherAccounts = await insertTemplate(other.accountId, theirs.id, {
    name: 'deles',
    body: 'Olá {{1}}',
    status: 'approved',
  });
});
afterAll(async () => {
  await ctx?.close();
  await wa?.stop();
});

const newPhone = () =>
  `+5511977${String(Date.now() % 1e3).padStart(3, '0')}${String(++phoneSeq).padStart(3, '0')}`;
const send = (conversationId: string, templateId: string, variables: string[], purpose: string) =>
  ctx.app.services.inbox.messaging.sendAutomaticTemplate(
    owner.accountId,
    conversationId,
    { templateId, variables },
    purpose,
  );
/** The AppError code a send is refused with. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'sent',
    (e) => (e instanceof AppError ? e.code : String(e)),
  );
const messagesOf = (conversationId: string) =>
  queryRows<{ kind: string; author_type: string; body: string; template: Record<string, unknown> | null }>(
    ctx,
    sql`select kind, author_type, body, template from messages where conversation_id = ${conversationId} order by created_at`,
  );

describe('an automatic WhatsApp template', () => {
  it('goes out with the 24-hour window closed, stored as the bot’s template message, and a repeat sends it once', async () => {
    const phone = newPhone();
    const { conversationId } = await seedConversation(ctx, owner.accountId, {
      channelId: whatsapp.id,
      phone,
      stage: 'waiting',
      lastInboundAt: new Date(Date.now() - 30 * 3600_000),
    });
    const first = await send(conversationId, approved, ['1234', ' Rita ', 'amanhã'], 'reminder:1');
    const again = await send(conversationId, approved, ['1234', 'Rita', 'amanhã'], 'reminder:1');
    expect(again).toBe(first);

    const to = phone.slice(1);
    const sent = await until(async () => wa.sends.find((s) => s.body.to === to));
    expect(sent.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'template',
      template: {
        name: 'lembrete_pedido',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: '1234' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Rita' },
              { type: 'text', text: 'amanhã' },
            ],
          },
        ],
      },
    });
    await until(async () => {
      const [row] = await queryRows<{ ack: number }>(ctx, sql`select ack from messages where id = ${first}`);
      return row.ack === 1;
    });
    expect(wa.sends.filter((s) => s.body.to === to)).toHaveLength(1);
    expect(await messagesOf(conversationId)).toEqual([
      {
        kind: 'template',
        author_type: 'bot',
        body: 'Pedido 1234\nOlá Rita, seu pedido chega amanhã.',
        template: expect.objectContaining({ name: 'lembrete_pedido', language: 'pt_BR' }),
      },
    ]);
  });

  it('on an SMS conversation is refused with the reason (TEMPLATE_CHANNEL_NOT_SUPPORTED) and stores nothing', async () => {
    const { conversationId } = await seedConversation(ctx, owner.accountId, {
      channelId: sms.id,
      phone: newPhone(),
      stage: 'waiting',
    });
    expect(await refusal(send(conversationId, approved, ['1', 'Rita', 'hoje'], 'sms:1'))).toBe(
      'TEMPLATE_CHANNEL_NOT_SUPPORTED',
    );
    expect(await messagesOf(conversationId)).toEqual([]);
  });

  it('refuses a template not approved, of another number, of another account, or with an empty variable', async () => {
    const { conversationId } = await seedConversation(ctx, owner.accountId, {
      channelId: whatsapp.id,
      phone: newPhone(),
      stage: 'attendance',
    });
    expect(await refusal(send(conversationId, pending, ['Rita'], 'p:1'))).toBe('TEMPLATE_NOT_APPROVED');
    expect(await refusal(send(conversationId, otherAccounts, ['Rita'], 'p:2'))).toBe('TEMPLATE_NOT_FOUND');
    expect(await refusal(send(conversationId, newId(), ['Rita'], 'p:3'))).toBe('TEMPLATE_NOT_FOUND');
    expect(await refusal(send(conversationId, approved, ['1234', '  ', 'hoje'], 'p:4'))).toBe(
      'TEMPLATE_VARIABLES_MISSING',
    );
    expect(await refusal(send(conversationId, approved, ['1234'], 'p:5'))).toBe('TEMPLATE_VARIABLES_MISSING');
    const onOtherNumber = await seedConversation(ctx, owner.accountId, {
      channelId: whatsapp2.id,
      phone: newPhone(),
      stage: 'attendance',
    });
    expect(await refusal(send(onOtherNumber.conversationId, approved, ['1', 'Rita', 'hoje'], 'p:6'))).toBe(
      'TEMPLATE_NOT_FOUND',
    );
    expect(await messagesOf(conversationId)).toEqual([]);
  });

  it('a closed conversation gets nothing', async () => {
    const { conversationId } = await seedConversation(ctx, owner.accountId, {
      channelId: whatsapp.id,
      phone: newPhone(),
      stage: 'closed',
    });
    expect(await send(conversationId, approved, ['1', 'Rita', 'hoje'], 'closed:1')).toBeUndefined();
    expect(await messagesOf(conversationId)).toEqual([]);
  });
});

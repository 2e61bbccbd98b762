import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../platform/db/columns';
import { FakeWhatsApp } from '../../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import {
  createChannel,
  member,
  seedConversation,
  smsBody,
  type TMember,
  webchatBody,
  whatsappBody,
  withAcc,
} from '../testing/inbox.testing';
import { until } from '../testing/intake.testing';

// An approved WhatsApp template sent inside an open conversation (issue 6): the way to write to the
// customer again once the 24-hour window is closed.

let ctx: TTestApp;
let wa: FakeWhatsApp;
let owner: TSignedUp;
let other: TSignedUp;
let ana: TMember;
let bruno: TMember;
let whatsapp: string;
let whatsapp2: string;
let sms: string;
let web: string;
let approved: string;
let withHeader: string;

const DAY_AGO = () => new Date(Date.now() - 25 * 3600_000);

async function insertTemplate(
  accountId: string,
  channelId: string,
  t: { name: string; body: string; status: string; language?: string; header?: string },
) {
  const id = newId();
  await queryRows(
    ctx,
    sql`insert into message_templates (id, account_id, channel_id, name, language, category, header, body, status)
        values (${id}, ${accountId}, ${channelId}, ${t.name}, ${t.language ?? 'pt_BR'}, 'UTILITY', ${t.header ?? null}, ${t.body}, ${t.status})`,
  );
  return id;
}

beforeAll(async () => {
  wa = new FakeWhatsApp();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await wa.start() });
  owner = await signUp(ctx);
  other = await signUp(ctx);
  ana = await member(ctx, owner, 'operator');
  bruno = await member(ctx, owner, 'operator');
  whatsapp = (await createChannel(ctx, owner, whatsappBody()))._id;
  whatsapp2 = (await createChannel(ctx, owner, whatsappBody()))._id;
  sms = (await createChannel(ctx, owner, smsBody()))._id;
  web = (await createChannel(ctx, owner, webchatBody()))._id;
  approved = await insertTemplate(owner.accountId, whatsapp, {
    name: 'pedido_enviado',
    body: 'Olá {{1}}, seu pedido {{2}} foi enviado.',
    status: 'approved',
  });
  withHeader = await insertTemplate(owner.accountId, whatsapp, {
    name: 'entrega_agendada',
    header: 'Pedido {{1}}',
    body: 'Olá {{1}}, sua entrega chega {{2}}.',
    status: 'approved',
  });
});
afterAll(async () => {
  await ctx.close();
  await wa.stop();
});

const send = (id: string, token: string, body: unknown, lang = 'en', acc = owner.accountId) =>
  api(ctx.app, 'POST', withAcc(`/p/chat/conversation/${id}/messages`, acc), { token, body, lang });

let phoneSeq = 0;
function newPhone() {
  phoneSeq += 1;
  return `+55119${String(Date.now() % 1e4).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

/** Ana's WhatsApp conversation whose customer last wrote 25 hours ago (the window is closed). */
const closedWindow = (extra: Partial<Parameters<typeof seedConversation>[2]> = {}) => {
  const phone = newPhone();
  return seedConversation(ctx, owner.accountId, {
    channelId: whatsapp,
    stage: 'attendance',
    assigneeId: ana.userId,
    phone,
    lastInboundAt: DAY_AGO(),
    ...extra,
  }).then((c) => ({ ...c, phone }));
};

async function messageCount(conversationId: string) {
  const [row] = await queryRows<{ n: number }>(
    ctx,
    sql`select count(*)::int as n from messages where conversation_id = ${conversationId}`,
  );
  return Number(row.n);
}

describe('a template inside a conversation', () => {
  it('goes out with the window closed: the rendered text is stored, Meta gets the template once, a retry is stored once', async () => {
    const conv = await closedWindow();
    const body = { clientId: 'tpl-1', templateId: approved, variables: ['Rita', '987'] };
    const res = await send(conv.conversationId, ana.token, body);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      uid: 'tpl-1',
      kind: 'template',
      author: 'operator',
      body: 'Olá Rita, seu pedido 987 foi enviado.',
      private: false,
    });
    const retry = await send(conv.conversationId, ana.token, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.body.data[0]._id).toBe(res.body.data[0]._id);

    const to = conv.phone.slice(1);
    const sent = await until(async () => wa.sends.find((s) => s.body.to === to));
    expect(sent.body).toMatchObject({
      messaging_product: 'whatsapp',
      type: 'template',
      template: {
        name: 'pedido_enviado',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Rita' },
              { type: 'text', text: '987' },
            ],
          },
        ],
      },
    });
    // Sent (ack 1) through the outbound queue, exactly once.
    await until(async () => {
      const [row] = await queryRows<{ ack: number }>(
        ctx,
        sql`select ack from messages where id = ${res.body.data[0]._id}`,
      );
      return row.ack === 1;
    });
    expect(wa.sends.filter((s) => s.body.to === to)).toHaveLength(1);
    expect(await messageCount(conv.conversationId)).toBe(1);
    const [row] = await queryRows<{ last_message_preview: string }>(
      ctx,
      sql`select last_message_preview from conversations where id = ${conv.conversationId}`,
    );
    expect(row.last_message_preview).toBe('Olá Rita, seu pedido 987 foi enviado.');
  });

  it("a header variable: the header's value comes first, Meta gets a header and a body component", async () => {
    const conv = await closedWindow();
    const forgotHeader = await send(conv.conversationId, ana.token, {
      clientId: 'h-0',
      templateId: withHeader,
      variables: ['Rita', 'amanhã'],
    });
    expect(forgotHeader.statusCode).toBe(400);
    expect(forgotHeader.body.fields).toEqual([
      { path: 'variables', key: 'templateVariables', message: 'Fill in every variable of the template' },
    ]);
    const blankHeader = await send(conv.conversationId, ana.token, {
      clientId: 'h-1',
      templateId: withHeader,
      variables: [' ', 'Rita', 'amanhã'],
    });
    expect(blankHeader.body.fields).toEqual([
      { path: 'variables.0', key: 'required', message: 'This field is required' },
    ]);
    expect(await messageCount(conv.conversationId)).toBe(0);

    const res = await send(conv.conversationId, ana.token, {
      clientId: 'h-2',
      templateId: withHeader,
      variables: ['987', 'Rita', 'amanhã'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      kind: 'template',
      body: 'Pedido 987\nOlá Rita, sua entrega chega amanhã.',
    });
    const to = conv.phone.slice(1);
    const sent = await until(async () => wa.sends.find((s) => s.body.to === to));
    expect(sent.body.template).toEqual({
      name: 'entrega_agendada',
      language: { code: 'pt_BR' },
      components: [
        { type: 'header', parameters: [{ type: 'text', text: '987' }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Rita' },
            { type: 'text', text: 'amanhã' },
          ],
        },
      ],
    });
    const [row] = await queryRows<{ body: string }>(
      ctx,
      sql`select body from messages where id = ${res.body.data[0]._id}`,
    );
    expect(row.body).toBe('Pedido 987\nOlá Rita, sua entrega chega amanhã.');
  });

  it('text is still refused with the window closed, with the exact message in both languages', async () => {
    const conv = await closedWindow();
    const en = await send(conv.conversationId, ana.token, { clientId: 'txt-1', text: 'Oi' });
    expect(en.statusCode).toBe(400);
    expect(en.body).toEqual({
      status: 0,
      code: 'WHATSAPP_WINDOW_CLOSED',
      message:
        'Message failed to send because more than 24 hours have passed since the customer last replied',
    });
    const pt = await send(conv.conversationId, ana.token, { clientId: 'txt-2', text: 'Oi' }, 'pt-BR');
    expect(pt.body.message).toBe(
      'A mensagem não foi enviada porque se passaram mais de 24 horas desde a última resposta do cliente',
    );
    expect(await messageCount(conv.conversationId)).toBe(0);
  });

  it('a template not approved yet, of another WhatsApp number or unknown is refused', async () => {
    const conv = await closedWindow();
    for (const status of ['draft', 'pending', 'rejected']) {
      const id = await insertTemplate(owner.accountId, whatsapp, {
        name: `aviso_${status}`,
        body: 'Aviso importante',
        status,
      });
      const res = await send(conv.conversationId, ana.token, { clientId: `na-${status}`, templateId: id });
      expect(res.statusCode).toBe(409);
      expect(res.body).toMatchObject({
        code: 'TEMPLATE_NOT_APPROVED',
        message: 'This template is not approved by WhatsApp yet',
      });
    }
    const elsewhere = await insertTemplate(owner.accountId, whatsapp2, {
      name: 'outro_numero',
      body: 'Oi',
      status: 'approved',
    });
    const wrongChannel = await send(conv.conversationId, ana.token, {
      clientId: 'wc',
      templateId: elsewhere,
    });
    expect(wrongChannel.statusCode).toBe(404);
    expect(wrongChannel.body).toMatchObject({ code: 'TEMPLATE_NOT_FOUND', message: 'Template not found' });
    const unknown = await send(conv.conversationId, ana.token, { clientId: 'un', templateId: newId() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.code).toBe('TEMPLATE_NOT_FOUND');
    expect(await messageCount(conv.conversationId)).toBe(0);
  });

  it('the variables must match the placeholders, none blank; a template goes without text or files', async () => {
    const conv = await closedWindow();
    const few = await send(conv.conversationId, ana.token, {
      clientId: 'v-1',
      templateId: approved,
      variables: ['Rita'],
    });
    expect(few.statusCode).toBe(400);
    expect(few.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please correct all errors in your form',
      fields: [
        { path: 'variables', key: 'templateVariables', message: 'Fill in every variable of the template' },
      ],
    });
    const many = await send(
      conv.conversationId,
      ana.token,
      { clientId: 'v-2', templateId: approved, variables: ['a', 'b', 'c'] },
      'pt-BR',
    );
    expect(many.body.fields).toEqual([
      { path: 'variables', key: 'templateVariables', message: 'Preencha todas as variáveis do modelo' },
    ]);
    const blank = await send(conv.conversationId, ana.token, {
      clientId: 'v-3',
      templateId: approved,
      variables: ['Rita', '  '],
    });
    expect(blank.body.fields).toEqual([
      { path: 'variables.1', key: 'required', message: 'This field is required' },
    ]);
    const withText = await send(conv.conversationId, ana.token, {
      clientId: 'v-4',
      templateId: approved,
      variables: ['Rita', '1'],
      text: 'e mais isto',
    });
    expect(withText.statusCode).toBe(400);
    expect(withText.body.fields).toEqual([
      {
        path: 'templateId',
        key: 'templateAlone',
        message: 'A template is sent on its own, without text or files',
      },
    ]);
    const nothing = await send(conv.conversationId, ana.token, { clientId: 'v-5', variables: ['x'] });
    expect(nothing.body.fields).toEqual([
      { path: 'text', key: 'messageEmpty', message: 'Message cannot be empty' },
    ]);
    expect(await messageCount(conv.conversationId)).toBe(0);
  });

  it('is refused in web chat and SMS conversations', async () => {
    for (const channelId of [web, sms]) {
      const conv = await seedConversation(ctx, owner.accountId, {
        channelId,
        stage: 'attendance',
        assigneeId: ana.userId,
        phone: newPhone(),
      });
      const body = { clientId: `ch-${channelId}`, templateId: approved, variables: ['Rita', '1'] };
      const en = await send(conv.conversationId, ana.token, body);
      expect(en.statusCode).toBe(400);
      expect(en.body).toMatchObject({
        code: 'TEMPLATE_CHANNEL_NOT_SUPPORTED',
        message: 'Templates can only be sent in WhatsApp conversations',
      });
      const pt = await send(conv.conversationId, ana.token, body, 'pt-BR');
      expect(pt.body.message).toBe('Modelos só podem ser enviados em conversas do WhatsApp');
      expect(await messageCount(conv.conversationId)).toBe(0);
    }
  });

  it("another account's template is not usable, nor is the conversation by another account", async () => {
    const theirChannel = (await createChannel(ctx, other, whatsappBody()))._id;
    const theirs = await insertTemplate(other.accountId, theirChannel, {
      name: 'deles',
      body: 'Olá {{1}}',
      status: 'approved',
    });
    const conv = await closedWindow();
    const res = await send(conv.conversationId, ana.token, {
      clientId: 'iso-1',
      templateId: theirs,
      variables: ['Rita'],
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatchObject({ code: 'TEMPLATE_NOT_FOUND', message: 'Template not found' });
    const intruder = await send(
      conv.conversationId,
      other.token,
      { clientId: 'iso-2', templateId: approved, variables: ['Rita', '1'] },
      'en',
      other.accountId,
    );
    expect(intruder.statusCode).toBe(404);
    expect(intruder.body.code).toBe('CONVERSATION_NOT_FOUND');
    expect(await messageCount(conv.conversationId)).toBe(0);
  });

  it("roles as for text: not into another operator's conversation; an unassigned one is taken; a manager may", async () => {
    const body = (clientId: string) => ({ clientId, templateId: approved, variables: ['Rita', '1'] });
    const anas = await closedWindow();
    const refused = await send(anas.conversationId, bruno.token, body('r-1'));
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'CONVERSATION_OTHER_OPERATOR',
      message: 'This conversation belongs to another operator',
    });
    expect(await messageCount(anas.conversationId)).toBe(0);

    const waiting = await closedWindow({ stage: 'waiting', assigneeId: null });
    const taken = await send(waiting.conversationId, bruno.token, body('r-2'));
    expect(taken.statusCode).toBe(200);
    const [row] = await queryRows<{ stage: string; assignee_id: string }>(
      ctx,
      sql`select stage, assignee_id from conversations where id = ${waiting.conversationId}`,
    );
    expect(row).toEqual({ stage: 'attendance', assignee_id: bruno.userId });

    const manager = await member(ctx, owner, 'manager');
    const byManager = await send(anas.conversationId, manager.token, body('r-3'));
    expect(byManager.statusCode).toBe(200);
    expect(byManager.body.data[0]).toMatchObject({ kind: 'template', authorId: manager.userId });

    const sales = await closedWindow({ stage: 'waiting', assigneeId: null, departmentId: 'vendas' });
    const support = await member(ctx, owner, 'operator', ['suporte']);
    const hidden = await send(sales.conversationId, support.token, body('r-4'));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body.code).toBe('CONVERSATION_NOT_FOUND');

    const closed = await closedWindow({ stage: 'closed' });
    const late = await send(closed.conversationId, ana.token, body('r-5'));
    expect(late.body.code).toBe('CONVERSATION_TAKEN');
  });
});

describe('starting a conversation with a template', () => {
  const start = (body: Record<string, unknown>, lang = 'en') =>
    api(ctx.app, 'POST', withAcc('/p/chat/conversation/start', owner.accountId), {
      token: ana.token,
      body: { channelId: whatsapp, ...body },
      lang,
    });

  it('the variables must match the placeholders as inside a conversation; nothing is opened or sent', async () => {
    const phone = newPhone();
    const few = await start({ phone, templateId: approved, variables: ['Rita'] });
    expect(few.statusCode).toBe(400);
    expect(few.body).toEqual({
      status: 0,
      code: 'VALIDATION_FAILED',
      message: 'Please correct all errors in your form',
      fields: [
        { path: 'variables', key: 'templateVariables', message: 'Fill in every variable of the template' },
      ],
    });
    const none = await start({ phone, templateId: approved }, 'pt-BR');
    expect(none.body.fields).toEqual([
      { path: 'variables', key: 'templateVariables', message: 'Preencha todas as variáveis do modelo' },
    ]);
    const blank = await start({ phone, templateId: approved, variables: ['Rita', ''] });
    expect(blank.body.fields).toEqual([
      { path: 'variables.1', key: 'required', message: 'This field is required' },
    ]);
    // Nothing was opened: the same number starts now, and Meta got the template once.
    const ok = await start({ phone, templateId: approved, variables: ['Rita', '987'] });
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data.lastMessagePreview).toBe('Olá Rita, seu pedido 987 foi enviado.');
    await until(async () => wa.sends.some((s) => s.body.to === phone.slice(1)));
    expect(wa.sends.filter((s) => s.body.to === phone.slice(1))).toHaveLength(1);
  });

  it("a header variable: header's value first; Meta gets the header and body parameters", async () => {
    const phone = newPhone();
    const bodyOnly = await start({ phone, templateId: withHeader, variables: ['Rita', 'amanhã'] });
    expect(bodyOnly.body.fields).toEqual([
      { path: 'variables', key: 'templateVariables', message: 'Fill in every variable of the template' },
    ]);
    const res = await start({ phone, templateId: withHeader, variables: ['555', 'Rita', 'hoje'] });
    expect(res.statusCode).toBe(200);
    const [stored] = await queryRows<{ body: string; kind: string }>(
      ctx,
      sql`select body, kind from messages where conversation_id = ${res.body.data._id}`,
    );
    expect(stored).toEqual({ kind: 'template', body: 'Pedido 555\nOlá Rita, sua entrega chega hoje.' });
    const sent = await until(async () => wa.sends.find((s) => s.body.to === phone.slice(1)));
    expect(sent.body.template.components).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: '555' }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Rita' },
          { type: 'text', text: 'hoje' },
        ],
      },
    ]);
  });
});

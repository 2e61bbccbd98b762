import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usagePeriod } from '@atende/shared';
import { newId } from '../../../platform/db/columns';
import { FakeSmsProvider } from '../../../testing/fake-sms';
import { FakeWhatsApp } from '../../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import { createContact } from '../../contacts/contacts.fixtures';
import {
  createChannel,
  member,
  seedConversation,
  setUsage,
  smsBody,
  type TMember,
  webchatBody,
  whatsappBody,
  withAcc,
} from '../testing/inbox.testing';
import { until } from '../testing/intake.testing';

let ctx: TTestApp;
let wa: FakeWhatsApp;
let smsFake: FakeSmsProvider;
let owner: TSignedUp;
let other: TSignedUp;
let ana: TMember;
let bruno: TMember;
let sms: string;
let whatsapp: string;
let web: string;

beforeAll(async () => {
  wa = new FakeWhatsApp();
  smsFake = new FakeSmsProvider();
  smsFake.accounts.set('AC123', 'secret-token');
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await wa.start(), SMS_API_URL: await smsFake.start() });
  owner = await signUp(ctx);
  other = await signUp(ctx);
  ana = await member(ctx, owner, 'operator');
  bruno = await member(ctx, owner, 'operator');
  sms = (await createChannel(ctx, owner, smsBody()))._id;
  whatsapp = (await createChannel(ctx, owner, whatsappBody()))._id;
  web = (await createChannel(ctx, owner, webchatBody()))._id;
  await queryRows(ctx, sql`update accounts set sms_credit = 1000 where id = ${owner.accountId}`);
  await ctx.app.platform.tenantCache.invalidate(owner.accountId);
});
afterAll(async () => {
  await ctx.close();
  await wa.stop();
  await smsFake.stop();
});

const send = (id: string, token: string, body: unknown, acc = owner.accountId) =>
  api(ctx.app, 'POST', withAcc(`/p/chat/conversation/${id}/messages`, acc), { token, body, lang: 'en' });
const mine = (channelId: string, extra: Partial<Parameters<typeof seedConversation>[2]> = {}) =>
  seedConversation(ctx, owner.accountId, {
    channelId,
    stage: 'attendance',
    assigneeId: ana.userId,
    phone: `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    ...extra,
  });
async function upload(name: string, data: Buffer, token = ana.token) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: withAcc(`/p/chat/upload?name=${encodeURIComponent(name)}`, owner.accountId),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/octet-stream',
      'accept-language': 'en',
    },
    payload: data,
  });
  return { statusCode: res.statusCode, body: res.json() };
}
const PDF = Buffer.from('%PDF-1.4\n% test\n');

describe('sending', () => {
  it('an SMS reply goes out through the provider; a retried send (same clientId) is stored and sent once', async () => {
    const { conversationId } = await mine(sms);
    const first = await send(conversationId, ana.token, { clientId: 'c-1', text: 'Olá, tudo bem?' });
    expect(first.statusCode).toBe(200);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.data[0]).toMatchObject({
      uid: 'c-1',
      body: 'Olá, tudo bem?',
      author: 'operator',
      private: false,
    });
    const retry = await send(conversationId, ana.token, { clientId: 'c-1', text: 'Olá, tudo bem?' });
    expect(retry.body.data[0]._id).toBe(first.body.data[0]._id);
    await until(async () => smsFake.sent.some((s) => s.body === 'Olá, tudo bem?'));
    const [count] = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from messages where conversation_id = ${conversationId} and author_type = 'operator'`,
    );
    expect(Number(count.n)).toBe(1);
    const sentRow = await until(async () => {
      const [row] = await queryRows<{ ack: number }>(
        ctx,
        sql`select ack from messages where id = ${first.body.data[0]._id}`,
      );
      return row.ack >= 1 ? row : null;
    });
    expect(sentRow.ack).toBe(1);
    expect(smsFake.sent.filter((s) => s.body === 'Olá, tudo bem?')).toHaveLength(1);
  });

  it('WhatsApp outside the 24-hour window is refused up front with the spec message; inside it is sent', async () => {
    const old = await mine(whatsapp, { lastInboundAt: new Date(Date.now() - 25 * 3600_000) });
    const refused = await send(old.conversationId, ana.token, { clientId: 'w-1', text: 'Oi' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'WHATSAPP_WINDOW_CLOSED',
      message:
        'Message failed to send because more than 24 hours have passed since the customer last replied',
    });
    const [none] = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from messages where conversation_id = ${old.conversationId}`,
    );
    expect(Number(none.n)).toBe(0);
    const fresh = await mine(whatsapp, { lastInboundAt: new Date(Date.now() - 3600_000) });
    expect(
      (await send(fresh.conversationId, ana.token, { clientId: 'w-2', text: 'Dentro da janela' })).statusCode,
    ).toBe(200);
    const sent = await until(async () => wa.sends.find((s) => s.body.text?.body === 'Dentro da janela'));
    expect(sent.body.type).toBe('text');
  });

  it('private notes never reach the channel', async () => {
    const { conversationId } = await mine(whatsapp);
    const before = wa.sends.length;
    const note = await api(
      ctx.app,
      'POST',
      withAcc(`/p/chat/conversation/${conversationId}/note`, owner.accountId),
      {
        token: ana.token,
        body: { text: 'Nota interna secreta' },
      },
    );
    expect(note.statusCode).toBe(200);
    await send(conversationId, ana.token, { clientId: 'after-note', text: 'Mensagem real' });
    await until(async () => wa.sends.length > before);
    const since = wa.sends.slice(before);
    expect(since.map((s) => s.body.text?.body)).toEqual(['Mensagem real']);
    expect(JSON.stringify(wa.sends)).not.toContain('Nota interna secreta');
  });

  it('files: uploaded first (spec types), refused by a channel without media, too large or of a wrong type', async () => {
    const pdf = await upload('contrato.pdf', PDF);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body.data).toMatchObject({
      name: 'contrato.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
    });
    const exe = await upload('virus.exe', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(415);
    expect(exe.body.code).toBe('FILE_TYPE_NOT_ALLOWED');

    const smsConv = await mine(sms);
    const noMedia = await send(smsConv.conversationId, ana.token, {
      clientId: 'f-1',
      files: [pdf.body.data.fileId],
    });
    expect(noMedia.statusCode).toBe(400);
    expect(noMedia.body).toMatchObject({
      code: 'CHANNEL_NO_MEDIA',
      message: 'This channel does not accept media',
    });

    const big = await upload(
      'foto.jpg',
      Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(6 * 1024 * 1024, 1)]),
    );
    const waConv = await mine(whatsapp);
    const tooLarge = await send(waConv.conversationId, ana.token, {
      clientId: 'f-2',
      files: [big.body.data.fileId],
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.body.message).toBe('The file is too large for this channel');
    const zip = await upload('pacote.zip', Buffer.from('504b03041400000000', 'hex'));
    const wrongType = await send(waConv.conversationId, ana.token, {
      clientId: 'f-3',
      files: [zip.body.data.fileId],
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.body.message).toBe('This file type is not allowed on this channel');

    const ok = await send(waConv.conversationId, ana.token, {
      clientId: 'f-4',
      text: 'Segue',
      files: [pdf.body.data.fileId],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data[0]).toMatchObject({
      kind: 'document',
      body: 'Segue',
      media: { fileName: 'contrato.pdf' },
    });
    const sent = await until(async () => wa.sends.find((s) => s.body.document?.filename === 'contrato.pdf'));
    // The provider fetches the file through its signed link.
    const link = new URL(sent.body.document.link);
    const file = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search.replace(/sig=[^&]+/, 'sig=AAAA')}`,
    });
    expect(forged.statusCode).toBe(404);

    const tooMany = await send(waConv.conversationId, ana.token, {
      clientId: 'f-5',
      files: Array.from({ length: 101 }, () => newId()),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body.fields![0]).toMatchObject({ path: 'files', key: 'tooLong' });
    const foreignFile = await send(waConv.conversationId, ana.token, { clientId: 'f-6', files: [newId()] });
    expect(foreignFile.body.code).toBe('FILE_UPLOAD_ERROR');
  });

  it("another operator's conversation is refused; an unassigned waiting one is taken by the reply; closed ones are refused", async () => {
    const { conversationId } = await mine(sms);
    const refused = await send(conversationId, bruno.token, { clientId: 'x', text: 'Oi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.code).toBe('CONVERSATION_OTHER_OPERATOR');
    const waiting = await mine(sms, { stage: 'waiting', assigneeId: null });
    expect(
      (await send(waiting.conversationId, bruno.token, { clientId: 'y', text: 'Posso ajudar?' })).statusCode,
    ).toBe(200);
    const [row] = await queryRows<{ stage: string; assignee_id: string }>(
      ctx,
      sql`select stage, assignee_id from conversations where id = ${waiting.conversationId}`,
    );
    expect(row).toEqual({ stage: 'attendance', assignee_id: bruno.userId });
    // The conversation reads in order: who took it, then the reply.
    const history = await queryRows<{ author_type: string; body: string }>(
      ctx,
      sql`select author_type, body from messages where conversation_id = ${waiting.conversationId}
          and author_type <> 'contact' order by created_at, id`,
    );
    expect(history.map((m) => m.author_type)).toEqual(['system', 'operator']);
    expect(history[1].body).toBe('Posso ajudar?');
    const closed = await mine(sms, { stage: 'closed' });
    expect((await send(closed.conversationId, ana.token, { clientId: 'z', text: 'Oi' })).body.code).toBe(
      'CONVERSATION_TAKEN',
    );
    const empty = await send(conversationId, ana.token, { clientId: 'e', text: '  ' });
    expect(empty.body.fields).toEqual([
      { path: 'text', key: 'messageEmpty', message: 'Message cannot be empty' },
    ]);
    expect(
      (await send(conversationId, other.token, { clientId: 'o', text: 'x' }, other.accountId)).statusCode,
    ).toBe(404);
  });
});

describe('starting a conversation', () => {
  const start = (body: unknown, token = ana.token, acc = owner.accountId) =>
    api(ctx.app, 'POST', withAcc('/p/chat/conversation/start', acc), { token, body, lang: 'en' });

  it('by SMS to a number: opens in attendance with the caller and sends the text', async () => {
    const res = await start({ phone: '(11) 97777-1234', channelId: sms, text: 'Olá! Aqui é da loja.' });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      stage: 'attendance',
      assigneeId: ana.userId,
      origin: 'outbound',
      contact: { phone: '+5511977771234' },
    });
    await until(async () =>
      smsFake.sent.some((s) => s.body === 'Olá! Aqui é da loja.' && s.to === '+5511977771234'),
    );
    const again = await start({ phone: '+55 11 97777-1234', channelId: sms, text: 'De novo' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toEqual({
      status: 0,
      code: 'ACTIVE_CONVERSATION_EXISTS',
      message: 'An active conversation already exists with this number',
      details: { conversationId: res.body.data._id },
    });
    // A manager may open it too; another operator, who cannot see it, is told without its id.
    const byOwner = await start({ phone: '11977771234', channelId: sms, text: 'x' }, owner.token);
    expect(byOwner.body).toMatchObject({ details: { conversationId: res.body.data._id } });
    const byBruno = await start({ phone: '11977771234', channelId: sms, text: 'x' }, bruno.token);
    expect(byBruno.statusCode).toBe(409);
    expect(byBruno.body.code).toBe('ACTIVE_CONVERSATION_EXISTS');
    expect(byBruno.body).not.toHaveProperty('details');
  });

  it('refuses numbers that cannot exist, web chat, and WhatsApp without an approved template', async () => {
    const bad = await start({ phone: '123', channelId: sms, text: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({ code: 'NUMBER_NOT_EXISTS', message: 'This number does not exist' });
    const noPhone = await createContact(ctx, ana.token, owner.accountId, { name: 'Sem telefone' });
    expect((await start({ contactId: noPhone._id, channelId: sms, text: 'x' })).body.code).toBe(
      'NUMBER_NOT_EXISTS',
    );
    const webchat = await start({ phone: '11977770000', channelId: web, text: 'x' });
    expect(webchat.body).toMatchObject({
      code: 'CONVERSATION_START_FAILED',
      message: 'Could not start the conversation',
    });
    const noTemplate = await start({ phone: '11977770001', channelId: whatsapp, text: 'Oi' });
    expect(noTemplate.body.code).toBe('WHATSAPP_WINDOW_CLOSED');
    const foreign = await createContact(ctx, other.token, other.accountId, {
      name: 'F',
      phone: '11977770002',
    });
    expect((await start({ contactId: foreign._id, channelId: sms, text: 'x' })).statusCode).toBe(404);
  });

  it('WhatsApp with an approved template, from a contact', async () => {
    const templateId = newId();
    await queryRows(
      ctx,
      sql`insert into message_templates (id, account_id, channel_id, name, language, category, body, status)
          values (${templateId}, ${owner.accountId}, ${whatsapp}, 'boas_vindas', 'pt_BR', 'UTILITY', 'Olá {{1}}, tudo bem?', 'approved')`,
    );
    const contact = await createContact(ctx, ana.token, owner.accountId, {
      name: 'Rita',
      phone: '11966665555',
    });
    const res = await start({ contactId: contact._id, channelId: whatsapp, templateId, variables: ['Rita'] });
    expect(res.statusCode).toBe(200);
    const sent = await until(async () => wa.sends.find((s) => s.body.template?.name === 'boas_vindas'));
    expect(sent.body.to).toBe('5511966665555');
    const [message] = await queryRows<{ body: string; kind: string }>(
      ctx,
      sql`select body, kind from messages where conversation_id = ${res.body.data._id} and author_type = 'operator'`,
    );
    expect(message).toEqual({ body: 'Olá Rita, tudo bem?', kind: 'template' });
  });

  it('operators blocked by the settings cannot start one; managers still can', async () => {
    await api(ctx.app, 'PUT', withAcc('/p/chat/settings', owner.accountId), {
      token: owner.token,
      body: { blockStartConversation: true },
    });
    try {
      const res = await start({ phone: '11955554444', channelId: sms, text: 'x' });
      expect(res.statusCode).toBe(403);
      expect(res.body.code).toBe('NOT_AUTHORIZED');
      const manager = await member(ctx, owner, 'manager');
      expect(
        (await start({ phone: '11955554444', channelId: sms, text: 'x' }, manager.token)).statusCode,
      ).toBe(200);
    } finally {
      await api(ctx.app, 'PUT', withAcc('/p/chat/settings', owner.accountId), {
        token: owner.token,
        body: { blockStartConversation: false },
      });
    }
  });

  it("past the plan's monthly conversations it is refused and nothing is opened", async () => {
    const quota = await signUp(ctx, { plan: 'free' });
    const ch = (await createChannel(ctx, quota, smsBody()))._id;
    await setUsage(ctx, quota.accountId, 100, usagePeriod().start);
    const res = await start({ phone: '11944443333', channelId: ch, text: 'x' }, quota.token, quota.accountId);
    expect(res.statusCode).toBe(402);
    expect(res.body).toMatchObject({
      code: 'PLAN_QUOTA_REACHED',
      message: "The plan's conversation limit for this period has been reached",
    });
    const [n] = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from conversations where account_id = ${quota.accountId}`,
    );
    expect(Number(n.n)).toBe(0);
    await setUsage(ctx, quota.accountId, 99, usagePeriod().start);
    expect(
      (await start({ phone: '11944443333', channelId: ch, text: 'x' }, quota.token, quota.accountId))
        .statusCode,
    ).toBe(200);
  });
});

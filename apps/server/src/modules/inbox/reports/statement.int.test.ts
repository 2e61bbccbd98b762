import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../platform/db/columns';
import { useTwoAccounts } from '../../../testing/app-fixtures';
import { signUp } from '../../../testing/fixtures';
import { queryRows } from '../../../testing/helpers';
import { api } from '../../../testing/test-app';
import { setAccountFlags } from '../../contacts/contacts.fixtures';
import {
  createChannel,
  member,
  seedConversation,
  smsBody,
  type TMember,
  withAcc,
} from '../testing/inbox.testing';

const setup = useTwoAccounts();
let ana: TMember;
let channelId: string;

beforeAll(async () => {
  ana = await member(setup.ctx, setup.owner, 'operator');
  channelId = (await createChannel(setup.ctx, setup.owner, smsBody()))._id;
});

/** A conversation created at a São Paulo wall-clock time (UTC-3). */
async function createdAt(local: string, counted: boolean, name: string) {
  const { conversationId } = await seedConversation(setup.ctx, setup.owner.accountId, {
    channelId,
    name,
    stage: 'attendance',
    assigneeId: ana.userId,
  });
  await queryRows(
    setup.ctx,
    sql`update conversations set created_at = ${`${local}-03:00`}::timestamptz, counted = ${counted} where id = ${conversationId}`,
  );
  return conversationId;
}

describe('conversation statement (extrato)', () => {
  beforeAll(async () => {
    await createdAt('2025-03-01T00:30:00', true, 'Ana Primeira'); // 03:30 UTC: still 1 March locally
    await createdAt('2025-03-01T23:30:00', false, 'Bia Segunda'); // 02:30 UTC on the 2nd: still 1 March locally
    await createdAt('2025-03-02T10:00:00', true, 'Caio Terceiro');
    await createdAt('2025-03-03T10:00:00', true, 'Fora do período');
  });

  it('lists the period in the account time zone with totals per day, paged', async () => {
    const res = await setup.call('GET', '/p/chat/statement?from=2025-03-01&to=2025-03-02&limit=2');
    expect(res.statusCode).toBe(200);
    const data = res.body.data;
    expect(data.count).toBe(3);
    expect(data.totals).toEqual({
      counted: 2,
      notCounted: 1,
      days: [
        { date: '2025-03-01', counted: 1, notCounted: 1 },
        { date: '2025-03-02', counted: 1, notCounted: 0 },
      ],
    });
    expect(data.items.map((i: { contact: { name: string } }) => i.contact.name)).toEqual([
      'Caio Terceiro',
      'Bia Segunda',
    ]);
    expect(data.items[1]).toMatchObject({
      date: '2025-03-01',
      counted: false,
      channel: { _id: channelId, kind: 'sms' },
      operator: { _id: ana.userId, name: 'Member operator' },
    });
    const page2 = await setup.call('GET', '/p/chat/statement?from=2025-03-01&to=2025-03-02&limit=2&page=2');
    expect(page2.body.data.items.map((i: { contact: { name: string } }) => i.contact.name)).toEqual([
      'Ana Primeira',
    ]);
  });

  it('exports CSV and XLSX; admin only; other accounts see none of it', async () => {
    const csv = await setup.ctx.app.inject({
      method: 'GET',
      url: withAcc(
        '/p/chat/statement/export?from=2025-03-01&to=2025-03-02&format=csv',
        setup.owner.accountId,
      ),
      headers: { authorization: `Bearer ${setup.owner.token}`, 'accept-language': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="statement-2025-03-01_2025-03-02.csv"',
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Date,Contact,Phone,Channel,Operator,Stage,Counted');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain('Bia Segunda');
    expect(lines[2].endsWith(',No')).toBe(true);
    const xlsx = await setup.ctx.app.inject({
      method: 'GET',
      url: withAcc('/p/chat/statement/export?from=2025-03-01&to=2025-03-02', setup.owner.accountId),
      headers: { authorization: `Bearer ${setup.owner.token}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(
      (await setup.call('GET', '/p/chat/statement?from=2025-03-01&to=2025-03-02', { token: ana.token }))
        .statusCode,
    ).toBe(403);
    const foreign = await setup.call('GET', '/p/chat/statement?from=2025-03-01&to=2025-03-02', {
      token: setup.other.token,
      acc: setup.other.accountId,
    });
    expect(foreign.body.data.count).toBe(0);
    const badRange = await setup.call('GET', '/p/chat/statement?from=2025-03-05&to=2025-03-01');
    expect(badRange.statusCode).toBe(400);
  });
});

describe('transcripts', () => {
  it('printable HTML and text without private notes; CSV under the download rules', async () => {
    const { conversationId } = await seedConversation(setup.ctx, setup.owner.accountId, {
      channelId,
      name: 'Rui <b>Cliente</b>',
      stage: 'attendance',
      assigneeId: ana.userId,
    });
    const insert = (author: string, body: string, priv = false, name: string | null = null) =>
      queryRows(
        setup.ctx,
        sql`insert into messages (id, account_id, conversation_id, channel_id, author_type, author_name, body, private)
            values (${newId()}, ${setup.owner.accountId}, ${conversationId}, ${channelId}, ${author}, ${name}, ${body}, ${priv})`,
      );
    await insert('contact', 'Olá, quero saber do pedido');
    await insert('operator', 'Claro! Já verifico.', false, 'Ana');
    await insert('operator', 'nota interna', true, 'Ana');
    const get = (format: string, token = ana.token) =>
      setup.ctx.app.inject({
        method: 'GET',
        url: withAcc(
          `/p/chat/conversation/${conversationId}/transcript?format=${format}`,
          setup.owner.accountId,
        ),
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'pt-BR' },
      });
    const html = await get('html');
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('Rui &lt;b&gt;Cliente&lt;/b&gt;');
    expect(html.body).toContain('Claro! Já verifico.');
    expect(html.body).not.toContain('nota interna');
    const txt = await get('txt');
    expect(txt.body).toContain('Rui <b>Cliente</b>: Olá, quero saber do pedido');
    expect(txt.body).toContain('Ana: Claro! Já verifico.');
    const csv = await get('csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('Data,Autor,Mensagem,Arquivo');
    await setAccountFlags(setup.ctx, setup.owner.accountId, { block_download_excel: true });
    try {
      const blocked = await get('csv');
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe(
        'Função indisponível. Contate um administrador para mais informações.',
      );
      expect((await get('html')).statusCode).toBe(200);
      expect((await get('csv', setup.owner.token)).statusCode).toBe(200);
    } finally {
      await setAccountFlags(setup.ctx, setup.owner.accountId, { block_download_excel: false });
    }
    const foreign = await setup.ctx.app.inject({
      method: 'GET',
      url: withAcc(`/p/chat/conversation/${conversationId}/transcript`, setup.other.accountId),
      headers: { authorization: `Bearer ${setup.other.token}` },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('downtime closing', () => {
  it('closes conversations idle longer than the setting with reason INACTIVITY; others stay open', async () => {
    const acc = await signUp(setup.ctx);
    const ch = (await createChannel(setup.ctx, acc, smsBody()))._id;
    await api(setup.ctx.app, 'PUT', withAcc('/p/chat/settings', acc.accountId), {
      token: acc.token,
      body: { downtimeDays: 3 },
    });
    const days = (n: number) => new Date(Date.now() - n * 86_400_000);
    const idle = await seedConversation(setup.ctx, acc.accountId, {
      channelId: ch,
      stage: 'attendance',
      assigneeId: acc.userId,
      lastMessageAt: days(4),
    });
    const recent = await seedConversation(setup.ctx, acc.accountId, {
      channelId: ch,
      lastMessageAt: days(2),
    });
    // Another account without the setting keeps its old conversations open.
    const otherCh = (await createChannel(setup.ctx, setup.other, smsBody()))._id;
    const untouched = await seedConversation(setup.ctx, setup.other.accountId, {
      channelId: otherCh,
      lastMessageAt: days(30),
    });
    await setup.ctx.app.services.inbox.inactivity.run();
    const rows = await queryRows<{ id: string; stage: string; close_reason: string | null }>(
      setup.ctx,
      sql`select id, stage, close_reason from conversations
          where id in (${idle.conversationId}, ${recent.conversationId}, ${untouched.conversationId})`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(idle.conversationId)).toMatchObject({ stage: 'closed', close_reason: 'INACTIVITY' });
    expect(byId.get(recent.conversationId)?.stage).toBe('waiting');
    expect(byId.get(untouched.conversationId)?.stage).toBe('waiting');
    const [system] = await queryRows<{ body: string; template: { system: string } }>(
      setup.ctx,
      sql`select body, template from messages where conversation_id = ${idle.conversationId} and author_type = 'system'`,
    );
    expect(system.template.system).toBe('inactivity');
  });
});

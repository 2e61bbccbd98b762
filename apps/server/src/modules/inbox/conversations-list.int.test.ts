import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/db/columns';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { createTag } from '../contacts/contacts.fixtures';
import {
  createChannel,
  member,
  seedConversation,
  smsBody,
  type TMember,
  webchatBody,
  withAcc,
} from './inbox.testing';

let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;
let ana: TMember;
let vendas: TMember;
let manager: TMember;
let sms: string;
let web: string;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx);
  other = await signUp(ctx);
  ana = await member(ctx, owner, 'operator');
  vendas = await member(ctx, owner, 'operator', ['vendas']);
  manager = await member(ctx, owner, 'manager');
  sms = (await createChannel(ctx, owner, smsBody()))._id;
  web = (await createChannel(ctx, owner, webchatBody()))._id;
});
afterAll(async () => {
  await ctx.close();
});

const get = (path: string, token: string, acc = owner.accountId) =>
  api(ctx.app, 'GET', withAcc(path, acc), { token, lang: 'en' });
const list = async (query: string, token: string) => {
  const res = await get(`/p/chat/conversation/list?${query}`, token);
  if (res.statusCode !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as {
    items: Array<{ _id: string; contact: { name: string } }>;
    count: number;
    next: unknown;
  };
};
const settings = (body: unknown) =>
  api(ctx.app, 'PUT', withAcc('/p/chat/settings', owner.accountId), { token: owner.token, body });

describe('tabs and filters', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const tag = await createTag(ctx, owner.token, owner.accountId, 'VIP');
    ids.waitingSales = (
      await seedConversation(ctx, owner.accountId, {
        channelId: sms,
        name: 'Vera Vendas',
        departmentId: 'vendas',
        lastMessageAt: minutesAgo(1),
      })
    ).conversationId;
    ids.waitingSupport = (
      await seedConversation(ctx, owner.accountId, {
        channelId: sms,
        name: 'Sara Suporte',
        departmentId: 'suporte',
        lastMessageAt: minutesAgo(2),
      })
    ).conversationId;
    ids.waitingAny = (
      await seedConversation(ctx, owner.accountId, {
        channelId: web,
        name: 'Nina Nova',
        phone: '+5521999990000',
        lastMessageAt: minutesAgo(3),
      })
    ).conversationId;
    ids.anaOpen = (
      await seedConversation(ctx, owner.accountId, {
        channelId: sms,
        name: 'Otto Ana',
        stage: 'attendance',
        assigneeId: ana.userId,
        lastMessageAt: minutesAgo(4),
      })
    ).conversationId;
    ids.managerOpen = (
      await seedConversation(ctx, owner.accountId, {
        channelId: sms,
        name: 'Gil Gerente',
        stage: 'attendance',
        assigneeId: manager.userId,
        lastMessageAt: minutesAgo(5),
      })
    ).conversationId;
    ids.anaClosed = (
      await seedConversation(ctx, owner.accountId, {
        channelId: sms,
        name: 'Cida Fechada',
        stage: 'closed',
        assigneeId: ana.userId,
      })
    ).conversationId;
    const tagged = await seedConversation(ctx, owner.accountId, {
      channelId: web,
      name: 'Tito Tag',
      stage: 'attendance',
      assigneeId: manager.userId,
      lastMessageAt: minutesAgo(6),
    });
    ids.tagged = tagged.conversationId;
    await queryRows(
      ctx,
      sql`update contacts set tags = array[${tag._id}]::uuid[] where id = ${tagged.contactId}`,
    );
    ids.tagId = tag._id;
  });

  it('waiting: newest activity first, with the contact; department-restricted operators see only theirs and unrouted ones', async () => {
    const all = await list('tab=waiting', ana.token);
    expect(all.items.map((i) => i._id)).toEqual([ids.waitingSales, ids.waitingSupport, ids.waitingAny]);
    expect(all.items[2].contact).toMatchObject({ name: 'Nina Nova', phone: '+5521999990000' });
    expect(all.count).toBe(3);
    const sales = await list('tab=waiting', vendas.token);
    expect(sales.items.map((i) => i._id)).toEqual([ids.waitingSales, ids.waitingAny]);
  });

  it('list items have exactly the shape of one conversation read alone', async () => {
    const page = await list('tab=attendance&scope=all', manager.token);
    for (const item of page.items) {
      const one = await get(`/p/chat/conversation/${item._id}`, manager.token);
      expect(item).toEqual(one.body.data);
    }
    expect(page.items.length).toBeGreaterThan(0);
  });

  it('attendance: mine for operators (even asking for all); all for managers, with operator/channel/tag filters', async () => {
    expect((await list('tab=attendance&scope=all', ana.token)).items.map((i) => i._id)).toEqual([
      ids.anaOpen,
    ]);
    const everything = await list('tab=attendance&scope=all', manager.token);
    expect(everything.items.map((i) => i._id)).toEqual([ids.anaOpen, ids.managerOpen, ids.tagged]);
    expect(
      (await list(`tab=attendance&scope=all&operator=${ana.userId}`, manager.token)).items.map((i) => i._id),
    ).toEqual([ids.anaOpen]);
    expect(
      (await list(`tab=attendance&scope=all&channel=${web}`, manager.token)).items.map((i) => i._id),
    ).toEqual([ids.tagged]);
    expect(
      (await list(`tab=attendance&scope=all&tag=${ids.tagId}`, manager.token)).items.map((i) => i._id),
    ).toEqual([ids.tagged]);
    expect((await list('tab=attendance&scope=all&operator=', manager.token)).items).toEqual([]);
  });

  it('search by name (accents folded) or phone digits; closed history is the operator own', async () => {
    expect((await list('tab=waiting&search=vera', manager.token)).items.map((i) => i._id)).toEqual([
      ids.waitingSales,
    ]);
    expect(
      (await list(`tab=waiting&search=${encodeURIComponent('(21) 99999')}`, manager.token)).items.map(
        (i) => i._id,
      ),
    ).toEqual([ids.waitingAny]);
    expect((await list('tab=waiting&department=suporte', manager.token)).items.map((i) => i._id)).toEqual([
      ids.waitingSupport,
    ]);
    expect((await list('tab=closed', ana.token)).items.map((i) => i._id)).toEqual([ids.anaClosed]);
    expect((await list('tab=closed', vendas.token)).items).toEqual([]);
  });

  it('pages with a keyset and never beyond the inbox load size', async () => {
    const first = await list('tab=waiting&limit=2', manager.token);
    expect(first.items).toHaveLength(2);
    const next = first.next as { before: string; beforeId: string };
    const second = await list(
      `tab=waiting&limit=2&before=${encodeURIComponent(next.before)}&beforeId=${next.beforeId}`,
      manager.token,
    );
    expect(second.items.map((i) => i._id)).toEqual([ids.waitingAny]);
    expect(second.next).toBeNull();
    await settings({ loadSize: 20 });
    const bulk = await signUp(ctx);
    const ch = (await createChannel(ctx, bulk, smsBody()))._id;
    await api(ctx.app, 'PUT', withAcc('/p/chat/settings', bulk.accountId), {
      token: bulk.token,
      body: { loadSize: 20 },
    });
    for (let i = 0; i < 25; i++)
      await seedConversation(ctx, bulk.accountId, { channelId: ch, name: `C${i}` });
    const capped = await api(
      ctx.app,
      'GET',
      withAcc('/p/chat/conversation/list?tab=waiting&limit=1000', bulk.accountId),
      { token: bulk.token },
    );
    expect(capped.body.data.items).toHaveLength(20);
    expect(capped.body.data.count).toBe(25);
    await settings({ loadSize: 200 });
  });

  it('one conversation and its messages: oldest first, older pages and catch-up after an id or instant', async () => {
    const id = ids.anaOpen;
    const stamps: string[] = [];
    for (let i = 0; i < 5; i++) {
      const mid = newId();
      stamps.push(mid);
      await queryRows(
        ctx,
        sql`insert into messages (id, account_id, conversation_id, channel_id, author_type, body, created_at)
            values (${mid}, ${owner.accountId}, ${id}, ${sms}, 'contact', ${`m${i}`}, now() - make_interval(secs => ${10 - i}))`,
      );
    }
    const one = await get(`/p/chat/conversation/${id}`, ana.token);
    expect(one.body.data).toMatchObject({ _id: id, stage: 'attendance', contact: { name: 'Otto Ana' } });
    const latest = await get(`/p/chat/conversation/${id}/messages?limit=3`, ana.token);
    expect(latest.body.data.items.map((m: { body: string }) => m.body)).toEqual(['m2', 'm3', 'm4']);
    const older = await get(`/p/chat/conversation/${id}/messages?limit=3&before=${stamps[2]}`, ana.token);
    expect(older.body.data.items.map((m: { body: string }) => m.body)).toEqual(['m0', 'm1']);
    const since = await get(`/p/chat/conversation/${id}/messages?since=${stamps[3]}`, ana.token);
    expect(since.body.data.items.map((m: { body: string }) => m.body)).toEqual(['m4']);
    const sinceTs = await get(
      `/p/chat/conversation/${id}/messages?since=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`,
      ana.token,
    );
    expect(sinceTs.body.data.items).toHaveLength(5);
    expect(sinceTs.body.data.items[0]).toMatchObject({
      author: 'contact',
      ack: 0,
      uid: stamps[0],
      private: false,
    });
    // Another operator does not see it; another account gets 404 too.
    expect((await get(`/p/chat/conversation/${id}`, vendas.token)).statusCode).toBe(404);
    expect((await get(`/p/chat/conversation/${id}/messages`, other.token, other.accountId)).statusCode).toBe(
      404,
    );
  });

  it('catch-up lists what changed after an instant, only what the caller may see', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    await queryRows(
      ctx,
      sql`update conversations set updated_at = now() where id in (${ids.waitingSupport}, ${ids.managerOpen})`,
    );
    const mine = await get(`/p/chat/conversation/updated?since=${encodeURIComponent(before)}`, vendas.token);
    expect(mine.body.data.items.map((c: { _id: string }) => c._id)).not.toContain(ids.managerOpen);
    expect(mine.body.data.items.map((c: { _id: string }) => c._id)).not.toContain(ids.waitingSupport);
    const all = await get(`/p/chat/conversation/updated?since=${encodeURIComponent(before)}`, manager.token);
    expect(all.body.data.items.map((c: { _id: string }) => c._id)).toEqual(
      expect.arrayContaining([ids.waitingSupport, ids.managerOpen]),
    );
  });
});

describe('inbox data (GET /p/chat/inbox/{acc})', () => {
  it('has the spec fields, the operators with online and last seen, and the Sem operador option', async () => {
    const res = await get(`/p/chat/inbox/${owner.accountId}?minimal=true`, ana.token);
    expect(res.statusCode).toBe(200);
    const data = res.body.data;
    expect(data.restrictOperator).toBe(false);
    expect(data.inbox).toMatchObject({
      restrictReportDownload: false,
      timeToSendAutomationAndCampaign: null,
      loadSize: 200,
    });
    const names = data.operators.map((o: { name: string }) => o.name);
    expect(names.at(-1)).toBe('Sem operador');
    expect(data.operators.at(-1)).toEqual({
      name: 'Sem operador',
      value: '',
      operatorData: null,
      lastSeenDate: null,
    });
    const anaEntry = data.operators.find((o: { value: string }) => o.value === ana.userId);
    expect(anaEntry.operatorData).toEqual({
      _id: ana.userId,
      intentions: [],
      entities: [],
      acl: 'operator',
      online: false,
    });
    expect(
      data.operators.find((o: { value: string }) => o.value === vendas.userId).operatorData.intentions,
    ).toEqual(['vendas']);
    expect(data.channels.map((c: { _id: string }) => c._id)).toEqual([sms, web]);
    expect(JSON.stringify(data.channels)).not.toContain('secret');
    expect(data.counts).toMatchObject({ waiting: expect.any(Number), mine: 1 });
    expect(data.usage).toMatchObject({ limit: 300 });
    expect((await get(`/p/chat/inbox/${owner.accountId}`, other.token)).statusCode).toBe(404);
  });

  it('restrictOperator: operators outside business hours with the restriction on, refused by the inbox calls', async () => {
    const closedAllWeek = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, []]),
    );
    await settings({ hoursEnabled: true, hours: closedAllWeek, restrictOutsideHours: true });
    try {
      const op = await get(`/p/chat/inbox/${owner.accountId}`, ana.token);
      expect(op.body.data.restrictOperator).toBe(true);
      expect(op.body.data.inbox.openNow).toBe(false);
      const mgr = await get(`/p/chat/inbox/${owner.accountId}`, manager.token);
      expect(mgr.body.data.restrictOperator).toBe(false);
      const refused = await get('/p/chat/conversation/list?tab=attendance', ana.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'OUTSIDE_BUSINESS_HOURS',
        message: 'Access is restricted outside business hours',
      });
      expect((await get('/p/chat/conversation/list?tab=attendance', manager.token)).statusCode).toBe(200);
    } finally {
      await settings({ hoursEnabled: false, restrictOutsideHours: false });
    }
  });

  it('the waiting tab hidden from operators: refused to them, not to managers', async () => {
    await settings({ hideWaitingTab: true });
    try {
      const res = await get('/p/chat/conversation/list?tab=waiting', ana.token);
      expect(res.statusCode).toBe(403);
      expect(res.body.code).toBe('NOT_AUTHORIZED');
      expect((await get('/p/chat/conversation/list?tab=waiting', manager.token)).statusCode).toBe(200);
    } finally {
      await settings({ hideWaitingTab: false });
    }
  });
});

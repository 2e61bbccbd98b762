import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../platform/db/columns';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import { createTag } from '../../contacts/contacts.fixtures';
import {
  createChannel,
  member,
  seedConversation,
  smsBody,
  type TMember,
  webchatBody,
  withAcc,
} from '../testing/inbox.testing';

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
    // Every tab's items, with every field set somewhere and a preview JSON must escape.
    const preview = 'Olá "Vera" \\ $& $1 </script> \u2028 😀 \u0001';
    await queryRows(
      ctx,
      sql`update conversations set last_message_preview = ${preview}, close_reason = 'Resolvido',
            close_sub_reason = 'Dúvida', hold_until = now() + interval '1 hour', taken_at = now(),
            unread_count = 7, counted = true
          where id = ${ids.anaOpen}`,
    );
    let compared = 0;
    for (const tab of ['waiting', 'attendance&scope=all', 'closed']) {
      const page = await list(`tab=${tab}`, manager.token);
      for (const item of page.items) {
        const one = await get(`/p/chat/conversation/${item._id}`, manager.token);
        expect(item).toEqual(one.body.data);
        compared += 1;
      }
    }
    expect(compared).toBe(7);
    const ana = (await list('tab=attendance&scope=all', manager.token)).items.find(
      (i) => i._id === ids.anaOpen,
    );
    expect(ana).toMatchObject({ lastMessagePreview: preview, unreadCount: 7, closeReason: 'Resolvido' });
    const tagged = (await list(`tab=attendance&scope=all&tag=${ids.tagId}`, manager.token)).items[0];
    expect(tagged).toMatchObject({ contact: { tags: [ids.tagId] } });
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

describe('origins and one contact’s conversations', () => {
  let shop: TSignedUp;
  let op: TMember;
  let opSales: TMember;
  let boss: TMember;
  let carla: string;
  const ids: Record<string, string> = {};
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  const shopList = async (query: string, token: string, acc = shop.accountId) => {
    const res = await get(`/p/chat/conversation/list?${query}`, token, acc);
    if (res.statusCode !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data as {
      items: Array<{ _id: string; origin: string; stage: string; contact: { _id: string; name: string } }>;
      count: number;
      next: { before: string; beforeId: string } | null;
    };
  };
  const idsOf = (page: { items: Array<{ _id: string }> }) => page.items.map((i) => i._id);
  const shopSettings = (body: unknown) =>
    api(ctx.app, 'PUT', withAcc('/p/chat/settings', shop.accountId), { token: shop.token, body });

  beforeAll(async () => {
    shop = await signUp(ctx);
    op = await member(ctx, shop, 'operator');
    opSales = await member(ctx, shop, 'operator', ['vendas']);
    boss = await member(ctx, shop, 'manager');
    const [sms1, sms2, web1] = [
      (await createChannel(ctx, shop, smsBody()))._id,
      (await createChannel(ctx, shop, smsBody()))._id,
      (await createChannel(ctx, shop, webchatBody()))._id,
    ];
    const seedIn = async (
      key: string,
      seed: Parameters<typeof seedConversation>[2],
      extra: { origin?: string; closedBy?: string } = {},
    ) => {
      const row = await seedConversation(ctx, shop.accountId, seed);
      ids[key] = row.conversationId;
      await queryRows(
        ctx,
        sql`update conversations set origin = ${extra.origin ?? 'inbound'}, closed_by = ${extra.closedBy ?? null}
            where id = ${row.conversationId}`,
      );
      return row.contactId;
    };
    // Carla: four conversations on three channels, in every stage.
    carla = await seedIn(
      'carlaClosedByOp',
      {
        channelId: sms1,
        name: 'Carla',
        stage: 'closed',
        assigneeId: op.userId,
        lastMessageAt: minutesAgo(40),
      },
      { closedBy: op.userId },
    );
    await seedIn('carlaClosedByBoss', {
      channelId: sms1,
      contactId: carla,
      stage: 'closed',
      assigneeId: boss.userId,
      lastMessageAt: minutesAgo(30),
    });
    await seedIn(
      'carlaWaiting',
      { channelId: web1, contactId: carla, departmentId: 'suporte', lastMessageAt: minutesAgo(20) },
      { origin: 'campaign' },
    );
    await seedIn('carlaWithBoss', {
      channelId: sms2,
      contactId: carla,
      stage: 'attendance',
      assigneeId: boss.userId,
      lastMessageAt: minutesAgo(10),
    });
    // Other contacts: waiting and in attendance, from campaigns, inbound and outbound.
    await seedIn(
      'campaignWaiting',
      { channelId: sms1, name: 'Wal', lastMessageAt: minutesAgo(5) },
      {
        origin: 'campaign',
      },
    );
    await seedIn('inboundWaiting', { channelId: sms1, name: 'Ivo', lastMessageAt: minutesAgo(4) });
    await seedIn(
      'campaignOp',
      {
        channelId: sms1,
        name: 'Cris',
        stage: 'attendance',
        assigneeId: op.userId,
        lastMessageAt: minutesAgo(3),
      },
      { origin: 'campaign' },
    );
    await seedIn(
      'outboundOp',
      {
        channelId: sms1,
        name: 'Otto',
        stage: 'attendance',
        assigneeId: op.userId,
        lastMessageAt: minutesAgo(2),
      },
      { origin: 'outbound' },
    );
  });

  it('origin: campaign conversations alone, or the others (comma-separated or repeated), with their counts', async () => {
    const campaigns = await shopList('tab=waiting&origin=campaign', boss.token);
    expect(idsOf(campaigns)).toEqual([ids.campaignWaiting, ids.carlaWaiting]);
    expect(campaigns.count).toBe(2);
    expect(campaigns.items.every((c) => c.origin === 'campaign')).toBe(true);
    const others = await shopList('tab=waiting&origin=inbound,outbound', boss.token);
    expect(idsOf(others)).toEqual([ids.inboundWaiting]);
    expect(others.count).toBe(1);
    expect(idsOf(await shopList('tab=waiting&origin=inbound&origin=outbound', boss.token))).toEqual([
      ids.inboundWaiting,
    ]);
    // In attendance: an operator's own campaign conversations; a manager's view of everyone's.
    expect(idsOf(await shopList('tab=attendance&origin=campaign', op.token))).toEqual([ids.campaignOp]);
    expect(idsOf(await shopList('tab=attendance&origin=inbound,outbound', op.token))).toEqual([
      ids.outboundOp,
    ]);
    expect(idsOf(await shopList('tab=attendance&scope=all&origin=campaign', boss.token))).toEqual([
      ids.campaignOp,
    ]);
    // The operator's waiting tab keeps its department rule under the filter.
    expect(idsOf(await shopList('tab=waiting&origin=campaign', opSales.token))).toEqual([
      ids.campaignWaiting,
    ]);
  });

  it('origin pages with the keyset; an unknown origin is refused', async () => {
    const first = await shopList('tab=waiting&origin=campaign&limit=1', boss.token);
    expect(idsOf(first)).toEqual([ids.campaignWaiting]);
    expect(first.count).toBe(2);
    const second = await shopList(
      `tab=waiting&origin=campaign&limit=1&before=${encodeURIComponent(first.next!.before)}&beforeId=${first.next!.beforeId}`,
      boss.token,
    );
    expect(idsOf(second)).toEqual([ids.carlaWaiting]);
    const end = await shopList(
      `tab=waiting&origin=campaign&limit=1&before=${encodeURIComponent(second.next!.before)}&beforeId=${second.next!.beforeId}`,
      boss.token,
    );
    expect(end).toEqual({ items: [], count: 2, next: null });
    const bad = await get('/p/chat/conversation/list?tab=waiting&origin=flow', boss.token, shop.accountId);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ path: expect.stringContaining('origin') })],
    });
  });

  it('contactId: every stage for managers, newest first, whatever the tab; other filters still apply', async () => {
    const all = await shopList(`tab=waiting&contactId=${carla}`, boss.token);
    expect(idsOf(all)).toEqual([
      ids.carlaWithBoss,
      ids.carlaWaiting,
      ids.carlaClosedByBoss,
      ids.carlaClosedByOp,
    ]);
    expect(all.count).toBe(4);
    expect(all.items.map((c) => c.stage)).toEqual(['attendance', 'waiting', 'closed', 'closed']);
    expect(all.items.every((c) => c.contact._id === carla && c.contact.name === 'Carla')).toBe(true);
    expect(idsOf(await shopList(`contactId=${carla}&origin=campaign`, boss.token))).toEqual([
      ids.carlaWaiting,
    ]);
    const page = await shopList(`contactId=${carla}&limit=3`, boss.token);
    expect(idsOf(page)).toEqual([ids.carlaWithBoss, ids.carlaWaiting, ids.carlaClosedByBoss]);
    const rest = await shopList(
      `contactId=${carla}&limit=3&before=${encodeURIComponent(page.next!.before)}&beforeId=${page.next!.beforeId}`,
      boss.token,
    );
    expect(idsOf(rest)).toEqual([ids.carlaClosedByOp]);
  });

  it('contactId: operators see what their lists show them; another account sees nothing', async () => {
    // Closed by them and waiting (unrouted department rule: suporte is not sales').
    expect(idsOf(await shopList(`contactId=${carla}`, op.token))).toEqual([
      ids.carlaWaiting,
      ids.carlaClosedByOp,
    ]);
    expect(await shopList(`contactId=${carla}`, opSales.token)).toEqual({ items: [], count: 0, next: null });
    await shopSettings({ hideWaitingTab: true });
    try {
      expect(idsOf(await shopList(`contactId=${carla}`, op.token))).toEqual([ids.carlaClosedByOp]);
    } finally {
      await shopSettings({ hideWaitingTab: false });
    }
    // Another account's contact: nothing, for its owner as for anyone.
    expect(await shopList(`contactId=${carla}`, other.token, other.accountId)).toEqual({
      items: [],
      count: 0,
      next: null,
    });
    expect(
      (await get(`/p/chat/conversation/list?contactId=${carla}`, other.token, shop.accountId)).statusCode,
    ).toBe(404);
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

describe("'Com o bot' tab (conversations a chatbot is answering)", () => {
  it('lists flow conversations to managers only; they never show in the waiting tab', async () => {
    const { conversationId: flowId } = await seedConversation(ctx, owner.accountId, {
      channelId: web,
      name: 'Com o bot',
      stage: 'flow',
    });
    const flow = await list('tab=flow', manager.token);
    expect(flow.items.map((c) => c._id)).toContain(flowId);
    expect(flow.items.every((c) => c.contact.name === 'Com o bot')).toBe(true);
    expect((await list('tab=waiting', manager.token)).items.map((c) => c._id)).not.toContain(flowId);
    expect((await list('tab=waiting', ana.token)).items.map((c) => c._id)).not.toContain(flowId);
    const refused = await get('/p/chat/conversation/list?tab=flow', ana.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.code).toBe('NOT_AUTHORIZED');
    const foreign = await get('/p/chat/conversation/list?tab=flow', other.token, other.accountId);
    expect(foreign.body.data.items).toEqual([]);
  });
});

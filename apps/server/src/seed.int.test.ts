import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { DEMO_EMAIL, seedDemoAccount } from './seed';
import { DEMO_CONTACTS, DEMO_CONVERSATIONS } from './seed-demo-content';
import { signUp } from './testing/fixtures';
import { queryRows, until } from './testing/helpers';
import { api, startTestApp, type TTestApp } from './testing/test-app';

const configOf = (env: Record<string, string>) => loadConfig({ ...env }, { JWT_SECRET: 'x'.repeat(40) });
const expected = (stage: string) => DEMO_CONVERSATIONS.filter((c) => c.stage === stage).length;

describe('the demo account on an empty database', () => {
  let ctx: TTestApp;
  let token: string;
  let acc: string;
  const get = async (path: string) => {
    const res = await api(ctx.app, 'GET', `${path}${path.includes('?') ? '&' : '?'}acc=${acc}`, { token });
    expect(res.statusCode, path).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    ctx = await startTestApp();
    const demo = await seedDemoAccount(ctx.app, configOf({ NODE_ENV: 'development' }));
    expect(demo?.email).toBe(DEMO_EMAIL);
    const login = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: demo!.email, password: demo!.password },
    });
    expect(login.statusCode).toBe(200);
    token = login.body.data.accessToken;
    acc = (await queryRows<{ id: string }>(ctx, sql`select id from accounts`))[0].id;
    // The whole demo (conversations, surveys, roll-ups...) is written through the services.
  }, 180_000);
  afterAll(() => ctx?.close());

  it("has a web chat channel (and the bot's chat page), tags, closing reasons and quick messages", async () => {
    const channels = await get('/p/chat/channels');
    expect(channels.map((c: { kind: string; externalId: string }) => [c.kind, c.externalId])).toEqual([
      ['webchat', 'demo-loja'],
      ['webchat', 'demo-loja-menu'],
    ]);
    expect((await get('/p/chat/contact/tags')).length).toBeGreaterThanOrEqual(5);
    const reasons = await get('/p/chat/closing-reasons');
    expect(reasons.map((r: { name: string }) => r.name)).toContain('Resolvida');
    expect((await get('/p/chat/quick-messages')).length).toBeGreaterThanOrEqual(5);
  });

  it('has knowledge notes the AI assistant room answers the team from', async () => {
    const notes = await get('/p/ai/knowledge');
    expect(notes.items.map((n: { title: string }) => n.title)).toContain('Horário de atendimento');
    const hits = await ctx.app.services.knowledge.search(acc, 'Qual o horário de atendimento?', 'pt-BR');
    expect(hits.map((h) => [h.source, h.title])).toEqual([['note', 'Horário de atendimento']]);
  });

  it('has satisfaction surveys answered in the closed conversations (feedback page)', async () => {
    const report = await get('/p/surveys/report');
    expect(report.answered).toBeGreaterThanOrEqual(5);
    expect(report.nps.score).not.toBeNull();
    expect(report.csat.score).not.toBeNull();
    const comments = (await get('/p/surveys/verbatims?limit=50')).items.map(
      (v: { comment: string }) => v.comment,
    );
    expect(comments).toContain('Muito bom, recomendo.');
    // The answers stayed in their closed conversations: none was reopened or opened by them.
    const closed = (await get('/p/chat/conversation/list?tab=closed')).items;
    expect(closed).toHaveLength(expected('closed'));
  });

  it("has the Webhooks app with an endpoint that receives the demo's events, and browser notifications", async () => {
    const installs = await get('/p/apps/installs');
    expect(installs.map((i: { app: string }) => i.app).sort()).toEqual(['browser-notifications', 'webhooks']);
    const [endpoint] = await get('/p/apps/webhooks/endpoints');
    expect(endpoint.events).toEqual(['contact.created', 'conversation.closed']);
    const deliveries = await until(async () => {
      const log = await get(`/p/apps/webhooks/endpoints/${endpoint._id}/deliveries`);
      return log.count > 0 ? log : undefined;
    });
    expect(deliveries.items[0].event).toMatch(/^(contact\.created|conversation\.closed)$/);
  });

  it('has fifty contacts, most of them in a lead phase and some tagged', async () => {
    const list = await get('/p/chat/contact/list?limit=100');
    expect(list.count).toBe(DEMO_CONTACTS.length);
    const phased = list.items.filter((c: { phase: string | null }) => c.phase).length;
    expect(phased).toBeGreaterThan(DEMO_CONTACTS.length * 0.8);
    expect(list.items.filter((c: { tags: string[] }) => c.tags.length > 0).length).toBeGreaterThan(20);
  });

  it('has conversations waiting, in attendance and closed with reasons, messages both ways', async () => {
    const waiting = (await get('/p/chat/conversation/list?tab=waiting')).items;
    const attendance = (await get('/p/chat/conversation/list?tab=attendance&scope=all')).items;
    const closed = (await get('/p/chat/conversation/list?tab=closed')).items;
    expect(waiting).toHaveLength(expected('waiting'));
    expect(attendance).toHaveLength(expected('attendance'));
    const held = (await get('/p/chat/conversation/list?tab=hold&scope=all')).items;
    expect(held).toHaveLength(expected('hold'));
    expect(held.filter((h: { holdUntil: string | null }) => h.holdUntil !== null)).toHaveLength(1);
    expect(closed).toHaveLength(expected('closed'));
    for (const c of waiting) expect(c.unreadCount).toBeGreaterThan(0);
    for (const c of closed) expect(c.closeReason).toMatch(/\S/);
    expect(new Set(closed.map((c: { closeReason: string }) => c.closeReason)).size).toBeGreaterThan(2);
    // Customers wrote through the intake (the channel's messages), the owner answered through the inbox.
    const authors = await queryRows<{ author_type: string; n: number }>(
      ctx,
      // (The satisfaction surveys' answers are the surveys seed's: seed-demo-surveys.ts.)
      sql`select author_type, count(*)::int as n from messages
          where coalesce(provider_message_id, '') not like '%:demo-survey-%' group by author_type`,
    );
    const by = Object.fromEntries(authors.map((a) => [a.author_type, a.n]));
    expect(by.contact).toBe(
      DEMO_CONVERSATIONS.flatMap((c) => c.turns).filter((t) => t.from === 'customer').length,
    );
    expect(by.operator).toBe(
      DEMO_CONVERSATIONS.flatMap((c) => c.turns).filter((t) => t.from === 'operator').length,
    );
    const closings = await queryRows(
      ctx,
      sql`select 1 from activity_log where action = 'conversation.closed'`,
    );
    expect(closings).toHaveLength(expected('closed'));
  });

  it('gives the dashboards ten finished days: closed conversations moved back with their messages (survey answers too), contact facts, days built', async () => {
    const [moved] = await queryRows<{ n: number; days: number; past: boolean; inside: boolean }>(
      ctx,
      sql`select count(*)::int as n, count(distinct (c.closed_at at time zone 'UTC')::date)::int as days,
            bool_and(c.closed_at < date_trunc('day', now())) as past,
            bool_and(not exists (select 1 from messages m where m.conversation_id = c.id
              and m.created_at >= date_trunc('day', now()))) as inside
          from conversations c where c.stage = 'closed'`,
    );
    expect(moved).toMatchObject({ n: expected('closed'), past: true, inside: true });
    expect(moved.days).toBeGreaterThan(2);
    const facts = await queryRows<{ kind: string }>(ctx, sql`select kind from dashboard_contact_events`);
    expect(new Set(facts.map((f) => f.kind))).toEqual(new Set(['phase', 'opt_out']));
    const [built] = await queryRows<{ days: number }>(
      ctx,
      sql`select count(distinct day)::int as days from dashboard_daily where closed > 0`,
    );
    expect(built.days).toBeGreaterThan(2);
  });

  it('counts each moved conversation in the plan usage of the month it was moved to (statement and dashboard agree)', async () => {
    // A move across a month always (the seed's own moves cross one only early in a month).
    const [closed] = await queryRows<{ id: string }>(
      ctx,
      sql`select id from conversations where stage = 'closed' limit 1`,
    );
    expect(await ctx.app.services.inbox.history.shiftBack(acc, closed.id, '40 days')).toBe(true);
    const months = await queryRows<{ month: string; opened: number; usage: number }>(
      ctx,
      sql`select m.month, coalesce(o.opened, 0)::int as opened, coalesce(u.count, 0)::int as usage
          from (select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM-DD') as month
                from conversations union select to_char(period_start, 'YYYY-MM-DD') from conversation_usage) m
          left join (select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM-DD') as month,
                       count(*) as opened from conversations where counted group by 1) o on o.month = m.month
          left join (select to_char(period_start, 'YYYY-MM-DD') as month, count from conversation_usage) u
            on u.month = m.month
          order by m.month`,
    );
    expect(months.length).toBeGreaterThan(1);
    for (const m of months) expect(m.usage, m.month).toBe(m.opened);
    const details = await get(`/g/acc/${acc}`);
    const thisMonth = months.at(-1)!;
    expect(details.accFinancial.usage.conversations).toBe(thisMonth.usage);
  });

  it('is not seeded again once the database has a user', async () => {
    expect(await seedDemoAccount(ctx.app, configOf({ NODE_ENV: 'development' }))).toBeNull();
    expect(await queryRows(ctx, sql`select 1 from users`)).toHaveLength(1);
    expect(await queryRows(ctx, sql`select 1 from contacts`)).toHaveLength(DEMO_CONTACTS.length);
  });
});

describe('no demo account', () => {
  let ctx: TTestApp;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx?.close());

  it('in production, even on an empty database', async () => {
    expect(await seedDemoAccount(ctx.app, configOf({ NODE_ENV: 'production' }))).toBeNull();
    expect(await queryRows(ctx, sql`select 1 from users`)).toHaveLength(0);
  });

  it('on a database that already has a user', async () => {
    await signUp(ctx);
    expect(await seedDemoAccount(ctx.app, configOf({ NODE_ENV: 'development' }))).toBeNull();
    expect(await queryRows(ctx, sql`select 1 from users where email = ${DEMO_EMAIL}`)).toHaveLength(0);
    expect(await queryRows(ctx, sql`select 1 from channels`)).toHaveLength(0);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWhatsApp } from '../../testing/fake-whatsapp';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { createDepartment } from '../departments/departments.testing';
import {
  customerWritesOnWhatsApp,
  insertWhatsAppChannel,
  type TTestChannel,
} from '../inbox/testing/intake.testing';
import { jobOf, TIMER_SWEEP } from './automation-timers';
import { releaseTimerRows } from './automation-timers.repo';
import { automationLog } from './automations.testing';

/**
 * Automations end to end on the real app: rules through the API, triggers from real customer
 * messages (WhatsApp webhook) and operator actions, actions seen where users see them (the
 * customer's phone, the conversation, the contact), the run log, limits, flag, roles, isolation.
 */
let ctx: TTestApp;
let fake: FakeWhatsApp;
let owner: TSignedUp;
let other: TSignedUp;
let channel: TTestChannel;
let phoneSeq = 0;

beforeAll(async () => {
  fake = new FakeWhatsApp();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await fake.start() });
  owner = await signUp(ctx, { plan: 'pro' });
  other = await signUp(ctx, { plan: 'pro' });
  channel = await insertWhatsAppChannel(ctx, owner.accountId);
  await queryRows(ctx, sql`update accounts set automation_limit = 50 where id = ${owner.accountId}`);
  await ctx.app.platform.tenantCache.invalidate(owner.accountId);
});

afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

type TCall = { token?: string; acc?: string; body?: unknown; lang?: 'en' | 'pt-BR' };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, o: TCall = {}) =>
  api(ctx.app, method, `${path}${path.includes('?') ? '&' : '?'}acc=${o.acc ?? owner.accountId}`, {
    token: o.token ?? owner.token,
    body: o.body,
    lang: o.lang ?? 'en',
  });

async function createRule(body: Record<string, unknown>) {
  const res = await call('POST', '/p/automations', { body });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body.data._id as string;
}

/** Rules of earlier tests are switched off so each test sees only its own. */
async function onlyActive(id?: string) {
  await queryRows(
    ctx,
    sql`update automations set active = (id::text = ${id ?? ''}) where account_id = ${owner.accountId} and system_kind is null`,
  );
  await rulesWrittenBySql();
}

/**
 * Rules changed by SQL: the account's cached entries are dropped (its own NOTIFY, coming back
 * later, is ignored by this process: TenantCache.origin).
 */
const rulesWrittenBySql = () => ctx.app.platform.tenantCache.invalidate(owner.accountId);

const newPhone = () => `55119${String(8000000 + ++phoneSeq).padStart(8, '0')}`;
const textsTo = (to: string) => fake.sends.filter((s) => s.body.to === to).map((s) => s.body.text?.body);

async function customerWrites(from: string, text: string) {
  expect(await customerWritesOnWhatsApp(ctx, channel, from, text)).toBe(200);
}

async function conversationOf(phone: string) {
  return until(async () => {
    const [row] = await queryRows<{ id: string; contact_id: string; stage: string }>(
      ctx,
      sql`select c.id, c.contact_id, c.stage from conversations c join contacts k on k.id = c.contact_id
          where c.account_id = ${owner.accountId} and k.phone like ${`%${phone.slice(-8)}`}
          order by c.created_at desc limit 1`,
    );
    return row;
  });
}

/** The rule's runs once none is in progress any more. */
async function runsOf(ruleId: string, count = 1) {
  return until(async () => {
    const rows = await queryRows<{ status: string; reason: string | null; results: any[]; key: string }>(
      ctx,
      sql`select status, reason, results, key from ${automationLog} where automation_id = ${ruleId} order by created_at`,
    );
    return rows.length >= count && rows.every((r) => !(r.status === 'waiting' && r.reason === 'running'))
      ? rows
      : null;
  }, 15_000);
}

const rule = (over: Record<string, unknown>) => ({
  name: 'Regra',
  trigger: { type: 'message.received' },
  conditions: { match: 'all', groups: [] },
  actions: [{ type: 'send_message', text: 'Olá {{firstName}}' }],
  ...over,
});

describe('rules: validation, limit, roles, isolation, flag', () => {
  it('refuses a rule without name, trigger or actions with the spec messages', async () => {
    const res = await call('POST', '/p/automations', { body: { name: '', actions: [] } });
    expect(res.statusCode).toBe(400);
    const byPath = Object.fromEntries(res.body.fields!.map((f: any) => [f.path, f.message]));
    expect(byPath.name).toBe('This field is required');
    expect(byPath.trigger).toBe('Select field is required');
    expect(byPath.actions).toBe('This field is required');
    const pt = await call('POST', '/p/automations', {
      body: rule({ actions: [{ type: 'send_message', text: '' }] }),
      lang: 'pt-BR',
    });
    expect(pt.body.fields![0]).toMatchObject({
      path: 'actions.0.text',
      message: 'Messagem não pode estar vazio',
    });
    const regex = await call('POST', '/p/automations', {
      body: rule({
        conditions: {
          match: 'all',
          groups: [{ match: 'all', conditions: [{ field: 'messageText', op: 'regex', value: '(' }] }],
        },
      }),
    });
    expect(regex.body.fields![0]).toMatchObject({
      path: 'conditions.groups.0.conditions.0.value',
      key: 'invalid',
    });
    const cron = await call('POST', '/p/automations', {
      body: rule({ trigger: { type: 'schedule', cron: '99 * * * *' } }),
    });
    expect(cron.body.fields![0]).toMatchObject({ path: 'trigger.cron', key: 'invalid' });
  });

  it('stops at the account automationLimit with the spec message, in both languages', async () => {
    const acc = await signUp(ctx, { plan: 'pro' });
    await queryRows(ctx, sql`update accounts set automation_limit = 2 where id = ${acc.accountId}`);
    await ctx.app.platform.tenantCache.invalidate(acc.accountId);
    for (let i = 0; i < 2; i++) {
      const ok = await call('POST', '/p/automations', {
        acc: acc.accountId,
        token: acc.token,
        body: rule({}),
      });
      expect(ok.statusCode).toBe(200);
    }
    const over = await call('POST', '/p/automations', {
      acc: acc.accountId,
      token: acc.token,
      body: rule({}),
    });
    expect(over.statusCode).toBe(400);
    expect(over.body).toMatchObject({
      code: 'AUTOMATION_LIMIT_REACHED',
      message: 'Automation creation limit reached',
    });
    const pt = await call('POST', '/p/automations', {
      acc: acc.accountId,
      token: acc.token,
      body: rule({}),
      lang: 'pt-BR',
    });
    expect(pt.body.message).toBe('Limite de criação de automações atingido');
    // Automatic messages are rules too, but outside the limit.
    const auto = await call('PUT', '/p/automations/auto-messages/greeting', {
      acc: acc.accountId,
      token: acc.token,
      body: { active: true, text: 'Oi!' },
    });
    expect(auto.statusCode).toBe(200);
    const list = await call('GET', '/p/automations', { acc: acc.accountId, token: acc.token });
    expect(list.body.data.items).toHaveLength(2);
    expect(list.body.data.limit).toBe(2);
  });

  it('operators build rules; only admins edit the automatic messages', async () => {
    const operator = await addMember(ctx, owner, 'operator');
    const created = await call('POST', '/p/automations', {
      token: operator.token,
      body: rule({ active: false }),
    });
    expect(created.statusCode).toBe(200);
    const list = await call('GET', '/p/automations', { token: operator.token });
    expect(list.body.data.items.map((r: any) => r._id)).toContain(created.body.data._id);
    const auto = await call('PUT', '/p/automations/auto-messages/greeting', {
      token: operator.token,
      body: { active: true, text: 'Oi' },
    });
    expect(auto.statusCode).toBe(403);
  });

  it("another account's rules, logs and conversations are not found", async () => {
    const id = await createRule(rule({ active: false }));
    for (const [method, path] of [
      ['GET', `/p/automations/${id}`],
      ['GET', `/p/automations/${id}/runs`],
      ['DELETE', `/p/automations/${id}`],
    ] as const) {
      const res = await call(method, path, { acc: other.accountId, token: other.token });
      expect(res.statusCode).toBe(404);
      expect(res.body.code).toBe('AUTOMATION_NOT_FOUND');
    }
    const mine = await call('GET', '/p/automations', { acc: other.accountId, token: other.token });
    expect(mine.body.data.items.map((r: any) => r._id)).not.toContain(id);
    // A dry run of the other account's own rule against this account's conversation: not found.
    const theirs = await call('POST', '/p/automations', {
      acc: other.accountId,
      token: other.token,
      body: rule({ active: false }),
    });
    const phone = newPhone();
    await onlyActive();
    await customerWrites(phone, 'oi');
    const conversation = await conversationOf(phone);
    const dry = await call('POST', `/p/automations/${theirs.body.data._id}/dry-run`, {
      acc: other.accountId,
      token: other.token,
      body: { conversationId: conversation.id },
    });
    expect(dry.statusCode).toBe(404);
  });

  it('an account writes automation jobs only for the events its active rules can react to', async () => {
    const otherChannel = await insertWhatsAppChannel(ctx, other.accountId);
    const jobsOf = async () =>
      (
        await queryRows<{ name: string }>(
          ctx,
          sql`select data->>'name' as name from pgboss.job
                where name = 'event.automations' and data->>'accountId' = ${other.accountId}`,
        )
      ).map((j) => j.name);
    // No rule: a new conversation and its message cost no job.
    expect(await customerWritesOnWhatsApp(ctx, otherChannel, newPhone(), 'oi')).toBe(200);
    expect(await jobsOf()).toEqual([]);
    // An active rule on received messages: the next message's event has its job (not the opening's).
    const created = await call('POST', '/p/automations', {
      acc: other.accountId,
      token: other.token,
      body: rule({ actions: [{ type: 'note', text: 'visto' }] }),
    });
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    expect(await customerWritesOnWhatsApp(ctx, otherChannel, newPhone(), 'oi de novo')).toBe(200);
    expect(await jobsOf()).toEqual(['message.created']);
    await call('DELETE', `/p/automations/${created.body.data._id}`, {
      acc: other.accountId,
      token: other.token,
    });
  });

  it('with automationEnable off the area answers 403 and the engine does nothing for the account', async () => {
    const acc = await signUp(ctx, { plan: 'pro' });
    const ch = await insertWhatsAppChannel(ctx, acc.accountId);
    const created = await call('POST', '/p/automations', {
      acc: acc.accountId,
      token: acc.token,
      body: rule({}),
    });
    await queryRows(ctx, sql`update accounts set automation_enable = false where id = ${acc.accountId}`);
    await ctx.app.platform.tenantCache.invalidate(acc.accountId);
    const list = await call('GET', '/p/automations', { acc: acc.accountId, token: acc.token });
    expect(list.statusCode).toBe(403);
    expect(list.body.code).toBe('AUTOMATIONS_DISABLED');
    const phone = newPhone();
    expect(await customerWritesOnWhatsApp(ctx, ch, phone, 'oi')).toBe(200);
    // The listener handled the event (its receipt) without running the rule.
    await until(async () => {
      const [r] = await queryRows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from pgboss.job where name = 'event.automations' and state = 'completed'
            and data->>'accountId' = ${acc.accountId}`,
      );
      return r.n > 0;
    }, 15_000);
    const runs = await queryRows(
      ctx,
      sql`select 1 from ${automationLog} where automation_id = ${created.body.data._id}`,
    );
    expect(runs).toHaveLength(0);
    expect(textsTo(phone)).toEqual([]);
  });
});

describe('event triggers, conditions and actions', () => {
  it('message received + text contains → message with variables, tag, phase and a private note', async () => {
    const tag = await call('POST', '/p/chat/contact/tags', { body: { name: 'Preço', color: '#ff0000' } });
    const phase = await call('POST', '/p/chat/inbox/phases', {
      body: { name: 'Interessado', color: '#00ff00' },
    });
    expect(tag.statusCode).toBe(200);
    expect(phase.statusCode).toBe(200);
    const id = await createRule(
      rule({
        conditions: {
          match: 'all',
          groups: [{ match: 'any', conditions: [{ field: 'messageText', op: 'contains', value: 'preço' }] }],
        },
        actions: [
          { type: 'send_message', text: 'Oi {{firstName}}, já te mando a tabela.' },
          { type: 'add_tag', tagId: tag.body.data._id },
          { type: 'set_phase', phaseId: phase.body.data._id },
          { type: 'note', text: 'Pediu preço' },
        ],
      }),
    );
    await onlyActive(id);
    const phone = newPhone();
    await customerWrites(phone, 'Qual o PREÇO do plano?');
    const [run] = await runsOf(id);
    expect(run.status).toBe('fired');
    expect(run.results.map((r: any) => [r.type, r.status])).toEqual([
      ['send_message', 'done'],
      ['add_tag', 'done'],
      ['set_phase', 'done'],
      ['note', 'done'],
    ]);
    await until(async () => textsTo(phone).length > 0);
    expect(textsTo(phone)).toEqual(['Oi Rita, já te mando a tabela.']);
    const conversation = await conversationOf(phone);
    const [contact] = await queryRows<{ tags: string[]; phase_id: string }>(
      ctx,
      sql`select tags, phase_id from contacts where id = ${conversation.contact_id}`,
    );
    expect(contact.tags).toEqual([tag.body.data._id]);
    expect(contact.phase_id).toBe(phase.body.data._id);
    const notes = await queryRows<{ body: string }>(
      ctx,
      sql`select body from messages where conversation_id = ${conversation.id} and private and author_type = 'bot'`,
    );
    expect(notes.map((n) => n.body)).toEqual(['Pediu preço']);

    // Another text: skipped, and the log says why.
    await customerWrites(phone, 'obrigado');
    const runs = await runsOf(id, 2);
    expect(runs[1]).toMatchObject({ status: 'skipped', reason: 'conditionsNotMet' });
    const log = await call('GET', `/p/automations/${id}/runs`);
    expect(log.body.data.map((r: any) => r.status)).toEqual(['skipped', 'fired']);
    const list = await call('GET', '/p/automations');
    const item = list.body.data.items.find((r: any) => r._id === id);
    expect(item).toMatchObject({ fires7d: 1, errors7d: 0 });
    expect(item.lastFiredAt).not.toBeNull();
  });

  it('several rules on one message: those it does not concern are logged as skipped together; a later rule is judged on what an earlier one did', async () => {
    const tag = await call('POST', '/p/chat/contact/tags', { body: { name: 'Lote', color: '#0000ff' } });
    expect(tag.statusCode).toBe(200);
    const tagId = tag.body.data._id as string;
    const textHas = (value: string) => ({
      match: 'all',
      groups: [{ match: 'any', conditions: [{ field: 'messageText', op: 'contains', value }] }],
    });
    const boleto = await createRule(
      rule({ name: 'Boleto', conditions: textHas('boleto'), actions: [{ type: 'note', text: 'boleto' }] }),
    );
    const tagger = await createRule(rule({ name: 'Marca o lote', actions: [{ type: 'add_tag', tagId }] }));
    const chained = await createRule(
      rule({
        name: 'Depois da marca',
        conditions: {
          match: 'all',
          groups: [{ match: 'any', conditions: [{ field: 'tags', op: 'has_any', values: [tagId] }] }],
        },
        actions: [{ type: 'note', text: 'marcado' }],
      }),
    );
    const pix = await createRule(
      rule({ name: 'Pix', conditions: textHas('pix'), actions: [{ type: 'note', text: 'pix' }] }),
    );
    const ids = [boleto, tagger, chained, pix];
    await queryRows(
      ctx,
      sql`update automations set active = (id::text in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}))
          where account_id = ${owner.accountId} and system_kind is null`,
    );
    await rulesWrittenBySql();
    const phone = newPhone();
    await customerWrites(phone, 'Bom dia');
    const [tagged] = await runsOf(tagger);
    expect(tagged.status).toBe('fired');
    const [afterTag] = await runsOf(chained);
    expect(afterTag.status).toBe('fired');
    for (const id of [boleto, pix])
      expect((await runsOf(id))[0]).toMatchObject({
        status: 'skipped',
        reason: 'conditionsNotMet',
        key: tagged.key,
      });
    const conversation = await conversationOf(phone);
    const notes = await queryRows<{ body: string }>(
      ctx,
      sql`select body from messages where conversation_id = ${conversation.id} and private and author_type = 'bot'`,
    );
    expect(notes.map((n) => n.body)).toEqual(['marcado']);

    // The same event again (a retried delivery): every rule's run exists, nothing is added or redone.
    await ctx.app.services.automationEngine.dispatch({
      accountId: owner.accountId,
      trigger: 'message.received',
      key: tagged.key,
      at: new Date(),
      conversationId: conversation.id,
      contactId: conversation.contact_id,
      messageText: 'Bom dia',
    });
    const [{ n }] = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from ${automationLog} where automation_id::text in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    expect(n).toBe(4);
    const notesAgain = await queryRows<{ body: string }>(
      ctx,
      sql`select body from messages where conversation_id = ${conversation.id} and private and author_type = 'bot'`,
    );
    expect(notesAgain.map((x) => x.body)).toEqual(['marcado']);
    // The rule page's log shows the stretch's entries, with the reason.
    const boletoLog = await call('GET', `/p/automations/${boleto}/runs`);
    expect(boletoLog.body.data).toEqual([
      expect.objectContaining({
        status: 'skipped',
        reason: 'conditionsNotMet',
        conversationId: conversation.id,
      }),
    ]);

    // A crash after a rule began acting on an event: when the event comes again, that rule resumes
    // its run even if its conditions no longer hold, and is not logged as skipped.
    const retried = `${tagged.key.slice(0, -4)}beef`;
    await queryRows(
      ctx,
      sql`insert into automation_runs (id, account_id, automation_id, key, trigger, conversation_id, contact_id, status, reason)
          values (gen_random_uuid(), ${owner.accountId}, ${pix}, ${retried}, 'message.received', ${conversation.id},
                  ${conversation.contact_id}, 'waiting', 'running')`,
    );
    await ctx.app.services.automationEngine.dispatch({
      accountId: owner.accountId,
      trigger: 'message.received',
      key: retried,
      at: new Date(),
      conversationId: conversation.id,
      contactId: conversation.contact_id,
      messageText: 'Bom dia',
    });
    const pixRuns = await queryRows<{ status: string }>(
      ctx,
      sql`select status from ${automationLog} where automation_id = ${pix} and key = ${retried}`,
    );
    expect(pixRuns).toEqual([{ status: 'fired' }]);
    const notesAfterRetry = await queryRows<{ body: string }>(
      ctx,
      sql`select body from messages where conversation_id = ${conversation.id} and private and author_type = 'bot' order by created_at`,
    );
    expect(notesAfterRetry.map((x) => x.body)).toContain('pix');
  });

  it('rules the message alone rules out are logged as skipped by the transaction that stores it, with no job; a message one of them wants still runs it', async () => {
    const textHas = (value: string) => ({
      match: 'all',
      groups: [{ match: 'any', conditions: [{ field: 'messageText', op: 'contains', value }] }],
    });
    const boleto = await createRule(
      rule({ name: 'Boleto', conditions: textHas('boleto'), actions: [{ type: 'note', text: 'boleto' }] }),
    );
    const pix = await createRule(
      rule({ name: 'Pix', conditions: textHas('pix'), actions: [{ type: 'note', text: 'pix' }] }),
    );
    await queryRows(
      ctx,
      sql`update automations set active = (id in (${boleto}, ${pix}))
          where account_id = ${owner.accountId} and system_kind is null`,
    );
    await rulesWrittenBySql();
    const phone = newPhone();
    // The first message after the rules changed goes through its job (the process reads them then).
    await customerWrites(phone, 'Bom dia');
    const [first] = await runsOf(boleto);
    expect(first).toMatchObject({ status: 'skipped', reason: 'conditionsNotMet' });
    // The next one is settled before the webhook's answer: both rules logged, read at once.
    await customerWrites(phone, 'Tudo bem?');
    const logged = await queryRows<{ automation_id: string; key: string; status: string; reason: string }>(
      ctx,
      sql`select automation_id, key, status, reason from ${automationLog}
          where automation_id in (${boleto}, ${pix}) and key <> ${first.key}`,
    );
    expect(logged.map((r) => [r.automation_id, r.status, r.reason]).sort()).toEqual(
      [
        [boleto, 'skipped', 'conditionsNotMet'],
        [pix, 'skipped', 'conditionsNotMet'],
      ].sort(),
    );
    const jobs = await queryRows(
      ctx,
      sql`select 1 from pgboss.job where name = 'event.automations' and data->>'id' = ${logged[0].key}`,
    );
    expect(jobs).toEqual([]);
    // A message one rule wants: its job runs that rule, and logs the other as skipped.
    await customerWrites(phone, 'Posso pagar com pix?');
    const pixRuns = await runsOf(pix, 3);
    expect(pixRuns.map((r) => r.status)).toEqual(['skipped', 'skipped', 'fired']);
    const conversation = await conversationOf(phone);
    const notes = await queryRows<{ body: string }>(
      ctx,
      sql`select body from messages where conversation_id = ${conversation.id} and private and author_type = 'bot'`,
    );
    expect(notes.map((n) => n.body)).toEqual(['pix']);
    expect((await runsOf(boleto, 3)).map((r) => r.status)).toEqual(['skipped', 'skipped', 'skipped']);
  });

  it('conditions: starts with, regex, first contact, outside hours, weekday, channel kind, origin (AND/OR groups)', async () => {
    const CLOSED = {
      monday: [],
      tuesday: [],
      wednesday: [],
      thursday: [],
      friday: [],
      saturday: [],
      sunday: [],
    };
    await call('PUT', '/p/chat/settings', { body: { hoursEnabled: true, hours: CLOSED } });
    const id = await createRule(
      rule({
        trigger: { type: 'conversation.opened' },
        conditions: {
          match: 'all',
          groups: [
            {
              match: 'all',
              conditions: [
                { field: 'firstContact', value: true },
                { field: 'hours', value: 'outside' },
                { field: 'weekday', values: [0, 1, 2, 3, 4, 5, 6] },
                { field: 'channelKind', op: 'in', values: ['whatsapp-cloud'] },
                { field: 'origin', op: 'in', values: ['inbound'] },
              ],
            },
            {
              match: 'any',
              conditions: [
                { field: 'stage', op: 'in', values: ['attendance'] },
                { field: 'operator', op: 'none', values: [] },
              ],
            },
          ],
        },
        actions: [{ type: 'send_message', text: 'Primeira vez, fora do horário' }],
      }),
    );
    const textRule = await createRule(
      rule({
        conditions: {
          match: 'any',
          groups: [
            { match: 'all', conditions: [{ field: 'messageText', op: 'starts_with', value: 'pedido' }] },
            { match: 'all', conditions: [{ field: 'messageText', op: 'regex', value: '^#\\d{4}$' }] },
          ],
        },
        actions: [{ type: 'note', text: 'Pedido' }],
      }),
    );
    await onlyActive(id);
    await queryRows(ctx, sql`update automations set active = true where id = ${textRule}`);
    await rulesWrittenBySql();
    const phone = newPhone();
    await customerWrites(phone, 'Pedido 123');
    expect((await runsOf(id))[0].status).toBe('fired');
    await until(async () => textsTo(phone).length > 0);
    expect(textsTo(phone)).toEqual(['Primeira vez, fora do horário']);
    await customerWrites(phone, '#1234');
    await customerWrites(phone, 'nada');
    const runs = await runsOf(textRule, 3);
    // Events of one conversation may be handled in parallel (PostgreSQL): counted, not ordered.
    expect(runs.map((r) => r.status).sort()).toEqual(['fired', 'fired', 'skipped']);
    await call('PUT', '/p/chat/settings', { body: { hoursEnabled: false } });

    // Inside the hours now: the same kind of opening is skipped.
    const second = newPhone();
    await customerWrites(second, 'oi');
    const after = await runsOf(id, 2);
    expect(after[1]).toMatchObject({ status: 'skipped', reason: 'conditionsNotMet' });
  });

  it('transfer → assign to a department; its own change does not trigger it again (loop guard); close with a reason', async () => {
    await call('POST', '/p/chat/closing-reasons', { body: { name: 'Resolvido', subReasons: [] } });
    const assign = await createRule(
      rule({
        trigger: { type: 'conversation.assigned' },
        actions: [{ type: 'assign', departmentId: 'vendas' }],
      }),
    );
    await onlyActive(assign);
    const phone = newPhone();
    await customerWrites(phone, 'oi');
    const conversation = await conversationOf(phone);
    const take = await call('POST', `/p/chat/conversation/${conversation.id}/take`);
    expect(take.statusCode).toBe(200);
    const runs = await runsOf(assign, 2);
    expect(runs.map((r) => [r.status, r.reason])).toEqual([
      ['fired', null],
      ['skipped', 'ownAction'],
    ]);
    const [row] = await queryRows<{ department_id: string; stage: string; assignee_id: string | null }>(
      ctx,
      sql`select department_id, stage, assignee_id from conversations where id = ${conversation.id}`,
    );
    expect(row).toMatchObject({ department_id: 'vendas', stage: 'waiting', assignee_id: null });

    const close = await createRule(
      rule({
        trigger: { type: 'message.received' },
        conditions: {
          match: 'all',
          groups: [
            {
              match: 'all',
              conditions: [
                { field: 'department', op: 'in', values: ['vendas'] },
                { field: 'messageText', op: 'contains', value: 'tchau' },
              ],
            },
          ],
        },
        actions: [{ type: 'close', reason: 'Resolvido' }],
      }),
    );
    await onlyActive(close);
    await customerWrites(phone, 'tchau');
    expect((await runsOf(close))[0].status).toBe('fired');
    const [closed] = await queryRows<{ stage: string; close_reason: string }>(
      ctx,
      sql`select stage, close_reason from conversations where id = ${conversation.id}`,
    );
    expect(closed).toEqual({ stage: 'closed', close_reason: 'Resolvido' });
  });

  it('a rule fires at most maxPerHour times per conversation per hour', async () => {
    const id = await createRule(rule({ maxPerHour: 2, actions: [{ type: 'note', text: 'n' }] }));
    await onlyActive(id);
    const phone = newPhone();
    for (const text of ['1', '2', '3']) await customerWrites(phone, text);
    const runs = await runsOf(id, 3);
    expect(runs.map((r) => r.status).sort()).toEqual(['fired', 'fired', 'skipped']);
    expect(runs.find((r) => r.status === 'skipped')!.reason).toBe('hourlyLimit');
  });

  it('a rule pointing to a deleted tag is turned off and says why', async () => {
    const tag = await call('POST', '/p/chat/contact/tags', {
      body: { name: 'Temporária', color: '#000000' },
    });
    const id = await createRule(rule({ actions: [{ type: 'add_tag', tagId: tag.body.data._id }] }));
    await onlyActive(id);
    await call('DELETE', `/p/chat/contact/tags/${tag.body.data._id}`);
    // Turned off when the tag is deleted (tag.deleted)…
    await until(async () => {
      const got = await call('GET', `/p/automations/${id}`);
      return got.body.data.active === false && got.body.data.disabledReason === 'tagDeleted';
    });
    // …and, turned on again, checked again before it runs.
    await call('PUT', `/p/automations/${id}/active`, { body: { active: true } });
    await customerWrites(newPhone(), 'oi');
    // Checked before any action runs: nothing half done, the rule off with the reason.
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'skipped', reason: 'tagDeleted', results: [] });
    const got = await call('GET', `/p/automations/${id}`);
    expect(got.body.data).toMatchObject({ active: false, disabledReason: 'tagDeleted' });
  });

  it('e-mail to the team and a signed webhook', async () => {
    const { createServer } = await import('node:http');
    const { createHmac } = await import('node:crypto');
    const received: Array<{ body: string; signature: string }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['x-atende-signature']) });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const id = await createRule(
        rule({
          actions: [
            {
              type: 'email',
              to: ['time@example.com'],
              subject: 'Novo: {{name}}',
              text: 'Mensagem de {{name}}',
            },
            { type: 'webhook', url: `http://127.0.0.1:${port}/hook`, secret: 's3cret' },
          ],
        }),
      );
      await onlyActive(id);
      await customerWrites(newPhone(), 'oi');
      expect((await runsOf(id))[0].status).toBe('fired');
      const mail = await until(
        async () => ctx.smtp.messages.find((m) => m.to.includes('time@example.com')),
        15_000,
      );
      expect(mail.subject).toBe('Novo: Rita');
      await until(async () => received.length > 0, 15_000);
      const expected = createHmac('sha256', 's3cret').update(received[0].body).digest('hex');
      expect(received[0].signature).toBe(`sha256=${expected}`);
      expect(JSON.parse(received[0].body)).toMatchObject({ automation: { id }, trigger: 'message.received' });
    } finally {
      server.close();
    }
  });
});

describe("contact triggers act in the contact's open conversation", () => {
  const tagged = async (name: string) => {
    const tag = await call('POST', '/p/chat/contact/tags', { body: { name, color: '#aa00aa' } });
    expect(tag.statusCode).toBe(200);
    return tag.body.data._id as string;
  };
  const addTag = async (contactId: string, tagId: string, acc = owner) => {
    const res = await api(ctx.app, 'POST', `/p/chat/contact/bulk/tags?acc=${acc.accountId}`, {
      token: acc.token,
      body: { ids: [contactId], add: [tagId] },
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  };
  const botMessages = (conversationId: string) =>
    queryRows<{ body: string; private: boolean }>(
      ctx,
      sql`select body, private from messages where conversation_id = ${conversationId} and author_type = 'bot' order by id`,
    );
  const runRow = async (ruleId: string) =>
    (
      await queryRows<{ id: string; key: string; conversation_id: string | null; contact_id: string }>(
        ctx,
        sql`select id, key, conversation_id, contact_id from ${automationLog} where automation_id = ${ruleId}`,
      )
    )[0];

  it('tag added → assign and a message in the open conversation last active (not a closed one, nor an older one); its conditions are judged on it', async () => {
    const vip = await tagged('VIP contato');
    const id = await createRule(
      rule({
        trigger: { type: 'contact.tag_added', tagIds: [vip] },
        conditions: {
          match: 'all',
          groups: [{ match: 'all', conditions: [{ field: 'stage', op: 'in', values: ['waiting'] }] }],
        },
        actions: [
          { type: 'assign', operatorId: owner.userId, departmentId: null },
          { type: 'send_message', text: 'Olá {{firstName}}, agora você é VIP!' },
        ],
      }),
    );
    await onlyActive(id);
    const phone = newPhone();
    await customerWrites(phone, 'Oi, tudo bem?');
    const conversation = await conversationOf(phone);
    expect(conversation.stage).toBe('waiting');
    // The same contact on another number of the account, open but older; and a closed one, newer.
    const second = await insertWhatsAppChannel(ctx, owner.accountId);
    const older = await queryRows<{ id: string }>(
      ctx,
      sql`insert into conversations (id, account_id, contact_id, channel_id, stage, last_message_at)
          values (gen_random_uuid(), ${owner.accountId}, ${conversation.contact_id}, ${second.id}, 'waiting',
                  now() - interval '1 day') returning id::text`,
    );
    const closed = await queryRows<{ id: string }>(
      ctx,
      sql`insert into conversations (id, account_id, contact_id, channel_id, stage, last_message_at)
          values (gen_random_uuid(), ${owner.accountId}, ${conversation.contact_id}, ${channel.id}, 'closed',
                  now() + interval '1 hour') returning id::text`,
    );

    await addTag(conversation.contact_id, vip);
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'fired', reason: null });
    expect(run.results.map((r: any) => [r.type, r.status])).toEqual([
      ['assign', 'done'],
      ['send_message', 'done'],
    ]);
    await until(async () => textsTo(phone).length > 0);
    expect(textsTo(phone)).toEqual(['Olá Rita, agora você é VIP!']);
    const [row] = await queryRows<{ stage: string; assignee_id: string | null }>(
      ctx,
      sql`select stage, assignee_id from conversations where id = ${conversation.id}`,
    );
    expect(row).toEqual({ stage: 'attendance', assignee_id: owner.userId });
    expect((await botMessages(conversation.id)).map((m) => m.body)).toContain('Olá Rita, agora você é VIP!');
    for (const other of [older[0].id, closed[0].id]) expect(await botMessages(other)).toEqual([]);
    // The run log names the conversation it acted in.
    expect((await runRow(id)).conversation_id).toBe(conversation.id);
    const log = await call('GET', `/p/automations/${id}/runs`);
    expect(log.body.data[0]).toMatchObject({
      status: 'fired',
      conversationId: conversation.id,
      contactId: conversation.contact_id,
    });

    // The open conversation no longer waiting: the condition on it does not hold any more.
    await queryRows(ctx, sql`update contacts set tags = '{}' where id = ${conversation.contact_id}`);
    await addTag(conversation.contact_id, vip);
    expect((await runsOf(id, 2))[1]).toMatchObject({ status: 'skipped', reason: 'conditionsNotMet' });
    expect(textsTo(phone)).toHaveLength(1);
  });

  it('a contact without an open conversation: the run is skipped with the reason, the steps before it done, nothing sent', async () => {
    const vip = await tagged('VIP sem conversa');
    const phase = await call('POST', '/p/chat/inbox/phases', {
      body: { name: 'VIP fase', color: '#112233' },
    });
    expect(phase.statusCode).toBe(200);
    const id = await createRule(
      rule({
        trigger: { type: 'contact.tag_added', tagIds: [vip] },
        actions: [
          { type: 'set_phase', phaseId: phase.body.data._id },
          { type: 'send_message', text: 'Bem-vindo, VIP' },
          { type: 'note', text: 'nunca' },
        ],
      }),
    );
    await onlyActive(id);
    // A contact with no conversation at all…
    const created = await call('POST', '/p/chat/contact', { body: { data: { name: 'Sem Conversa' } } });
    expect(created.statusCode).toBe(200);
    const lone = created.body.data._id as string;
    await addTag(lone, vip);
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'skipped', reason: 'noOpenConversation' });
    expect(run.results).toEqual([{ type: 'set_phase', status: 'done', detail: null }]);
    expect((await runRow(id)).conversation_id).toBeNull();
    const contact = await call('GET', `/p/chat/contact/${lone}`);
    expect(contact.body.data.phase).toBe(phase.body.data._id);
    // …and one whose only conversation is closed.
    const phone = newPhone();
    await customerWrites(phone, 'oi');
    const conversation = await conversationOf(phone);
    await queryRows(ctx, sql`update conversations set stage = 'closed' where id = ${conversation.id}`);
    await addTag(conversation.contact_id, vip);
    const runs = await runsOf(id, 2);
    expect(runs[1]).toMatchObject({ status: 'skipped', reason: 'noOpenConversation' });
    expect(await botMessages(conversation.id)).toEqual([]);
    expect(textsTo(phone)).toEqual([]);
    const list = await call('GET', '/p/automations');
    expect(list.body.data.items.find((r: any) => r._id === id)).toMatchObject({ fires7d: 0, errors7d: 0 });
  });

  it('a contact trigger fires at most maxPerHour times per contact per hour, skipped past it like a conversation trigger', async () => {
    const hot = await tagged('Quente limite');
    const id = await createRule(
      rule({
        maxPerHour: 2,
        trigger: { type: 'contact.tag_added', tagIds: [hot] },
        actions: [{ type: 'remove_tag', tagId: hot }],
      }),
    );
    await onlyActive(id);
    const newContact = async (name: string) => {
      const created = await call('POST', '/p/chat/contact', { body: { data: { name } } });
      expect(created.statusCode).toBe(200);
      return created.body.data._id as string;
    };
    const ana = await newContact('Ana Limite');
    const bia = await newContact('Bia Limite');
    // The rule takes the tag off each time, so each bulk add is a new tag_added of the same contact.
    for (let n = 1; n <= 3; n++) {
      await addTag(ana, hot);
      await runsOf(id, n);
    }
    await addTag(bia, hot);
    await runsOf(id, 4);
    const runs = await queryRows<{
      contact_id: string;
      status: string;
      reason: string | null;
      results: any[];
    }>(
      ctx,
      sql`select contact_id, status, reason, results from ${automationLog} where automation_id = ${id} order by created_at`,
    );
    expect(runs.map((r) => [r.contact_id, r.status, r.reason])).toEqual([
      [ana, 'fired', null],
      [ana, 'fired', null],
      [ana, 'skipped', 'hourlyLimit'],
      // The limit is the contact's: another contact's first fire goes through.
      [bia, 'fired', null],
    ]);
    expect(runs[2].results).toEqual([]);
    // The skipped run did nothing: the third tag stays on.
    const tags = async (contactId: string) =>
      (await call('GET', `/p/chat/contact/${contactId}`)).body.data.tags;
    expect(await tags(ana)).toEqual([hot]);
    expect(await tags(bia)).toEqual([]);
  });

  it("another account's conversations are never used", async () => {
    const theirChannel = await insertWhatsAppChannel(ctx, other.accountId);
    const phone = newPhone();
    expect(await customerWritesOnWhatsApp(ctx, theirChannel, phone, 'Oi, outra conta')).toBe(200);
    const [theirs] = await until(async () => {
      const rows = await queryRows<{ id: string; contact_id: string }>(
        ctx,
        sql`select id, contact_id from conversations where account_id = ${other.accountId} and stage <> 'closed'`,
      );
      return rows.length ? rows : null;
    });
    const vip = await tagged('VIP isolado');
    const id = await createRule(
      rule({
        trigger: { type: 'contact.tag_added' },
        actions: [{ type: 'send_message', text: 'Mensagem isolada' }],
      }),
    );
    await onlyActive(id);
    // This account's contact with the same phone has no conversation here.
    const created = await call('POST', '/p/chat/contact', {
      body: { data: { name: 'Mesmo Telefone', phone: `+${phone}` } },
    });
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    const mine = created.body.data._id as string;
    await addTag(mine, vip);
    expect((await runsOf(id))[0]).toMatchObject({ status: 'skipped', reason: 'noOpenConversation' });
    expect(await botMessages(theirs.id)).toEqual([]);
    expect(textsTo(phone)).toEqual([]);
    // The inbox answers a contact's open conversation only within its own account.
    const automatic = ctx.app.services.inbox.automatic;
    expect(await automatic.openConversationOf(owner.accountId, theirs.contact_id)).toBeNull();
    expect(await automatic.openConversationOf(other.accountId, theirs.contact_id)).toBe(theirs.id);
    expect(await automatic.openConversationOf(other.accountId, mine)).toBeNull();
  });

  it('a step retried after a crash acts in the conversation the run kept, and sends once', async () => {
    const vip = await tagged('VIP retry');
    const id = await createRule(
      rule({
        trigger: { type: 'contact.tag_added', tagIds: [vip] },
        actions: [
          { type: 'note', text: 'VIP chegou' },
          { type: 'send_message', text: 'Uma vez só' },
        ],
      }),
    );
    await onlyActive(id);
    const phone = newPhone();
    await customerWrites(phone, 'oi');
    const first = await conversationOf(phone);
    await addTag(first.contact_id, vip);
    expect((await runsOf(id))[0].status).toBe('fired');
    await until(async () => textsTo(phone).length > 0);
    const run = await runRow(id);
    expect(run.conversation_id).toBe(first.id);
    const retry = () =>
      ctx.app.services.automationEngine.dispatch({
        accountId: owner.accountId,
        trigger: 'contact.tag_added',
        key: run.key,
        at: new Date(),
        conversationId: null,
        contactId: first.contact_id,
        messageText: null,
        tagIds: [vip],
      });
    // A crash after the message went, before its step was recorded: the event comes again.
    const crashedAtSend = sql`update automation_runs set status = 'waiting', reason = 'running', next_step = 1,
        results = ${JSON.stringify([{ type: 'note', status: 'done', detail: null }])}::jsonb where id = ${run.id}`;
    await queryRows(ctx, crashedAtSend);
    await retry();
    expect((await runsOf(id))[0].status).toBe('fired');
    expect((await botMessages(first.id)).map((m) => m.body)).toEqual(['VIP chegou', 'Uma vez só']);
    // The same, once the contact has moved to a new conversation: the step still acts in the one
    // the run kept (where its message is), never a second time in the new one.
    await queryRows(ctx, sql`update conversations set stage = 'closed' where id = ${first.id}`);
    await customerWrites(phone, 'voltei');
    const second = await until(async () => {
      const c = await conversationOf(phone);
      return c.id !== first.id ? c : null;
    });
    await queryRows(ctx, crashedAtSend);
    await retry();
    expect((await runsOf(id))[0].status).toBe('fired');
    expect((await runRow(id)).conversation_id).toBe(first.id);
    expect(await botMessages(second.id)).toEqual([]);
    expect(textsTo(phone)).toEqual(['Uma vez só']);
  });
});

describe('survey answered', () => {
  it("a customer's survey comment triggers a rule on the conversation it was about", async () => {
    const id = await createRule(
      rule({
        trigger: { type: 'survey.answered' },
        conditions: {
          match: 'all',
          groups: [
            { match: 'all', conditions: [{ field: 'messageText', op: 'contains', value: 'demorou' }] },
          ],
        },
        actions: [{ type: 'note', text: 'Comentário negativo na pesquisa' }],
      }),
    );
    await onlyActive(id);
    const phone = newPhone();
    await customerWrites(phone, 'oi');
    const conversation = await conversationOf(phone);
    // The surveys module's event, as its durable listeners receive it.
    await ctx.app.services.automationTriggers.onEvent({
      id: '01a20000-0000-7000-8000-0000000000aa',
      name: 'survey.answered',
      accountId: owner.accountId,
      at: new Date().toISOString(),
      data: {
        surveyId: '01a20000-0000-7000-8000-0000000000ab',
        conversationId: conversation.id,
        contactId: conversation.contact_id,
        channelId: channel.id,
        metric: 'comment',
        score: null,
        comment: 'O atendimento demorou muito',
        operatorId: null,
        departmentId: null,
      },
    });
    expect((await runsOf(id))[0].status).toBe('fired');
    const notes = await queryRows(
      ctx,
      sql`select 1 from messages where conversation_id = ${conversation.id} and body = 'Comentário negativo na pesquisa'`,
    );
    expect(notes).toHaveLength(1);
  });
});

describe('time triggers (the due job run directly) and waits', () => {
  /** The pending timers of a rule (not yet due: one automation minute is a real minute here). */
  async function timerJobs(ruleId: string) {
    const rows = await queryRows<Record<string, any>>(
      ctx,
      sql`select * from automation_timers where automation_id = ${ruleId} order by created_at, id`,
    );
    return rows.map((r) => ({
      start_after: r.due_at as string,
      data: jobOf({
        id: r.id,
        accountId: r.account_id,
        automationId: r.automation_id,
        key: r.key,
        trigger: r.trigger,
        conversationId: r.conversation_id,
        contactId: r.contact_id,
        messageAt: new Date(r.message_at),
        messageId: r.message_id,
        dueAt: new Date(r.due_at),
        state: r.state,
        attempts: r.attempts,
        createdAt: new Date(r.created_at),
      }),
    }));
  }

  async function operatorReplies(conversationId: string, text: string) {
    const res = await call('POST', `/p/chat/conversation/${conversationId}/messages`, {
      body: { clientId: `c-${Math.random()}`, text },
    });
    expect(res.statusCode).toBe(200);
  }

  it('no customer reply for X: a reminder, then after the wait the conversation is closed', async () => {
    await call('POST', '/p/chat/closing-reasons', { body: { name: 'Sem resposta', subReasons: [] } });
    const id = await createRule(
      rule({
        trigger: { type: 'no_customer_reply', minutes: 2 },
        actions: [
          { type: 'send_message', text: 'Ainda está aí, {{firstName}}?' },
          { type: 'wait', minutes: 5 },
          { type: 'close', reason: 'Sem resposta' },
        ],
      }),
    );
    await onlyActive(id);
    const phone = newPhone();
    await customerWrites(phone, 'oi');
    const conversation = await conversationOf(phone);
    await operatorReplies(conversation.id, 'Olá! Como posso ajudar?');
    const [job] = await until(async () => {
      const jobs = await timerJobs(id);
      return jobs.length ? jobs : null;
    });
    // Due two automation minutes after the operator's message.
    const due = new Date(job.start_after).getTime() - new Date(job.data.messageAt).getTime();
    expect(Math.round(due / 1000)).toBe(120);
    await ctx.app.services.automationTriggers.fireTimer(job.data);
    await until(async () => textsTo(phone).length > 1);
    expect(textsTo(phone)).toEqual(['Olá! Como posso ajudar?', 'Ainda está aí, Rita?']);
    const [run] = await queryRows<{ id: string; status: string; reason: string }>(
      ctx,
      sql`select id, status, reason from ${automationLog} where automation_id = ${id}`,
    );
    expect(run).toMatchObject({ status: 'waiting', reason: 'paused' });
    const [cont] = await queryRows<{ data: any }>(
      ctx,
      sql`select data from pgboss.job where name = 'automation-continue' and data->>'runId' = ${run.id}`,
    );
    // A second delivery of the same timer does nothing (one fire per silence).
    await ctx.app.services.automationTriggers.fireTimer(job.data);
    await ctx.app.services.automationEngine.continueRun(cont.data);
    const [closed] = await queryRows<{ stage: string; close_reason: string }>(
      ctx,
      sql`select stage, close_reason from conversations where id = ${conversation.id}`,
    );
    expect(closed).toEqual({ stage: 'closed', close_reason: 'Sem resposta' });
    const [done] = await runsOf(id);
    expect(done.status).toBe('fired');
    expect(textsTo(phone)).toHaveLength(2);
  });

  it("a message's silence timers are written and ended by the transaction that stores it, with no job", async () => {
    const id = await createRule(
      rule({
        trigger: { type: 'no_operator_reply', minutes: 10 },
        actions: [{ type: 'note', text: 'sem resposta' }],
      }),
    );
    await onlyActive(id);
    const phone = newPhone();
    // The first message after the rules changed goes through its job (the process reads them then).
    await customerWrites(phone, 'oi');
    await until(async () => ((await timerJobs(id)).length === 1 ? true : null));
    const conversation = await conversationOf(phone);
    const jobCount = async () =>
      (
        await queryRows<{ n: number }>(
          ctx,
          sql`select count(*)::int as n from pgboss.job
              where name = 'event.automations' and data->>'accountId' = ${owner.accountId}`,
        )
      )[0].n;
    const jobsBefore = await jobCount();
    await customerWrites(phone, 'alguém aí?');
    // Read at once: the second message's timer is there when the webhook answers.
    const [second] = await queryRows<{ id: string }>(
      ctx,
      sql`select id from messages where conversation_id = ${conversation.id} and author_type = 'contact'
          order by id desc limit 1`,
    );
    expect((await timerJobs(id)).map((t) => t.data.messageId)).toContain(second.id);
    expect(await timerJobs(id)).toHaveLength(2);
    // The operator's answer ends that silence: both timers are gone when the API answers.
    await operatorReplies(conversation.id, 'Estou aqui!');
    expect(await timerJobs(id)).toEqual([]);
    expect(await jobCount()).toBe(jobsBefore);
  });

  it('the customer replying cancels the timer; replying during the wait stops the rest', async () => {
    const id = await createRule(
      rule({
        trigger: { type: 'no_customer_reply', minutes: 2 },
        actions: [
          { type: 'send_message', text: 'Lembrete' },
          { type: 'wait', minutes: 5 },
          { type: 'note', text: 'não deveria' },
        ],
      }),
    );
    await onlyActive(id);
    const phone = newPhone();
    await customerWrites(phone, 'oi');
    const conversation = await conversationOf(phone);
    await operatorReplies(conversation.id, 'Olá');
    const [job] = await until(async () => {
      const jobs = await timerJobs(id);
      return jobs.length ? jobs : null;
    });
    await until(async () => textsTo(phone).length > 0);
    await customerWrites(phone, 'estou aqui');
    await until(async () => {
      const [c] = await queryRows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from messages where conversation_id = ${conversation.id} and author_type = 'contact'`,
      );
      return c.n === 2;
    });
    // The reply cancelled the pending timer; were it delivered anyway, it finds the silence over.
    await until(async () => (await timerJobs(id)).length === 0);
    await ctx.app.services.automationTriggers.fireTimer(job.data);
    expect(
      await queryRows(ctx, sql`select 1 from ${automationLog} where automation_id = ${id}`),
    ).toHaveLength(0);
    expect(textsTo(phone)).toEqual(['Olá']);

    // Next silence: the reminder goes, then the customer answers during the wait.
    await operatorReplies(conversation.id, 'Algo mais?');
    const jobs = await until(async () => {
      const list = await timerJobs(id);
      return list.length > 0 ? list : null;
    });
    expect(jobs[0].data.messageId).not.toBe(job.data.messageId);
    await ctx.app.services.automationTriggers.fireTimer(jobs[0].data);
    const [run] = await until(async () => {
      const rows = await queryRows<{ id: string; reason: string }>(
        ctx,
        sql`select id, reason from ${automationLog} where automation_id = ${id} and reason = 'paused'`,
      );
      return rows.length ? rows : null;
    });
    await customerWrites(phone, 'voltei');
    await until(async () => {
      const [c] = await queryRows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from messages where conversation_id = ${conversation.id} and author_type = 'contact'`,
      );
      return c.n === 3;
    });
    await ctx.app.services.automationEngine.continueRun({
      accountId: owner.accountId,
      runId: run.id,
      step: 2,
    });
    const [after] = await runsOf(id);
    expect(after).toMatchObject({ status: 'skipped', reason: 'customerReplied' });
    const notes = await queryRows(
      ctx,
      sql`select 1 from messages where conversation_id = ${conversation.id} and body = 'não deveria'`,
    );
    expect(notes).toHaveLength(0);
  });

  it("a silence rule with a condition on the contact's tags is judged on the contact: fired for a tagged one, skipped for another", async () => {
    const tag = await call('POST', '/p/chat/contact/tags', {
      body: { name: 'VIP silêncio', color: '#00aa00' },
    });
    expect(tag.statusCode).toBe(200);
    const tagId = tag.body.data._id as string;
    const id = await createRule(
      rule({
        trigger: { type: 'no_operator_reply', minutes: 5 },
        conditions: {
          match: 'all',
          groups: [{ match: 'any', conditions: [{ field: 'tags', op: 'has_any', values: [tagId] }] }],
        },
        actions: [{ type: 'note', text: 'vip sem resposta' }],
      }),
    );
    await onlyActive(id);
    const [vip, other] = [newPhone(), newPhone()];
    await customerWrites(vip, 'oi');
    await customerWrites(other, 'oi');
    const vipConversation = await conversationOf(vip);
    const tagged = await call('POST', '/p/chat/contact/bulk/tags', {
      body: { ids: [vipConversation.contact_id], add: [tagId], remove: [] },
    });
    expect(tagged.statusCode).toBe(200);
    const timers = await until(async () => {
      const rows = await timerJobs(id);
      return rows.length === 2 ? rows : null;
    });
    for (const timer of timers)
      expect(await ctx.app.services.automationTriggers.fireTimer(timer.data)).toBe(true);
    const byConversation = new Map(
      (
        await queryRows<{ conversation_id: string; status: string; reason: string | null }>(
          ctx,
          sql`select conversation_id, status, reason from ${automationLog} where automation_id = ${id}`,
        )
      ).map((r) => [r.conversation_id, r]),
    );
    expect(byConversation.get(vipConversation.id)).toMatchObject({ status: 'fired' });
    expect(byConversation.get((await conversationOf(other)).id)).toMatchObject({
      status: 'skipped',
      reason: 'conditionsNotMet',
    });
  });

  it('no operator reply for X, idle for X and waiting in queue fire only while the state holds', async () => {
    const noOperator = await createRule(
      rule({
        trigger: { type: 'no_operator_reply', minutes: 10 },
        actions: [{ type: 'note', text: 'sem operador' }],
      }),
    );
    const idle = await createRule(
      rule({ trigger: { type: 'idle', minutes: 30 }, actions: [{ type: 'note', text: 'parada' }] }),
    );
    const queue = await createRule(
      rule({
        trigger: { type: 'waiting_in_queue', minutes: 3 },
        actions: [{ type: 'note', text: 'na fila' }],
      }),
    );
    await onlyActive(noOperator);
    await queryRows(ctx, sql`update automations set active = true where id in (${idle}, ${queue})`);
    await rulesWrittenBySql();
    const phone = newPhone();
    await customerWrites(phone, 'oi');
    const conversation = await conversationOf(phone);
    const jobsOf = (ruleId: string) =>
      until(async () => {
        const jobs = await timerJobs(ruleId);
        return jobs.length ? jobs : null;
      });
    const [op] = await jobsOf(noOperator);
    const [id1] = await jobsOf(idle);
    const [q] = await jobsOf(queue);
    await ctx.app.services.automationTriggers.fireTimer(op.data);
    await ctx.app.services.automationTriggers.fireTimer(id1.data);
    await ctx.app.services.automationTriggers.fireTimer(q.data);
    const notes = async () =>
      (
        await queryRows<{ body: string }>(
          ctx,
          sql`select body from messages where conversation_id = ${conversation.id} and private and author_type = 'bot' order by created_at`,
        )
      ).map((n) => n.body);
    expect((await notes()).sort()).toEqual(['na fila', 'parada', 'sem operador']);

    // Once an operator answered (and took it), the same timers find nothing to do.
    const second = newPhone();
    await customerWrites(second, 'oi');
    const conv2 = await conversationOf(second);
    const all = async (ruleId: string) =>
      (await timerJobs(ruleId)).filter((j) => j.data.conversationId === conv2.id);
    await until(
      async () =>
        (await all(noOperator)).length > 0 && (await all(queue)).length > 0 && (await all(idle)).length > 0,
    );
    const before = [...(await all(noOperator)), ...(await all(idle)), ...(await all(queue))];
    await operatorReplies(conv2.id, 'Oi!');
    for (const j of before) await ctx.app.services.automationTriggers.fireTimer(j.data);
    const runs2 = await queryRows(
      ctx,
      sql`select 1 from ${automationLog} where conversation_id = ${conv2.id} and status = 'fired'`,
    );
    // The customer's silence timers met an answered, taken conversation: nothing fired.
    expect(runs2).toHaveLength(0);
  });

  it('the sweeper fires a due timer once: controllable clock, concurrent sweeps, a crash mid-claim', async () => {
    const id = await createRule(
      rule({
        trigger: { type: 'no_operator_reply', minutes: 3 },
        actions: [{ type: 'note', text: 'varredura' }],
      }),
    );
    await onlyActive(id);
    const phone = newPhone();
    await customerWrites(phone, 'oi');
    const conversation = await conversationOf(phone);
    const [timer] = await until(async () => {
      const rows = await timerJobs(id);
      return rows.length ? rows : null;
    });
    // Only this test's timer is in play (earlier tests left theirs pending).
    await queryRows(ctx, sql`delete from automation_timers where automation_id <> ${id}`);
    const sweeper = ctx.app.services.automationTimers;
    const due = new Date(timer.start_after).getTime();
    expect(due - new Date(timer.data.messageAt).getTime()).toBe(180_000);
    expect(await sweeper.sweep(new Date(due - 1_000))).toBe(0);
    // A process claimed it and died (kill -9) before firing: it is due again when the lease ends.
    await queryRows(
      ctx,
      sql`update automation_timers set state = 'claimed', attempts = 1,
          due_at = ${new Date(due + TIMER_SWEEP.leaseMs).toISOString()}::timestamptz where automation_id = ${id}`,
    );
    expect(await sweeper.sweep(new Date(due + 1_000))).toBe(0);
    // A release under that dead claim (a sweeper that held the row too long) does not take the
    // row back from the claim that holds it now (attempts 2): it stays claimed.
    await queryRows(ctx, sql`update automation_timers set attempts = 2 where automation_id = ${id}`);
    await releaseTimerRows(ctx.app.platform.database.db, [{ id: timer.data.timerId!, attempts: 1 }]);
    expect(
      (
        await queryRows<{ state: string }>(
          ctx,
          sql`select state from automation_timers where automation_id = ${id}`,
        )
      ).map((r) => r.state),
    ).toEqual(['claimed']);
    await queryRows(ctx, sql`update automation_timers set attempts = 1 where automation_id = ${id}`);
    const after = new Date(due + TIMER_SWEEP.leaseMs + 1_000);
    // Two processes sweeping at once: one of them claims it.
    const claimed = await Promise.all([sweeper.sweep(after), sweeper.sweep(after)]);
    expect(claimed.sort()).toEqual([0, 1]);
    expect(await timerJobs(id)).toHaveLength(0);
    // Fired again (its process died after the action, before deleting the row): nothing repeats.
    await ctx.app.services.automationTriggers.fireTimer(timer.data);
    const notes = await queryRows(
      ctx,
      sql`select 1 from messages where conversation_id = ${conversation.id} and body = 'varredura'`,
    );
    expect(notes).toHaveLength(1);
    expect((await runsOf(id)).map((r) => r.status)).toEqual(['fired']);
  });

  it("a deleted rule takes its log and its pending timers with it, and no other rule's", async () => {
    const logged = await createRule(rule({ actions: [{ type: 'note', text: 'registro' }] }));
    const timed = await createRule(
      rule({
        trigger: { type: 'no_operator_reply', minutes: 3 },
        actions: [{ type: 'note', text: 'lembrete' }],
      }),
    );
    await queryRows(
      ctx,
      sql`update automations set active = (id in (${logged}, ${timed}))
          where account_id = ${owner.accountId} and system_kind is null`,
    );
    await rulesWrittenBySql();
    await customerWrites(newPhone(), 'oi');
    expect((await runsOf(logged)).map((r) => r.status)).toEqual(['fired']);
    await until(async () => ((await timerJobs(timed)).length === 1 ? true : null));
    const gone = await call('DELETE', `/p/automations/${timed}`);
    expect(gone.statusCode).toBe(200);
    expect(await timerJobs(timed)).toHaveLength(0);
    expect(await runsOf(logged)).toHaveLength(1);
    expect((await call('DELETE', `/p/automations/${logged}`)).statusCode).toBe(200);
    expect(
      await queryRows(ctx, sql`select 1 from ${automationLog} where automation_id = ${logged}`),
    ).toHaveLength(0);
  });

  it('schedule: the minute tick runs a rule whose cron matches in the account time zone', async () => {
    const id = await createRule(
      rule({
        trigger: { type: 'schedule', cron: '30 9 * * *' },
        conditions: {
          match: 'all',
          groups: [{ match: 'all', conditions: [{ field: 'stage', op: 'in', values: ['waiting'] }] }],
        },
        actions: [{ type: 'note', text: 'bom dia' }],
      }),
    );
    await onlyActive(id);
    const phone = newPhone();
    await customerWrites(phone, 'oi');
    const conversation = await conversationOf(phone);
    // 09:30 in São Paulo (UTC-3) is 12:30 UTC.
    await ctx.app.services.automationTriggers.tick(new Date('2026-11-20T12:29:00Z'));
    expect(
      await queryRows(ctx, sql`select 1 from ${automationLog} where automation_id = ${id}`),
    ).toHaveLength(0);
    await ctx.app.services.automationTriggers.tick(new Date('2026-11-20T12:30:05Z'));
    await ctx.app.services.automationTriggers.tick(new Date('2026-11-20T12:30:40Z'));
    const runs = await queryRows<{ conversation_id: string; status: string }>(
      ctx,
      sql`select conversation_id, status from ${automationLog} where automation_id = ${id} and status = 'fired'`,
    );
    expect(runs.map((r) => r.conversation_id)).toContain(conversation.id);
    expect(runs.filter((r) => r.conversation_id === conversation.id)).toHaveLength(1);
  });
});

describe('dry run and automatic messages', () => {
  it('a dry run says what the rule would do on a real conversation, without doing it', async () => {
    const id = await createRule(
      rule({
        active: false,
        conditions: {
          match: 'all',
          groups: [
            { match: 'all', conditions: [{ field: 'channelKind', op: 'in', values: ['whatsapp-cloud'] }] },
          ],
        },
        actions: [{ type: 'send_message', text: 'Oi {{name}}' }],
      }),
    );
    const phone = newPhone();
    await onlyActive();
    await customerWrites(phone, 'oi');
    const conversation = await conversationOf(phone);
    const dry = await call('POST', `/p/automations/${id}/dry-run`, {
      body: { conversationId: conversation.id },
    });
    expect(dry.statusCode).toBe(200);
    expect(dry.body.data).toMatchObject({
      matches: true,
      reason: 'ruleInactive',
      conditions: [{ field: 'channelKind', ok: true }],
      actions: [{ type: 'send_message', status: 'would', detail: 'Oi Rita' }],
    });
    expect(textsTo(phone)).toEqual([]);
  });

  it('greeting, transfer and close messages run on the engine; the out-of-hours one still works', async () => {
    await onlyActive();
    for (const [kind, text] of [
      ['greeting', 'Bem-vindo, {{firstName}}!'],
      ['transfer', 'Estamos transferindo você.'],
      ['close', 'Obrigado pelo contato!'],
    ])
      expect(
        (await call('PUT', `/p/automations/auto-messages/${kind}`, { body: { active: true, text } }))
          .statusCode,
      ).toBe(200);
    const empty = await call('PUT', '/p/automations/auto-messages/inactivity', {
      body: { active: true, text: '' },
    });
    expect(empty.body.fields![0]).toMatchObject({ path: 'text', message: 'Message cannot be empty' });
    const list = await call('GET', '/p/automations/auto-messages/list');
    expect(list.body.data.map((m: any) => [m.kind, m.active])).toEqual([
      ['greeting', true],
      ['queue', false],
      ['transfer', true],
      ['close', true],
      ['inactivity', false],
    ]);
    const phone = newPhone();
    await customerWrites(phone, 'oi');
    await until(async () => textsTo(phone).length > 0);
    expect(textsTo(phone)).toEqual(['Bem-vindo, Rita!']);
    const conversation = await conversationOf(phone);
    await call('POST', `/p/chat/conversation/${conversation.id}/take`);
    const transfer = await call('POST', `/p/chat/conversation/${conversation.id}/transfer`, {
      // Issue 13: a transfer takes only one of the account's departments.
      body: { departmentId: await createDepartment(ctx, owner, 'Suporte') },
    });
    expect(transfer.statusCode).toBe(200);
    await until(async () => textsTo(phone).length > 1);
    await call('POST', `/p/chat/conversation/${conversation.id}/take`);
    const close = await call('POST', `/p/chat/conversation/${conversation.id}/close`, {
      body: { reason: 'Resolvido' },
    });
    expect(close.statusCode).toBe(200);
    await until(async () => textsTo(phone).length > 2, 15_000);
    expect(textsTo(phone)).toEqual([
      'Bem-vindo, Rita!',
      'Estamos transferindo você.',
      'Obrigado pelo contato!',
    ]);
    await call('PUT', '/p/automations/auto-messages/greeting', { body: { active: false, text: 'x' } });
    await call('PUT', '/p/automations/auto-messages/transfer', { body: { active: false, text: 'x' } });
    await call('PUT', '/p/automations/auto-messages/close', { body: { active: false, text: 'x' } });
  });
});

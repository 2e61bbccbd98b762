import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeam, startWhatsAppApp, stopWhatsAppApp, type TWhatsAppApp } from '../../testing/app-fixtures';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api } from '../../testing/test-app';
import { insertApprovedTemplate, uploadCsv } from '../campaigns/campaigns.testing';
import { menuFlow, publishedBot } from '../chatbots/testing/chatbots.testing';
import { createDepartment } from '../departments/departments.testing';
import { customerWritesOnWhatsApp } from '../inbox/testing/intake.testing';
import { automationLog } from './automations.testing';

/**
 * Automations (issue 17), the triggers "tag added" and "campaign reply", the actions "start a
 * chatbot" and "send a satisfaction survey", and rules whose references were deleted: turned off,
 * the admins told by e-mail, the reason in the list. On the real app with a fake WhatsApp.
 */
let wa: TWhatsAppApp;
let team: Awaited<ReturnType<typeof addTeam>>;
let other: TSignedUp;
let phoneSeq = 0;

beforeAll(async () => {
  wa = await startWhatsAppApp();
  team = await addTeam(wa.ctx, wa.owner);
  other = await signUp(wa.ctx, { plan: 'pro' });
  await queryRows(wa.ctx, sql`update accounts set automation_limit = 50 where id = ${wa.owner.accountId}`);
  await wa.ctx.app.platform.tenantCache.invalidate(wa.owner.accountId);
});
afterAll(async () => {
  await stopWhatsAppApp(wa);
});

type TCall = { token?: string; acc?: string; body?: unknown; lang?: 'en' | 'pt-BR' };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, o: TCall = {}) =>
  api(wa.ctx.app, method, `${path}${path.includes('?') ? '&' : '?'}acc=${o.acc ?? wa.owner.accountId}`, {
    token: o.token ?? wa.owner.token,
    body: o.body,
    lang: o.lang ?? 'en',
  });

async function createRule(body: Record<string, unknown>) {
  const res = await call('POST', '/p/automations', { body: { name: 'Regra', ...body } });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body.data._id as string;
}

/** Rules of earlier tests are switched off so each test sees only its own. */
async function onlyActive(...ids: string[]) {
  await queryRows(
    wa.ctx,
    sql`update automations set active = (id::text = any(${`{${ids.join(',')}}`}::text[]))
        where account_id = ${wa.owner.accountId} and system_kind is null`,
  );
  // Written around the service: the engine's kept rules are read again.
  await wa.ctx.app.platform.tenantCache.invalidate(wa.owner.accountId);
}

async function runsOf(ruleId: string, count = 1) {
  return until(async () => {
    const rows = await queryRows<{ status: string; reason: string | null; results: any[] }>(
      wa.ctx,
      sql`select status, reason, results from ${automationLog} where automation_id = ${ruleId} order by created_at`,
    );
    return rows.length >= count && rows.every((r) => !(r.status === 'waiting' && r.reason === 'running'))
      ? rows
      : null;
  }, 15_000);
}

const squash = (text: string) => text.replace(/\s+/g, '');
const newPhone = () => `55119${String(7100000 + ++phoneSeq).padStart(8, '0')}`;
const sendsTo = (phone: string) => wa.fake.sends.filter((s) => s.body.to === phone);
const textsTo = (phone: string) =>
  sendsTo(phone).map((s) => s.body.text?.body ?? s.body.interactive?.body?.text);

async function customerWrites(phone: string, text: string) {
  expect(await customerWritesOnWhatsApp(wa.ctx, wa.channel, phone, text)).toBe(200);
}

async function conversationOf(phone: string) {
  return until(async () => {
    const [row] = await queryRows<{ id: string; contact_id: string; stage: string }>(
      wa.ctx,
      sql`select c.id, c.contact_id, c.stage from conversations c join contacts k on k.id = c.contact_id
          where c.account_id = ${wa.owner.accountId} and k.phone like ${`%${phone.slice(-8)}`}
          order by c.created_at desc limit 1`,
    );
    return row;
  });
}

async function newTag(name: string, acc = wa.owner.accountId, token = wa.owner.token) {
  const res = await call('POST', '/p/chat/contact/tags', { body: { name, color: '#112233' }, acc, token });
  expect(res.statusCode).toBe(200);
  return res.body.data._id as string;
}

async function newContact(name: string) {
  const res = await call('POST', '/p/chat/contact', { body: { data: { name } } });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body.data._id as string;
}

async function notesOf(conversationId: string) {
  const rows = await queryRows<{ body: string }>(
    wa.ctx,
    sql`select body from messages where conversation_id = ${conversationId} and private order by id`,
  );
  return rows.map((r) => r.body);
}

describe('trigger: tag added', () => {
  it('fires when the named tag is added by an edit or a bulk change, not for other tags nor its own tag', async () => {
    const vip = await newTag('VIP');
    const lead = await newTag('Lead');
    const followUp = await newTag('Acompanhar');
    const id = await createRule({
      trigger: { type: 'contact.tag_added', tagIds: [vip] },
      actions: [
        { type: 'add_tag', tagId: followUp },
        { type: 'email', to: ['vendas@example.com'], subject: 'VIP: {{name}}', text: 'Novo VIP {{name}}' },
      ],
    });
    await onlyActive(id);
    const ana = await newContact('Ana Lima');
    // Another tag: evaluated, skipped.
    const edit = await call('PUT', `/p/chat/contact/${ana}`, { body: { data: { tags: [lead] } } });
    expect(edit.statusCode).toBe(200);
    expect((await runsOf(id))[0]).toMatchObject({ status: 'skipped', reason: 'conditionsNotMet' });
    // The VIP tag by an edit of the contact: fires (and its own added tag does not fire it again).
    await call('PUT', `/p/chat/contact/${ana}`, { body: { data: { tags: [lead, vip] } } });
    const runs = await runsOf(id, 2);
    expect(runs[1].status).toBe('fired');
    const mail = await until(
      async () => wa.ctx.smtp.messages.find((m) => m.subject === 'VIP: Ana Lima'),
      15_000,
    );
    expect(mail.to).toEqual(['vendas@example.com']);
    const contact = await call('GET', `/p/chat/contact/${ana}`);
    expect(contact.body.data.tags.sort()).toEqual([lead, vip, followUp].sort());
    // A bulk change adding VIP to two contacts fires once for each; one that already had it, not at all.
    const bia = await newContact('Bia Souza');
    const bulk = await call('POST', '/p/chat/contact/bulk/tags', { body: { ids: [ana, bia], add: [vip] } });
    expect(bulk.statusCode).toBe(200);
    await until(async () => wa.ctx.smtp.messages.some((m) => m.subject === 'VIP: Bia Souza'), 15_000);
    // Each fire's own tag ("Acompanhar") came back as a tag added: skipped by the loop guard.
    await runsOf(id, 5);
    const all = await queryRows<{ status: string; reason: string | null; contact_id: string }>(
      wa.ctx,
      sql`select status, reason, contact_id from ${automationLog} where automation_id = ${id} order by created_at`,
    );
    expect(all.filter((r) => r.reason !== 'ownAction').map((r) => [r.contact_id, r.status])).toEqual([
      [ana, 'skipped'],
      [ana, 'fired'],
      [bia, 'fired'],
    ]);
    expect(all.filter((r) => r.reason === 'ownAction').map((r) => r.contact_id)).toEqual([ana, bia]);
  });

  it("another account's tags never fire this account's rules", async () => {
    const mine = await newTag('Cliente');
    const id = await createRule({
      trigger: { type: 'contact.tag_added' },
      actions: [{ type: 'email', to: ['x@example.com'], subject: 'Etiqueta', text: 'ok' }],
    });
    await onlyActive(id);
    const theirTag = await newTag('Cliente', other.accountId, other.token);
    const theirs = await api(wa.ctx.app, 'POST', `/p/chat/contact?acc=${other.accountId}`, {
      token: other.token,
      body: { data: { name: 'Outro', tags: [theirTag] } },
    });
    expect(theirs.statusCode).toBe(200);
    await api(wa.ctx.app, 'POST', `/p/chat/contact/bulk/tags?acc=${other.accountId}`, {
      token: other.token,
      body: { ids: [theirs.body.data._id], add: [theirTag] },
    });
    const ana = await newContact('Carla');
    await call('POST', '/p/chat/contact/bulk/tags', { body: { ids: [ana], add: [mine] } });
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    const [row] = await queryRows<{ contact_id: string }>(
      wa.ctx,
      sql`select contact_id from ${automationLog} where automation_id = ${id}`,
    );
    expect(row.contact_id).toBe(ana);
    // Another account's tag cannot be named in a rule (not found, as any unknown id).
    const refused = await call('POST', '/p/automations', {
      body: {
        name: 'X',
        trigger: { type: 'contact.tag_added', tagIds: [theirTag] },
        actions: [{ type: 'note', text: 'x' }],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.fields?.[0]).toMatchObject({ path: 'trigger.tagIds', key: 'invalid' });
  });
});

describe('trigger: campaign reply', () => {
  it("a customer's reply to a campaign message fires the rule on the conversation", async () => {
    const id = await createRule({
      trigger: { type: 'campaign.replied' },
      actions: [{ type: 'send_message', text: 'Obrigado por responder, {{firstName}}!' }],
    });
    const other = await createRule({
      trigger: { type: 'message.received' },
      conditions: {
        match: 'all',
        groups: [{ match: 'all', conditions: [{ field: 'origin', op: 'in', values: ['campaign'] }] }],
      },
      actions: [{ type: 'note', text: 'veio da campanha' }],
    });
    await onlyActive(id, other);
    const template = await insertApprovedTemplate(wa.ctx, wa.owner.accountId, wa.channel.id);
    const draft = await call('POST', '/p/campaigns', {
      body: {
        type: 'whatsapp',
        name: 'Ofertas',
        description: 'Ofertas',
        channelId: wa.channel.id,
        templateId: template,
        mapping: [
          { kind: 'field', field: 'firstName' },
          { kind: 'column', column: 'pedido' },
        ],
      },
    });
    expect(draft.statusCode, JSON.stringify(draft.body)).toBe(200);
    const campaign = draft.body.data._id;
    await uploadCsv(
      wa.ctx,
      wa.owner.token,
      wa.owner.accountId,
      campaign,
      'nome;telefone;pedido\nRita Souza;11 97777-7001;R1\n',
    );
    expect(
      (await call('POST', `/p/campaigns/${campaign}/start`, { body: { consentAccepted: true } })).statusCode,
    ).toBe(200);
    await until(
      async () => (await call('GET', `/p/campaigns/${campaign}`)).body.data.status === 'finished',
      20_000,
    );
    const phone = '5511977777001';
    await customerWrites(phone, 'Quero saber mais');
    const [run] = await runsOf(id);
    expect(run.status).toBe('fired');
    await until(async () => textsTo(phone).includes('Obrigado por responder, Rita!'));
    // A second message of the same customer is no new campaign reply.
    await customerWrites(phone, 'Alô?');
    await runsOf(other, 2);
    expect(await runsOf(id)).toHaveLength(1);
    expect(textsTo(phone).filter((t) => t === 'Obrigado por responder, Rita!')).toHaveLength(1);
  });
});

/** The account's one bot (the Pro plan allows one): the chatbot action's, later deleted. */
let botId: string;

describe('action: start a chatbot', () => {
  it("hands the conversation to a published bot, which greets the customer; another account's bot is refused", async () => {
    const bot = await publishedBot(wa.ctx, wa.owner, [], menuFlow());
    botId = bot;
    const id = await createRule({
      trigger: { type: 'message.received' },
      conditions: {
        match: 'all',
        groups: [{ match: 'all', conditions: [{ field: 'messageText', op: 'contains', value: 'robô' }] }],
      },
      actions: [{ type: 'start_chatbot', chatbotId: bot }],
    });
    await onlyActive(id);
    const phone = newPhone();
    await customerWrites(phone, 'quero falar com o robô');
    expect((await runsOf(id))[0]).toMatchObject({
      status: 'fired',
      results: [{ type: 'start_chatbot', status: 'done' }],
    });
    await until(async () => textsTo(phone).length >= 2);
    expect(textsTo(phone)).toEqual(['Olá, Rita! Sou o robô.', 'Com qual área?']);
    const conversation = await conversationOf(phone);
    expect(conversation.stage).toBe('flow');
    // In the flow already: a second fire changes nothing.
    await customerWrites(phone, 'robô de novo');
    const runs = await runsOf(id, 2);
    expect(runs[1].results).toEqual([{ type: 'start_chatbot', status: 'skipped', detail: null }]);

    // Another account's bot cannot be named in a rule.
    const theirs = await api(wa.ctx.app, 'POST', `/p/chatbots?acc=${other.accountId}`, {
      token: other.token,
      body: { name: 'X', type: 'flow' },
    });
    const refused = await call('POST', '/p/automations', {
      body: {
        name: 'X',
        trigger: { type: 'message.received' },
        actions: [{ type: 'start_chatbot', chatbotId: theirs.body.data._id }],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.fields?.[0]).toMatchObject({ path: 'actions.0.chatbotId', key: 'invalid' });
  });
});

describe('action: assign to an operator', () => {
  it("names one of the account's members: another account's user or a non-id is refused on save", async () => {
    const rule = (operatorId: string) => ({
      body: {
        name: 'Atribuir',
        trigger: { type: 'conversation.opened' },
        actions: [{ type: 'assign', operatorId, departmentId: null }],
      },
    });
    for (const operatorId of ['abc', other.userId]) {
      const refused = await call('POST', '/p/automations', rule(operatorId));
      expect(refused.statusCode, operatorId).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'actions.0.operatorId', key: 'invalid', message: 'Invalid value' }],
      });
    }
    const saved = await call('POST', '/p/automations', rule(team.operator.userId));
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    await onlyActive();
    const edited = await call('PUT', `/p/automations/${saved.body.data._id}`, rule('abc'));
    expect(edited.statusCode).toBe(400);
    expect(edited.body.fields?.[0]?.path).toBe('actions.0.operatorId');
  });
});

describe('action: send a satisfaction survey', () => {
  it('asks the survey in the conversation; with surveys off the run says why and the rule stays on', async () => {
    const id = await createRule({
      trigger: { type: 'message.received' },
      conditions: {
        match: 'all',
        groups: [{ match: 'all', conditions: [{ field: 'messageText', op: 'contains', value: 'avaliar' }] }],
      },
      actions: [{ type: 'send_survey' }],
    });
    await onlyActive(id);
    const off = newPhone();
    await customerWrites(off, 'quero avaliar');
    expect((await runsOf(id))[0]).toMatchObject({ status: 'error', reason: 'SURVEYS_DISABLED' });
    expect((await call('GET', `/p/automations/${id}`)).body.data.active).toBe(true);
    // The list does not read 'Last run: never' beside 'Errors: 1': a run that ended in error ran.
    const listed = (await call('GET', '/p/automations')).body.data.items.find((r: any) => r._id === id);
    expect(listed).toMatchObject({ fires7d: 0, errors7d: 1 });
    expect(listed.lastFiredAt).not.toBeNull();

    const settings = await call('PUT', '/p/surveys/settings', {
      body: { enabled: true, intervalDays: 0, type: 'csat', lang: 'pt-BR' },
    });
    expect(settings.statusCode, JSON.stringify(settings.body)).toBe(200);
    const phone = newPhone();
    await customerWrites(phone, 'posso avaliar?');
    const runs = await runsOf(id, 2);
    expect(runs[1]).toMatchObject({ status: 'fired', results: [{ type: 'send_survey', status: 'done' }] });
    const question = await until(async () => sendsTo(phone).find((s) => s.body.type === 'interactive'));
    expect(question.body.interactive.body.text).toContain('Como você avalia o nosso atendimento?');
    const conversation = await conversationOf(phone);
    const [survey] = await queryRows<{ trigger: string }>(
      wa.ctx,
      sql`select trigger from survey_requests where conversation_id = ${conversation.id}`,
    );
    expect(survey.trigger).toBe('automation');
  });
});

describe('deleted references', () => {
  it('a deleted department turns its rules off at once; the admins get an e-mail; the list shows why', async () => {
    const department = await createDepartment(wa.ctx, wa.owner, 'Financeiro');
    const id = await createRule({
      name: 'Para o financeiro',
      trigger: { type: 'message.received' },
      actions: [{ type: 'assign', departmentId: department }],
    });
    const untouched = await createRule({
      name: 'Sem departamento',
      trigger: { type: 'message.received' },
      actions: [{ type: 'note', text: 'ok' }],
    });
    await onlyActive(id, untouched);
    const removed = await call('DELETE', `/p/chat/departments/${department}`);
    expect(removed.statusCode).toBe(200);
    const mails = await until(async () => {
      const found = wa.ctx.smtp.messages.filter((m) => squash(m.subject).includes('Paraofinanceiro'));
      return found.length >= 2 ? found : null;
    }, 15_000);
    // The owner (master) and the admin; not the manager nor the operator.
    expect(mails.flatMap((m) => m.to).sort()).toEqual([wa.owner.email, team.admin.email].sort());
    // (The test mailbox splits long encoded subjects with spaces: compared without them.)
    expect(squash(mails[0].subject)).toBe(
      squash('Automação desativada: Para o financeiro / Automation turned off: Para o financeiro'),
    );
    expect(mails[0].text).toContain('um departamento que ela usa foi excluído');
    expect(mails[0].text).toContain('a department it uses was deleted');
    expect(mails[0].text).toContain(`/apps/automation/${id}?acc=${wa.owner.accountId}`);
    const list = await call('GET', '/p/automations');
    const item = list.body.data.items.find((r: { _id: string }) => r._id === id);
    expect(item).toMatchObject({ active: false, disabledReason: 'departmentDeleted' });
    expect(list.body.data.items.find((r: { _id: string }) => r._id === untouched).active).toBe(true);
    // Turned on again it is checked again when it runs: still off, no second e-mail per run.
    await call('PUT', `/p/automations/${id}/active`, { body: { active: true } });
    await customerWrites(newPhone(), 'oi');
    expect((await runsOf(id))[0]).toMatchObject({ status: 'skipped', reason: 'departmentDeleted' });
    expect((await call('GET', `/p/automations/${id}`)).body.data).toMatchObject({
      active: false,
      disabledReason: 'departmentDeleted',
    });
  });

  it('a deleted bot turns its rules off at once; turned on again, it stops before any action', async () => {
    const bot = botId;
    const id = await createRule({
      name: 'Robô apagado',
      trigger: { type: 'message.received' },
      actions: [
        { type: 'note', text: 'antes do robô' },
        { type: 'start_chatbot', chatbotId: bot },
      ],
    });
    await onlyActive(id);
    expect((await call('DELETE', `/p/chatbots/${bot}`)).statusCode).toBe(200);
    const mail = await until(
      async () =>
        wa.ctx.smtp.messages.find(
          (m) => squash(m.subject).includes('Robôapagado') && m.to.includes(wa.owner.email),
        ),
      15_000,
    );
    expect(mail.text).toContain('a chatbot it uses was deleted');
    const got = await call('GET', `/p/automations/${id}`, { lang: 'pt-BR' });
    expect(got.body.data).toMatchObject({ active: false, disabledReason: 'chatbotDeleted' });
    // Turned on again, the run checks its references before any action.
    await call('PUT', `/p/automations/${id}/active`, { body: { active: true } });
    const phone = newPhone();
    await customerWrites(phone, 'oi');
    expect((await runsOf(id))[0]).toMatchObject({ status: 'skipped', reason: 'chatbotDeleted', results: [] });
    expect(await notesOf((await conversationOf(phone)).id)).not.toContain('antes do robô');
  });

  it("a deleted tag or WhatsApp template turns off the rules that name it at once, not the others'", async () => {
    const gone = await newTag('Apagar');
    const kept = await newTag('Manter');
    const template = await insertApprovedTemplate(wa.ctx, wa.owner.accountId, wa.channel.id);
    const byTag = await createRule({
      name: 'Etiqueta apagada',
      trigger: { type: 'contact.tag_added', tagIds: [kept] },
      actions: [{ type: 'add_tag', tagId: gone }],
    });
    const byCondition = await createRule({
      name: 'Condição com etiqueta',
      trigger: { type: 'message.received' },
      conditions: {
        match: 'all',
        groups: [{ match: 'all', conditions: [{ field: 'tags', op: 'has_any', values: [gone] }] }],
      },
      actions: [{ type: 'note', text: 'ok' }],
    });
    const byTemplate = await createRule({
      name: 'Modelo apagado',
      trigger: { type: 'message.received' },
      actions: [{ type: 'send_template', templateId: template, variables: ['{{firstName}}', 'amanhã'] }],
    });
    const untouched = await createRule({
      name: 'Outra etiqueta',
      trigger: { type: 'message.received' },
      actions: [{ type: 'add_tag', tagId: kept }],
    });
    await onlyActive(byTag, byCondition, byTemplate, untouched);
    // Another account deleting its own tag changes nothing here.
    const foreign = await newTag('Alheia', other.accountId, other.token);
    const foreignDel = await call('DELETE', `/p/chat/contact/tags/${foreign}`, {
      acc: other.accountId,
      token: other.token,
    });
    expect(foreignDel.statusCode).toBe(200);
    // Deleting this account's tag from the other account is refused and changes nothing.
    const cross = await call('DELETE', `/p/chat/contact/tags/${gone}`, {
      acc: other.accountId,
      token: other.token,
    });
    expect(cross.statusCode).toBe(404);

    expect((await call('DELETE', `/p/chat/contact/tags/${gone}`)).statusCode).toBe(200);
    const state = async () => {
      const items = (await call('GET', '/p/automations')).body.data.items as Array<{
        _id: string;
        active: boolean;
        disabledReason: string | null;
      }>;
      return Object.fromEntries(items.map((r) => [r._id, { active: r.active, reason: r.disabledReason }]));
    };
    const afterTag = await until(async () => {
      const now = await state();
      return !now[byTag].active && !now[byCondition].active ? now : null;
    }, 15_000);
    expect(afterTag[byTag]).toEqual({ active: false, reason: 'tagDeleted' });
    expect(afterTag[byCondition]).toEqual({ active: false, reason: 'tagDeleted' });
    expect(afterTag[byTemplate].active).toBe(true);
    expect(afterTag[untouched].active).toBe(true);
    const tagMails = await until(async () => {
      const found = wa.ctx.smtp.messages.filter((m) => squash(m.subject).includes('Etiquetaapagada'));
      return found.length >= 2 ? found : null;
    }, 15_000);
    expect(tagMails.flatMap((m) => m.to).sort()).toEqual([wa.owner.email, team.admin.email].sort());
    expect(tagMails[0].text).toContain('uma etiqueta que ela usa foi excluída');
    expect(tagMails[0].text).toContain('a tag it uses was deleted');

    expect((await call('DELETE', `/p/chat/templates/${template}`)).statusCode).toBe(200);
    const afterTemplate = await until(async () => {
      const now = await state();
      return now[byTemplate].active ? null : now;
    }, 15_000);
    expect(afterTemplate[byTemplate]).toEqual({ active: false, reason: 'templateDeleted' });
    expect(afterTemplate[untouched].active).toBe(true);
    const templateMail = await until(
      async () =>
        wa.ctx.smtp.messages.find(
          (m) => squash(m.subject).includes('Modeloapagado') && m.to.includes(wa.owner.email),
        ),
      15_000,
    );
    expect(templateMail.text).toContain('a WhatsApp template it uses was deleted');
    // Once per rule: no second e-mail for a rule already off.
    expect(wa.ctx.smtp.messages.filter((m) => squash(m.subject).includes('Etiquetaapagada'))).toHaveLength(2);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/db/columns';
import { FakeWhatsApp } from '../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { seedConversation } from '../inbox/testing/inbox.testing';
import {
  customerWritesOnWhatsApp,
  insertSmsChannel,
  insertWhatsAppChannel,
  type TTestChannel,
} from '../inbox/testing/intake.testing';
import { automationLog } from './automations.testing';

/**
 * The automation action "send a WhatsApp template": variables filled from the message variables,
 * the template sent once even when the action is retried, skipped with its reason off WhatsApp,
 * and the rule turned off when its template was deleted.
 */
let ctx: TTestApp;
let fake: FakeWhatsApp;
let owner: TSignedUp;
let whatsapp: TTestChannel;
let sms: TTestChannel;
let templateId: string;

beforeAll(async () => {
  fake = new FakeWhatsApp();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await fake.start() });
  owner = await signUp(ctx, { plan: 'pro' });
  whatsapp = await insertWhatsAppChannel(ctx, owner.accountId);
  sms = await insertSmsChannel(ctx, owner.accountId);
  await queryRows(ctx, sql`update accounts set automation_limit = 50 where id = ${owner.accountId}`);
  await ctx.app.platform.tenantCache.invalidate(owner.accountId);
  templateId = newId();
  await queryRows(
    ctx,
    sql`insert into message_templates (id, account_id, channel_id, name, language, category, body, status)
        values (${templateId}, ${owner.accountId}, ${whatsapp.id}, 'retorno', 'pt_BR', 'UTILITY',
          'Olá {{1}}, retornamos {{2}}.', 'approved')`,
  );
});

afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

async function createRule(actions: unknown[]) {
  const res = await api(ctx.app, 'POST', `/p/automations?acc=${owner.accountId}`, {
    token: owner.token,
    body: { name: 'Modelo', trigger: { type: 'message.received' }, actions },
  });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  const id = res.body.data._id as string;
  await queryRows(
    ctx,
    sql`update automations set active = (id::text = ${id}) where account_id = ${owner.accountId} and system_kind is null`,
  );
  // Written around the service: the engine's kept rules are read again.
  await ctx.app.platform.tenantCache.invalidate(owner.accountId);
  return id;
}

async function runsOf(ruleId: string) {
  return until(async () => {
    const rows = await queryRows<{
      id: string;
      status: string;
      reason: string | null;
      results: any[];
      key: string;
    }>(
      ctx,
      sql`select id, status, reason, results, key from ${automationLog} where automation_id = ${ruleId} order by created_at`,
    );
    return rows.length > 0 && rows.every((r) => !(r.status === 'waiting' && r.reason === 'running'))
      ? rows
      : null;
  }, 15_000);
}

const engine = () => ctx.app.services.automationEngine;
const templatesTo = (to: string) => fake.sends.filter((s) => s.body.to === to && s.body.type === 'template');

describe('automation action: send a WhatsApp template', () => {
  it('sends the template with the variables filled; a retried action sends it once', async () => {
    const id = await createRule([
      { type: 'send_template', templateId, variables: ['{{firstName}}', 'amanhã'] },
    ]);
    const phone = '5511940005001';
    expect(await customerWritesOnWhatsApp(ctx, whatsapp, phone, 'oi')).toBe(200);
    const [run] = await runsOf(id);
    expect(run).toMatchObject({
      status: 'fired',
      results: [{ type: 'send_template', status: 'done', detail: null }],
    });
    await until(async () => templatesTo(phone).length > 0);
    expect(templatesTo(phone)[0].body.template).toEqual({
      name: 'retorno',
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Rita' },
            { type: 'text', text: 'amanhã' },
          ],
        },
      ],
    });

    // The action again, as after a crash between the send and its record: nothing new goes out.
    await queryRows(
      ctx,
      sql`update automation_runs set status = 'waiting', reason = 'running', next_step = 0, results = '[]'::jsonb
          where id = ${run.id}`,
    );
    const [conversation] = await queryRows<{ id: string; contact_id: string }>(
      ctx,
      sql`select c.id, c.contact_id from conversations c join contacts k on k.id = c.contact_id
          where c.account_id = ${owner.accountId} and k.phone = ${`+${phone}`}`,
    );
    const [rule] = await engine().rulesFor(owner.accountId, ['message.received']);
    await engine().runRule(
      rule,
      {
        accountId: owner.accountId,
        trigger: 'message.received',
        key: run.key,
        at: new Date(),
        conversationId: conversation.id,
        contactId: conversation.contact_id,
        messageText: 'oi',
      },
      'America/Sao_Paulo',
    );
    expect((await runsOf(id))[0].status).toBe('fired');
    const stored = await queryRows<{ body: string }>(
      ctx,
      sql`select body from messages where conversation_id = ${conversation.id} and kind = 'template'`,
    );
    expect(stored).toEqual([{ body: 'Olá Rita, retornamos amanhã.' }]);
    await until(async () => {
      const [m] = await queryRows<{ ack: number }>(
        ctx,
        sql`select ack from messages where conversation_id = ${conversation.id} and kind = 'template'`,
      );
      return m.ack === 1;
    });
    expect(templatesTo(phone)).toHaveLength(1);
  });

  it('off WhatsApp the step is skipped with the reason and the next actions run', async () => {
    const id = await createRule([
      { type: 'send_template', templateId, variables: ['{{firstName}}', 'amanhã'] },
      { type: 'note', text: 'Depois do modelo' },
    ]);
    const conv = await seedConversation(ctx, owner.accountId, {
      channelId: sms.id,
      phone: '+5511940005002',
      name: 'Bia',
      stage: 'waiting',
    });
    await engine().dispatch({
      accountId: owner.accountId,
      trigger: 'message.received',
      key: `sms-${conv.conversationId}`,
      at: new Date(),
      conversationId: conv.conversationId,
      contactId: conv.contactId,
      messageText: 'oi',
    });
    const [run] = await runsOf(id);
    expect(run).toMatchObject({
      status: 'fired',
      results: [
        { type: 'send_template', status: 'skipped', detail: 'TEMPLATE_CHANNEL_NOT_SUPPORTED' },
        { type: 'note', status: 'done', detail: null },
      ],
    });
    const messages = await queryRows<{ private: boolean; body: string }>(
      ctx,
      sql`select private, body from messages where conversation_id = ${conv.conversationId}`,
    );
    expect(messages).toEqual([{ private: true, body: 'Depois do modelo' }]);
  });

  it('a conversation on another WhatsApp number is skipped (the template is of its own number); the rule stays on', async () => {
    const id = await createRule([
      { type: 'send_template', templateId, variables: ['{{firstName}}', 'amanhã'] },
    ]);
    const otherNumber = await insertWhatsAppChannel(ctx, owner.accountId);
    const conv = await seedConversation(ctx, owner.accountId, {
      channelId: otherNumber.id,
      phone: '+5511940005003',
      stage: 'waiting',
    });
    await engine().dispatch({
      accountId: owner.accountId,
      trigger: 'message.received',
      key: `other-${conv.conversationId}`,
      at: new Date(),
      conversationId: conv.conversationId,
      contactId: conv.contactId,
      messageText: 'oi',
    });
    const [run] = await runsOf(id);
    expect(run).toMatchObject({
      status: 'fired',
      results: [{ type: 'send_template', status: 'skipped', detail: 'TEMPLATE_NOT_FOUND' }],
    });
    const [rule] = await queryRows<{ active: boolean }>(
      ctx,
      sql`select active from automations where id = ${id}`,
    );
    expect(rule.active).toBe(true);
  });
});

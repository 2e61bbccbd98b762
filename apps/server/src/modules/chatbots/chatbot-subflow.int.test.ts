import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWhatsApp } from '../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import {
  customerWritesOnWhatsApp,
  insertWhatsAppChannel,
  type TTestChannel,
} from '../inbox/testing/intake.testing';
import { publishedBot } from './testing/chatbots.testing';

/**
 * Sub-flows ("run group" blocks) through the real runtime: the main group runs "Ask e-mail" as a
 * sub-flow (its input waits for the customer across turns, the return stack stored with the
 * session), comes back after the call, then runs "Goodbye" from inside another sub-flow, whose
 * transfer hands the conversation over.
 */
const subflowBot = {
  version: 1,
  variables: [{ id: 'v-mail', name: 'mail' }],
  events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
  groups: [
    {
      id: 'g-main',
      title: 'Início',
      position: { x: 0, y: 0 },
      blocks: [
        { id: 'hello', type: 'text', text: 'Olá! Vamos começar.' },
        { id: 'call-ask', type: 'call', groupId: 'g-ask' },
        { id: 'back', type: 'text', text: 'De volta ao início: {{mail}}.' },
        { id: 'call-bye', type: 'call', groupId: 'g-bye' },
        { id: 'never', type: 'text', text: 'Nunca enviado.' },
      ],
    },
    {
      id: 'g-ask',
      title: 'Pedir e-mail',
      position: { x: 400, y: 0 },
      blocks: [
        {
          id: 'ask',
          type: 'email_input',
          prompt: 'Qual é o seu e-mail?',
          variableId: 'v-mail',
          retryMessage: 'E-mail inválido.',
        },
        { id: 'noted', type: 'text', text: 'Anotado.' },
      ],
    },
    {
      id: 'g-bye',
      title: 'Despedida',
      position: { x: 400, y: 200 },
      blocks: [
        { id: 'bye', type: 'text', text: 'Vou te passar para a equipe.' },
        { id: 'handover', type: 'transfer' },
      ],
    },
  ],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g-main' } }],
};

let ctx: TTestApp;
let fake: FakeWhatsApp;
let owner: TSignedUp;
let channel: TTestChannel;

beforeAll(async () => {
  fake = new FakeWhatsApp();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await fake.start() });
  owner = await signUp(ctx, { plan: 'pro' });
  channel = await insertWhatsAppChannel(ctx, owner.accountId);
  await publishedBot(ctx, owner, [channel.id], subflowBot);
});

afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

const textsTo = (to: string) =>
  fake.sends
    .filter((s) => s.body.to === to)
    .map((s) => (s.body.text?.body ?? s.body.interactive?.body?.text) as string);

async function writes(from: string, text: string) {
  expect(await customerWritesOnWhatsApp(ctx, channel, from, text)).toBe(200);
}

async function conversationOf(phone: string) {
  const [row] = await queryRows<{ id: string; stage: string }>(
    ctx,
    sql`select c.id, c.stage from conversations c join contacts k on k.id = c.contact_id
        where c.account_id = ${owner.accountId} and k.phone = ${`+${phone}`} order by c.created_at desc limit 1`,
  );
  return row;
}

async function sessionOf(conversationId: string) {
  const [row] = await queryRows<{ status: string; state: { stack?: unknown; at: unknown } }>(
    ctx,
    sql`select status, state from chatbot_sessions where conversation_id = ${conversationId}
        order by created_at desc limit 1`,
  );
  return row;
}

describe('run group (sub-flow) blocks on WhatsApp', () => {
  it('runs the called group, waits for its input across turns, comes back after the call and hands over from a nested transfer', async () => {
    const phone = '5511970002001';
    await writes(phone, 'oi');
    await until(async () => textsTo(phone).length >= 2);
    expect(textsTo(phone)).toEqual(['Olá! Vamos começar.', 'Qual é o seu e-mail?']);
    const { id } = await conversationOf(phone);
    // Waiting inside the sub-flow: the call to come back to is stored with the session.
    expect(await sessionOf(id)).toMatchObject({
      status: 'active',
      state: { at: { blockId: 'ask', kind: 'input' }, stack: [{ blockId: 'call-ask' }] },
    });

    await writes(phone, 'nope');
    await until(async () => textsTo(phone).length >= 3);
    expect(textsTo(phone).slice(2)).toEqual(['E-mail inválido.']);

    await writes(phone, 'rita@example.com');
    await until(async () => (await conversationOf(phone)).stage === 'waiting');
    await until(async () => textsTo(phone).length >= 6);
    expect(textsTo(phone).slice(3)).toEqual([
      'Anotado.',
      'De volta ao início: rita@example.com.',
      'Vou te passar para a equipe.',
    ]);
    // The session is stored at the end of the turn, after its effects (the hand-over) took place.
    await until(async () => (await sessionOf(id)).status !== 'active');
    expect((await sessionOf(id)).status).toBe('transferred');

    // The operators see the conversation in the waiting tab now.
    const waiting = await api(
      ctx.app,
      'GET',
      `/p/chat/conversation/list?acc=${owner.accountId}&tab=waiting`,
      { token: owner.token },
    );
    expect(waiting.statusCode).toBe(200);
    expect(JSON.stringify(waiting.body.data)).toContain(id);
  });

  it('a draft where a group runs itself cannot be published: the issue points at the block', async () => {
    const acc = `?acc=${owner.accountId}`;
    const bots = await api(ctx.app, 'GET', `/p/chatbots${acc}`, { token: owner.token });
    const botId = bots.body.data[0]._id as string;
    const selfCall = structuredClone(subflowBot);
    (selfCall.groups[1].blocks as unknown[]).push({ id: 'again', type: 'call', groupId: 'g-ask' });
    const saved = await api(ctx.app, 'PUT', `/p/chatbots/${botId}/draft${acc}`, {
      token: owner.token,
      body: selfCall,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data.issues).toEqual([
      { code: 'call_self', path: ['groups', 1, 'blocks', 2, 'groupId'], blockId: 'again' },
    ]);
    const published = await api(ctx.app, 'POST', `/p/chatbots/${botId}/publish${acc}`, {
      token: owner.token,
    });
    expect(published.statusCode).toBe(422);
    expect(published.body.code).toBe('CHATBOT_FLOW_INVALID');
    expect((published.body as unknown as { details: { issues: unknown } }).details.issues).toEqual(
      saved.body.data.issues,
    );
  });
});

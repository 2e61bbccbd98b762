import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWebhookReceiver } from '../../testing/fake-webhook-receiver';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, uniqueIp, until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { automationLog } from '../automations/automations.testing';
import {
  connectAgent,
  connectVisitor,
  createChannel,
  visitorSession,
  webchatBody,
  withAcc,
} from '../inbox/testing/inbox.testing';
import { type ChatClient, listen } from '../team-chat/team-chat.testing';
import { publishedBot } from './testing/chatbots.testing';

/**
 * The editor's live test leaves no trace in the product (conversations.test, isTestEvent): its
 * conversation is in no inbox tab, count, search nor catch-up, reaches no operator's socket, its
 * bot's close asks no survey, and no automation, outbound webhook nor dashboard roll-up sees it —
 * while a real visitor's conversation with the same bot still does all of these.
 */

let ctx: TTestApp;
let baseUrl: string;
let owner: TSignedUp;
let slug: string;
let botId: string;
let ruleId: string;
let tagId: string;
let agent: ChatClient;
const receiver = new FakeWebhookReceiver();
const clients: ChatClient[] = [];

/** Tags the visitor, asks the order number, thanks and closes (a close block: the survey's trigger). */
const flow = (tagId: string) => ({
  version: 1,
  variables: [{ id: 'v-order', name: 'pedido' }],
  events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
  groups: [
    {
      id: 'g1',
      title: 'Início',
      position: { x: 100, y: 0 },
      blocks: [
        { id: 'tag', type: 'add_tag', tagId },
        { id: 'ask', type: 'text_input', prompt: 'Qual é o número do pedido?', variableId: 'v-order' },
        { id: 'thanks', type: 'text', text: 'Obrigado! Até logo.' },
        { id: 'close', type: 'close' },
      ],
    },
  ],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
});

const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
  api(ctx.app, method, withAcc(path, owner.accountId), { token: owner.token, body, lang: 'en' });

/** Every conversation id the inbox's lists, search and catch-up show the owner (a manager). */
async function listedIds(search: string) {
  const ids = new Set<string>();
  for (const tab of ['flow', 'waiting', 'attendance', 'hold', 'closed'])
    for (const scope of ['mine', 'all']) {
      for (const q of [`tab=${tab}&scope=${scope}`, `tab=${tab}&scope=${scope}&search=${search}`]) {
        const res = await call('GET', `/p/chat/conversation/list?${q}`);
        expect(res.statusCode).toBe(200);
        for (const c of res.body.data.items) ids.add(c._id);
      }
    }
  const since = await call('GET', '/p/chat/conversation/updated?since=2000-01-01T00:00:00.000Z');
  expect(since.statusCode).toBe(200);
  for (const c of since.body.data.items) ids.add(c._id);
  return ids;
}

const counts = async () => (await call('GET', `/p/chat/inbox/${owner.accountId}`)).body.data.counts;

const surveyOf = async (conversationId: string) =>
  (
    await queryRows<{ status: string }>(
      ctx,
      sql`select status from survey_requests where conversation_id = ${conversationId}`,
    )
  )[0];

const runsOf = (conversationId: string) =>
  queryRows<{ status: string }>(
    ctx,
    sql`select status from ${automationLog} where automation_id = ${ruleId} and conversation_id = ${conversationId}`,
  );

/** Webhook events written for the conversation (the transaction that emits them writes them). */
const webhookEventsOf = async (conversationId: string) =>
  (
    await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from webhook_events
          where account_id = ${owner.accountId} and payload->'data'->>'conversationId' = ${conversationId}`,
    )
  )[0].n;

const hooksOf = (conversationId: string) =>
  receiver.received.filter((r) => r.json.data?.conversationId === conversationId).map((r) => r.json.event);

/** A visitor (a test's or a real one) says hello, gives the order number and is closed by the bot. */
async function chatToTheClose(visitor: ChatClient, during?: (conversationId: string) => Promise<void>) {
  const said = await visitor.call('message' as never, { id: 'm1', text: 'oi' });
  expect(said.status).toBe(1);
  const conversationId = said.data.conversationId as string;
  await visitor.waitFor('message', (m: { body: string }) => m.body === 'Qual é o número do pedido?');
  await during?.(conversationId);
  expect((await visitor.call('message' as never, { id: 'm2', text: '1234' })).status).toBe(1);
  await visitor.waitFor('message', (m: { body: string }) => m.body === 'Obrigado! Até logo.');
  await until(async () => {
    const [row] = await queryRows<{ stage: string }>(
      ctx,
      sql`select stage from conversations where id = ${conversationId}`,
    );
    return row.stage === 'closed';
  });
  return conversationId;
}

beforeAll(async () => {
  await receiver.start();
  ctx = await startTestApp();
  baseUrl = await listen(ctx);
  owner = await signUp(ctx, { plan: 'pro' });
  const channel = await createChannel(ctx, owner, webchatBody('Site'));
  slug = channel.externalId;
  const tag = await call('POST', '/p/chat/contact/tags', { name: 'Lead do bot' });
  expect(tag.statusCode, JSON.stringify(tag.body)).toBe(200);
  tagId = tag.body.data._id;
  botId = await publishedBot(ctx, owner, [channel._id], flow(tagId));
  // Surveys asked on a close (a bot's close counts as an operator's), every time.
  expect(
    (await call('PUT', '/p/surveys/settings', { enabled: true, intervalDays: 0, onOperatorClose: true }))
      .statusCode,
  ).toBe(200);
  // "A conversation opened → a note" and an endpoint subscribed to the conversation events.
  const rule = await call('POST', '/p/automations', {
    name: 'Abertura',
    trigger: { type: 'conversation.opened' },
    conditions: { match: 'all', groups: [] },
    actions: [{ type: 'note', text: 'Conversa aberta' }],
  });
  expect(rule.statusCode, JSON.stringify(rule.body)).toBe(200);
  ruleId = rule.body.data._id;
  expect((await call('POST', '/p/apps/installs', { app: 'webhooks' })).statusCode).toBe(200);
  const endpoint = await call('POST', '/p/apps/webhooks/endpoints', {
    url: receiver.url,
    events: ['conversation.opened', 'conversation.closed', 'message.created', 'message.status'],
  });
  expect(endpoint.statusCode, JSON.stringify(endpoint.body)).toBe(200);
  agent = await connectAgent(baseUrl, { userId: owner.userId, token: owner.token }, owner.accountId);
  clients.push(agent);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await ctx?.close();
  await receiver.stop();
});

describe("the editor's live test leaves no trace in the product", () => {
  it('a test is in no inbox tab, count, search nor socket; its close asks no survey; no automation, webhook or roll-up sees it', async () => {
    const countsBefore = await counts();
    const test = await call('POST', `/p/chatbots/${botId}/test`);
    expect(test.statusCode, JSON.stringify(test.body)).toBe(200);
    const tester = await connectVisitor(baseUrl, test.body.data.slug, test.body.data.token);
    clients.push(tester);
    let search = '';
    const testId = await chatToTheClose(tester, async (conversationId) => {
      // During the test (the bot waits for the order number): not in "Com o bot" nor anywhere,
      // not even searched by the test visitor's name or listed as their contact's history.
      const contact = await contactOf(conversationId);
      search = encodeURIComponent(contact.name);
      expect((await listedIds(search)).has(conversationId)).toBe(false);
      const byContact = await call('GET', `/p/chat/conversation/list?contactId=${contact.id}`);
      expect(byContact.statusCode).toBe(200);
      expect(byContact.body.data.items).toEqual([]);
      expect(await counts()).toEqual(countsBefore);
    });
    // After the test (closed by the bot): not in "Encerradas" nor anywhere, and no survey.
    expect((await listedIds(search)).has(testId)).toBe(false);
    expect(await counts()).toEqual(countsBefore);

    // A real visitor of the same bot, afterwards: all of it happens for them…
    const session = await visitorSession(ctx, slug, {}, uniqueIp()['x-forwarded-for']);
    const customer = await connectVisitor(baseUrl, slug, session.token);
    clients.push(customer);
    const realId = await chatToTheClose(customer);
    await until(async () => (await surveyOf(realId)) !== undefined);
    await until(async () => (await runsOf(realId)).some((r) => r.status === 'fired'));
    await until(async () => {
      const hooks = hooksOf(realId);
      return hooks.includes('conversation.opened') && hooks.includes('conversation.closed');
    });
    expect((await listedIds(encodeURIComponent(session.visitor.name))).has(realId)).toBe(true);
    expect(agent.events.some((e) => JSON.stringify(e.payload).includes(realId))).toBe(true);

    // …and none of it for the test.
    expect(await surveyOf(testId)).toBeUndefined();
    expect(tester.events.filter((e) => e.event === 'message').map((e: any) => e.payload.body)).toEqual([
      'Qual é o número do pedido?',
      'Obrigado! Até logo.',
    ]);
    expect(await runsOf(testId)).toEqual([]);
    expect(await webhookEventsOf(testId)).toBe(0);
    expect(hooksOf(testId)).toEqual([]);
    expect(agent.events.some((e) => JSON.stringify(e.payload).includes(testId))).toBe(false);
    const [rows] = await queryRows<{ test: boolean; counted: boolean }>(
      ctx,
      sql`select test, counted from conversations where id = ${testId}`,
    );
    expect(rows).toEqual({ test: true, counted: false });
  });
});

describe("the editor's live test's visitor is not a customer (contacts.test)", () => {
  it('is in no contacts list, search or count; contact events reach no automation nor webhook; the live dashboard leaves the open test out', async () => {
    const contactRuns = await contactRule({ type: 'contact.created' });
    const endpoint = await call('POST', '/p/apps/webhooks/endpoints', {
      url: `${receiver.url}/contacts`,
      events: ['contact.created', 'contact.updated'],
    });
    expect(endpoint.statusCode, JSON.stringify(endpoint.body)).toBe(200);
    const contactHooks = (contactId: string) =>
      receiver.received.filter((r) => r.json.data?.contactId === contactId).map((r) => r.json.event);
    const contactList = async (query = '') => {
      const res = await call('GET', `/p/chat/contact/list?limit=100${query}`);
      expect(res.statusCode).toBe(200);
      return res.body.data as { items: Array<{ _id: string }>; count: number };
    };
    const live = async () => {
      const res = await call('GET', '/p/dashboards/main');
      expect(res.statusCode).toBe(200);
      return res.body.data.live as { open: number; flow: number };
    };
    const listedBefore = await contactList();
    const liveBefore = await live();

    // A test, left waiting for the order number (open, in the bot's stage).
    const test = await call('POST', `/p/chatbots/${botId}/test`);
    expect(test.statusCode, JSON.stringify(test.body)).toBe(200);
    const tester = await connectVisitor(baseUrl, test.body.data.slug, test.body.data.token);
    clients.push(tester);
    const said = await tester.call('message' as never, { id: 'm1', text: 'oi' });
    expect(said.status).toBe(1);
    await tester.waitFor('message', (m: { body: string }) => m.body === 'Qual é o número do pedido?');
    const testContact = await contactOf(said.data.conversationId as string);
    const [mark] = await queryRows<{ test: boolean }>(
      ctx,
      sql`select test from contacts where id = ${testContact.id}`,
    );
    expect(mark).toEqual({ test: true });

    // A real visitor afterwards: a contact like any, heard by the rule and the endpoint.
    const session = await visitorSession(ctx, slug, {}, uniqueIp()['x-forwarded-for']);
    const customer = await connectVisitor(baseUrl, slug, session.token);
    clients.push(customer);
    const real = await customer.call('message' as never, { id: 'm1', text: 'oi' });
    expect(real.status).toBe(1);
    const realContact = await contactOf(real.data.conversationId as string);
    await until(async () => (await contactRuns(realContact.id)).length > 0);
    await until(async () => contactHooks(realContact.id).includes('contact.created'));

    const listed = await contactList();
    expect(listed.items.map((c) => c._id)).toContain(realContact.id);
    expect(listed.items.map((c) => c._id)).not.toContain(testContact.id);
    expect(listed.count).toBe(listedBefore.count + 1);
    expect((await contactList(`&search=${encodeURIComponent(testContact.name)}`)).count).toBe(0);
    expect(await contactRuns(testContact.id)).toEqual([]);
    expect(contactHooks(testContact.id)).toEqual([]);
    // The open test is not counted as open now; the real visitor's conversation is.
    const liveAfter = await live();
    expect(liveAfter.open).toBe(liveBefore.open + 1);
    expect(liveAfter.flow).toBe(liveBefore.flow + 1);
  });
});

describe("a bot's block changing a live test's visitor", () => {
  it('tags the test contact, and no contact.tag_added automation hears it; a real visitor is heard', async () => {
    const runs = await contactRule({ type: 'contact.tag_added', tagIds: [tagId] });
    const tagged = async (contactId: string) =>
      (
        await queryRows<{ tagged: boolean }>(
          ctx,
          sql`select ${tagId}::uuid = any(tags) as tagged from contacts where id = ${contactId}`,
        )
      )[0].tagged;
    /** A visitor writes; the bot tags them and asks the order number: their contact. */
    const chat = async (visitor: ChatClient) => {
      const said = await visitor.call('message' as never, { id: 'm1', text: 'oi' });
      expect(said.status).toBe(1);
      await visitor.waitFor('message', (m: { body: string }) => m.body === 'Qual é o número do pedido?');
      return contactOf(said.data.conversationId as string);
    };

    const test = await call('POST', `/p/chatbots/${botId}/test`);
    expect(test.statusCode, JSON.stringify(test.body)).toBe(200);
    const tester = await connectVisitor(baseUrl, test.body.data.slug, test.body.data.token);
    clients.push(tester);
    const testContact = await chat(tester);

    const session = await visitorSession(ctx, slug, {}, uniqueIp()['x-forwarded-for']);
    const customer = await connectVisitor(baseUrl, slug, session.token);
    clients.push(customer);
    const realContact = await chat(customer);
    await until(async () => (await runs(realContact.id)).length > 0);

    expect(await tagged(testContact.id)).toBe(true);
    expect(await runs(testContact.id)).toEqual([]);
  });
});

/** A rule on a contact trigger (a note as its action): a reader of its runs for a contact. */
async function contactRule(trigger: Record<string, unknown>) {
  const rule = await call('POST', '/p/automations', {
    name: `Regra ${trigger.type}`,
    trigger,
    conditions: { match: 'all', groups: [] },
    actions: [{ type: 'note', text: 'Contato' }],
  });
  expect(rule.statusCode, JSON.stringify(rule.body)).toBe(200);
  return (contactId: string) =>
    queryRows<{ status: string }>(
      ctx,
      sql`select status from ${automationLog} where automation_id = ${rule.body.data._id} and contact_id = ${contactId}`,
    );
}

async function contactOf(conversationId: string) {
  const [row] = await queryRows<{ id: string; name: string }>(
    ctx,
    sql`select ct.id, ct.name from conversations c join contacts ct on ct.id = c.contact_id
        where c.id = ${conversationId}`,
  );
  return row;
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWhatsApp } from '../../testing/fake-whatsapp';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { connectVisitor, createChannel, webchatBody } from '../inbox/testing/inbox.testing';
import {
  customerWritesOnWhatsApp,
  insertWhatsAppChannel,
  type TTestChannel,
} from '../inbox/testing/intake.testing';
import { listen } from '../team-chat/team-chat.testing';
import { newId } from '../../platform/db/columns';
import { withTenant } from '../../platform/db/tenant';
import { appendPendingOfConversations } from './runtime/sessions.repo';
import { menuFlow } from './testing/chatbots.testing';

let ctx: TTestApp;
let baseUrl: string;
let fake: FakeWhatsApp;
let owner: TSignedUp;
let channel: TTestChannel;
let botId: string;
let api3rd: Server;
let api3rdUrl: string;
const thirdParty: Array<{ path: string; body: string }> = [];

const acc = () => `acc=${owner.accountId}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, body?: unknown, token = owner.token) =>
  api(ctx.app, method, `${path}${path.includes('?') ? '&' : '?'}${acc()}`, { token, body });

beforeAll(async () => {
  fake = new FakeWhatsApp();
  // A third-party API on loopback for the HTTP request block (allowed by the tests-only flag).
  api3rd = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      thirdParty.push({ path: req.url ?? '', body });
      if (req.url === '/ok') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: { protocol: 'AB-123' } }));
      } else if (req.url === '/garbage') res.end('<html>not json</html>');
      else if (req.url === '/slow') setTimeout(() => res.end('{}'), 2_000);
      else {
        res.statusCode = 500;
        res.end('{}');
      }
    });
  });
  await new Promise<void>((r) => api3rd.listen(0, '127.0.0.1', () => r()));
  api3rdUrl = `http://127.0.0.1:${(api3rd.address() as AddressInfo).port}`;
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await fake.start(), OUTBOUND_HTTP_ALLOW_PRIVATE: 'true' });
  baseUrl = await listen(ctx);
  owner = await signUp(ctx, { plan: 'pro' });
  channel = await insertWhatsAppChannel(ctx, owner.accountId);
  const created = await call('POST', '/p/chatbots', { name: 'Robô', type: 'flow', channelIds: [channel.id] });
  botId = created.body.data._id;
  await call('PATCH', `/p/chatbots/${botId}`, { debounceSeconds: 0 });
});

afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
  api3rd?.close();
});

/** Saves `flow` as the draft and publishes it: conversations opened from now on run it. */
async function publish(flow: unknown, settings: Record<string, unknown> = { debounceSeconds: 0 }) {
  const saved = await call('PUT', `/p/chatbots/${botId}/draft`, flow);
  expect(saved.body.data?.issues, JSON.stringify(saved.body)).toEqual([]);
  await call('PATCH', `/p/chatbots/${botId}`, settings);
  expect((await call('POST', `/p/chatbots/${botId}/publish`)).statusCode).toBe(200);
}

const textsTo = (to: string) =>
  fake.sends
    .filter((s) => s.body.to === to)
    .map((s) => (s.body.text?.body ?? s.body.interactive?.body?.text) as string);

async function writes(from: string, text: string) {
  expect(await customerWritesOnWhatsApp(ctx, channel, from, text)).toBe(200);
}

async function sessionOf(phone: string) {
  const [row] = await queryRows<{
    id: string;
    conversation_id: string;
    status: string;
    state: { timer: { id: string; kind: string; dueAt: string } | null };
    pending: unknown[];
    stage: string;
  }>(
    ctx,
    sql`select s.id, s.conversation_id, s.status, s.state, s.pending, c.stage from chatbot_sessions s
        join conversations c on c.id = s.conversation_id join contacts k on k.id = c.contact_id
        where s.account_id = ${owner.accountId} and k.phone = ${`+${phone}`} order by s.created_at desc limit 1`,
  );
  return row;
}

const runtime = () => ctx.app.services.chatbotRuntime;

describe('timers (durable pg-boss jobs, driven by invoking the due job)', () => {
  it('an input unanswered for its timeout follows the timeout edge; a stale timer does nothing', async () => {
    await publish(menuFlow({ timeoutMinutes: 5 }));
    const phone = '5511970002001';
    await writes(phone, 'oi');
    await until(async () => textsTo(phone).length >= 2);
    const session = await until(async () => {
      const s = await sessionOf(phone);
      return s?.state.timer ? s : undefined;
    });
    expect(session.state.timer).toMatchObject({ kind: 'input_timeout' });
    const due = new Date(session.state.timer!.dueAt).getTime();
    expect(due - Date.now()).toBeGreaterThan(4 * 60_000);
    // The timer is a pg-boss job starting at the due time.
    const [job] = await queryRows<{ start_after: string }>(
      ctx,
      sql`select start_after from pgboss.job where name = 'chatbots.timer' and data->>'timerId' = ${session.state.timer!.id}`,
    );
    expect(Math.abs(new Date(job.start_after).getTime() - due)).toBeLessThan(1_000);

    await runtime().onTimerJob({ accountId: owner.accountId, sessionId: session.id, timerId: 'stale-timer' });
    expect(textsTo(phone)).toHaveLength(2);

    await runtime().onTimerJob({
      accountId: owner.accountId,
      sessionId: session.id,
      timerId: session.state.timer!.id,
    });
    await until(async () => textsTo(phone).length >= 3);
    expect(textsTo(phone)).toEqual([
      'Olá, Rita! Sou o robô.',
      'Com qual área?',
      'Vou te passar para um atendente.',
    ]);
    expect((await sessionOf(phone)).stage).toBe('waiting');
    // Fired twice (a retry): nothing more.
    await runtime().onTimerJob({
      accountId: owner.accountId,
      sessionId: session.id,
      timerId: session.state.timer!.id,
    });
    expect(textsTo(phone)).toHaveLength(3);
  });

  it("a turn's end commits with its last reply: once the customer has the question, the session waits on it", async () => {
    const phone = '5511970002003';
    // Graph holds its answer to the question (the last reply): no outcome is written meanwhile.
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    fake.answerAfter = (body) => (body.type === 'interactive' ? held : undefined);
    try {
      await writes(phone, 'oi');
      await until(async () => textsTo(phone).length >= 2);
      // Read at once, not waited for: the last reply's send job and the turn's end were one commit.
      const session = await sessionOf(phone);
      expect(session.status).toBe('active');
      expect(session.pending).toEqual([]);
      expect(session.state.timer).toMatchObject({ kind: 'input_timeout' });
      const [row] = await queryRows<{
        lease_token: string | null;
        turn: number;
        session_tx: string;
        reply_tx: string;
      }>(
        ctx,
        sql`select s.lease_token, s.turn, s.xmin::text as session_tx,
                   (select c.xmin::text from conversations c where c.id = s.conversation_id) as reply_tx
            from chatbot_sessions s where s.id = ${session.id}`,
      );
      expect(row).toMatchObject({ lease_token: null, turn: 1 });
      // One transaction wrote both: the session row and the conversation the last reply touched
      // carry its id (xmin).
      expect(row.session_tx).toBe(row.reply_tx);
      const jobs = await queryRows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from pgboss.job where name = 'chatbots.timer' and data->>'timerId' = ${session.state.timer!.id}`,
      );
      expect(jobs).toEqual([{ n: 1 }]);
    } finally {
      fake.answerAfter = undefined;
      answer();
    }
  });

  it('an answer before the timeout moves the session on: the old timer is stale', async () => {
    const phone = '5511970002002';
    await writes(phone, 'oi');
    await until(async () => textsTo(phone).length >= 2);
    const first = await until(async () => (await sessionOf(phone))?.state.timer);
    await writes(phone, '2');
    await until(async () => textsTo(phone).length >= 3);
    await runtime().onTimerJob({
      accountId: owner.accountId,
      sessionId: (await sessionOf(phone)).id,
      timerId: first.id,
    });
    await until(async () => (await sessionOf(phone)).status === 'ended');
    expect(textsTo(phone)).toEqual(['Olá, Rita! Sou o robô.', 'Com qual área?', 'Suporte: veja nosso site.']);
    expect((await sessionOf(phone)).status).toBe('ended');
  });
});

describe('a message on a session that answers at once (no debounce)', () => {
  const runtimeJobsOf = async (conversationId: string) =>
    (
      await queryRows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from pgboss.job
            where name = 'event.chatbots.runtime' and data->'data'->>'conversationId' = ${conversationId}`,
      )
    )[0].n;

  it("joins its session and takes its lease in the message's own transaction (no runtime job) and is answered; left pending by a process that died after the commit, the sweep answers it once", async () => {
    await publish(menuFlow());
    const phone = '5511970002901';
    await writes(phone, 'oi');
    await until(async () => textsTo(phone).length >= 2);
    const session = await sessionOf(phone);
    // The conversation's first message opened the session in its own transaction too.
    expect(await runtimeJobsOf(session.conversation_id)).toBe(0);

    await writes(phone, '1');
    await until(async () => textsTo(phone).length >= 3);
    expect(textsTo(phone)[2]).toBe('Qual é o seu e-mail?');
    expect(await runtimeJobsOf(session.conversation_id)).toBe(0);

    // The process dies once the message is stored: its turn never starts here.
    const patched = runtime() as unknown as { runSoon: (job: unknown) => void };
    patched.runSoon = () => undefined;
    try {
      await writes(phone, 'rita@example.com');
    } finally {
      delete (patched as { runSoon?: unknown }).runSoon;
    }
    const left = await sessionOf(phone);
    expect(left.pending).toHaveLength(1);
    expect(textsTo(phone)).toHaveLength(3);
    expect(await runtimeJobsOf(session.conversation_id)).toBe(0);
    // The message's transaction leased the session to the turn that never ran.
    const [lease] = await queryRows<{ leased: boolean }>(
      ctx,
      sql`select lease_until > now() as leased from chatbot_sessions where id = ${session.id}`,
    );
    expect(lease.leased).toBe(true);

    // The sweep (every minute) takes sessions whose messages waited over ten seconds, once the dead
    // process's lease has run out.
    await queryRows(
      ctx,
      sql`update chatbot_sessions set updated_at = now() - interval '11 seconds',
            lease_until = now() - interval '1 second' where id = ${session.id}`,
    );
    await runtime().sweep();
    await until(async () => textsTo(phone).length >= 4);
    expect(textsTo(phone).slice(3)).toEqual(['Obrigado! Área: Vendas.']);
    expect((await sessionOf(phone)).pending).toEqual([]);
    await runtime().sweep();
    expect(textsTo(phone)).toHaveLength(4);
  });

  it("a customer who writes again after the flow ended starts it again, on a new session made in the message's transaction", async () => {
    await publish(menuFlow());
    const phone = '5511970002903';
    await writes(phone, 'oi');
    await until(async () => textsTo(phone).length >= 2);
    await writes(phone, '2');
    await until(async () => (await sessionOf(phone)).status === 'ended');
    const ended = await sessionOf(phone);
    expect(ended.stage).toBe('flow');

    await writes(phone, 'oi de novo');
    await until(async () => textsTo(phone).length >= 5);
    expect(textsTo(phone)).toEqual([
      'Olá, Rita! Sou o robô.',
      'Com qual área?',
      'Suporte: veja nosso site.',
      'Olá, Rita! Sou o robô.',
      'Com qual área?',
    ]);
    const again = await sessionOf(phone);
    expect(again.id).not.toBe(ended.id);
    expect(again.conversation_id).toBe(ended.conversation_id);
    expect(again.status).toBe('active');
    expect(await runtimeJobsOf(ended.conversation_id)).toBe(0);
  });

  it("two transactions storing a conversation's messages at once make one session: the later one leaves its message to the runtime's job (PostgreSQL) or joins the session (PGlite, one transaction at a time)", async () => {
    await publish(menuFlow());
    const phone = '5511970002902';
    await writes(phone, 'oi');
    await until(async () => textsTo(phone).length >= 2);
    const first = await sessionOf(phone);
    await queryRows(ctx, sql`update chatbot_sessions set status = 'ended' where id = ${first.id}`);
    const [conversation] = await queryRows<{ channel_id: string; contact_id: string }>(
      ctx,
      sql`select channel_id, contact_id from conversations where id = ${first.conversation_id}`,
    );
    const item = (id: string) => ({
      conversationId: first.conversation_id,
      channelId: conversation.channel_id,
      contactId: conversation.contact_id,
      messages: [{ id, text: 'oi', reply: null, fileUrl: null }],
    });
    const db = ctx.db.database.db;
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let firstAppended = () => {};
    const appended = new Promise<void>((r) => {
      firstAppended = r;
    });
    // The first transaction makes the session and holds it uncommitted while the second tries.
    const one = withTenant(db, owner.accountId, async (tx) => {
      const taken = await appendPendingOfConversations(tx, owner.accountId, [item('race-1')], newId());
      firstAppended();
      await gate;
      return taken;
    });
    await appended;
    const two = withTenant(db, owner.accountId, (tx) =>
      appendPendingOfConversations(tx, owner.accountId, [item('race-2')], newId()),
    );
    setTimeout(release, 50);
    const [taken1, taken2] = await Promise.all([one, two]);
    expect(taken1).toHaveLength(1);
    expect(taken1[0].leased?.session.pending).toEqual([item('race-1').messages[0]]);
    if (ctx.db.database.kind === 'pg') {
      // Blocked on chatbot_sessions_active_uq until the first committed, then made nothing.
      expect(taken2).toEqual([]);
    } else {
      // PGlite runs one transaction at a time: the second saw the first's session and joined it
      // (the first's turn holds the lease).
      expect(taken2).toEqual([
        { conversationId: first.conversation_id, sessionId: taken1[0].sessionId, leased: undefined },
      ]);
    }
    const active = await queryRows<{ id: string }>(
      ctx,
      sql`select id from chatbot_sessions where conversation_id = ${first.conversation_id} and status = 'active'`,
    );
    expect(active.map((r) => r.id)).toEqual([taken1[0].sessionId]);
  });
});

describe('debounce', () => {
  it('waits after the last message and reads the messages together (one turn)', async () => {
    const flow = {
      version: 1,
      variables: [{ id: 'v-name', name: 'nome' }],
      events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
      groups: [
        {
          id: 'g',
          title: '',
          position: { x: 0, y: 0 },
          blocks: [
            { id: 'ask', type: 'text_input', prompt: 'Como você se chama?', variableId: 'v-name' },
            { id: 'hi', type: 'text', text: 'Prazer, {{nome}}!' },
          ],
        },
      ],
      edges: [{ id: 'e', from: { eventId: 'start' }, to: { groupId: 'g' } }],
    };
    await publish(flow, { debounceSeconds: 10 });
    const phone = '5511970003001';
    await writes(phone, 'oi');
    await writes(phone, 'tudo bem?');
    const waiting = await until(async () => {
      const s = await sessionOf(phone);
      return s?.pending.length === 2 ? s : undefined;
    });
    expect(textsTo(phone)).toEqual([]);
    const jobs = await queryRows<{ message_id: string; start_after: string }>(
      ctx,
      sql`select data->>'messageId' as message_id, start_after from pgboss.job
          where name = 'chatbots.turn' and data->>'sessionId' = ${waiting.id} order by created_on`,
    );
    expect(jobs).toHaveLength(2);
    for (const j of jobs) expect(new Date(j.start_after).getTime() - Date.now()).toBeGreaterThan(5_000);
    // The first message's job is superseded by the second's.
    await runtime().onTurnJob({
      accountId: owner.accountId,
      sessionId: waiting.id,
      messageId: jobs[0].message_id,
    });
    expect(textsTo(phone)).toEqual([]);
    await runtime().onTurnJob({
      accountId: owner.accountId,
      sessionId: waiting.id,
      messageId: jobs[1].message_id,
    });
    await until(async () => textsTo(phone).length >= 1);
    expect(textsTo(phone)).toEqual(['Como você se chama?']);

    await writes(phone, 'Rita');
    await writes(phone, 'Souza');
    const next = await until(async () => {
      const s = await sessionOf(phone);
      return s?.pending.length === 2 ? s : undefined;
    });
    const [last] = await queryRows<{ message_id: string }>(
      ctx,
      sql`select data->>'messageId' as message_id from pgboss.job where name = 'chatbots.turn'
          and data->>'sessionId' = ${next.id} order by created_on desc limit 1`,
    );
    await runtime().onTurnJob({ accountId: owner.accountId, sessionId: next.id, messageId: last.message_id });
    await until(async () => textsTo(phone).length >= 2);
    expect(textsTo(phone)).toEqual(['Como você se chama?', 'Prazer, Rita Souza!']);
  });
});

describe('HTTP request block', () => {
  const httpFlow = (path: string, timeoutMs = 5_000) => ({
    version: 1,
    variables: [{ id: 'v-p', name: 'protocolo' }],
    events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
    groups: [
      {
        id: 'g',
        title: '',
        position: { x: 0, y: 0 },
        blocks: [
          {
            id: 'http',
            type: 'http_request',
            method: 'POST',
            url: `${api3rdUrl}${path}`,
            body: '{"phone": "{{$phone}}", "name": "{{$name}}"}',
            timeoutMs,
            mapping: [{ path: 'data.protocol', variableId: 'v-p' }],
          },
          { id: 'ok', type: 'text', text: 'Protocolo {{protocolo}}' },
          { id: 'end', type: 'end' },
        ],
      },
      {
        id: 'g-err',
        title: '',
        position: { x: 0, y: 0 },
        blocks: [{ id: 'err', type: 'text', text: 'Falhou' }],
      },
    ],
    edges: [
      { id: 'e', from: { eventId: 'start' }, to: { groupId: 'g' } },
      { id: 'e2', from: { blockId: 'http', exit: 'error' }, to: { groupId: 'g-err' } },
    ],
  });

  it('sends the JSON body with the variables and maps the answer (success exit)', async () => {
    await publish(httpFlow('/ok'));
    const phone = '5511970004001';
    await writes(phone, 'oi');
    await until(async () => textsTo(phone).length >= 1);
    expect(textsTo(phone)).toEqual(['Protocolo AB-123']);
    expect(JSON.parse(thirdParty.at(-1)!.body)).toEqual({ phone: '+5511970004001', name: 'Rita' });
  });

  it('a timeout, an error status or garbage follows the error exit', async () => {
    for (const [i, [path, timeout]] of (
      [
        ['/slow', 200],
        ['/fail', 5_000],
        ['/garbage', 5_000],
      ] as const
    ).entries()) {
      await publish(httpFlow(path, timeout));
      const phone = `551197000410${i}`;
      await writes(phone, 'oi');
      await until(async () => textsTo(phone).length >= 1);
      expect(textsTo(phone), path).toEqual(['Falhou']);
    }
  });
});

describe('operators and the bot', () => {
  it('an operator who takes the conversation stops the bot; handing it back starts the bot again', async () => {
    await publish(menuFlow());
    const phone = '5511970005001';
    await writes(phone, 'oi');
    await until(async () => textsTo(phone).length >= 2);
    const { conversation_id: conversationId } = await sessionOf(phone);
    const took = await call('POST', `/p/chat/conversation/${conversationId}/take`);
    expect(took.statusCode).toBe(200);
    await writes(phone, '1');
    const stored = await until(async () => {
      const [r] = await queryRows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from messages where conversation_id = ${conversationId} and author_type = 'contact'`,
      );
      return r.n === 2;
    });
    expect(stored).toBe(true);
    expect(textsTo(phone)).toHaveLength(2);

    // Another account's member cannot hand it back (their own bot, our conversation).
    const stranger = await signUp(ctx, { plan: 'pro' });
    const theirs = await api(ctx.app, 'POST', `/p/chatbots?acc=${stranger.accountId}`, {
      token: stranger.token,
      body: { name: 'X', type: 'flow' },
    });
    const theirId = theirs.body.data._id;
    const strangerCall = (method: 'PUT' | 'POST', path: string, body?: unknown) =>
      api(ctx.app, method, `${path}?acc=${stranger.accountId}`, { token: stranger.token, body });
    await strangerCall('PUT', `/p/chatbots/${theirId}/draft`, menuFlow());
    expect((await strangerCall('POST', `/p/chatbots/${theirId}/publish`)).statusCode).toBe(200);
    const foreign = await strangerCall('POST', `/p/chat/conversation/${conversationId}/bot`, {
      chatbotId: theirId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.code).toBe('CONVERSATION_NOT_FOUND');
    const foreignBot = await call('POST', `/p/chat/conversation/${conversationId}/bot`, {
      chatbotId: theirs.body.data._id,
    });
    expect(foreignBot.statusCode).toBe(404);
    expect(foreignBot.body.code).toBe('CHATBOT_NOT_FOUND');
    // A chatbot id that is not a UUID is the client's input, not a 500 from the uuid column.
    for (const [chatbotId, key] of [
      ['abc', 'invalid'],
      ['', 'invalid'],
      [undefined, 'required'],
    ] as const) {
      const bad = await call('POST', `/p/chat/conversation/${conversationId}/bot`, { chatbotId });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'chatbotId', key }] });
    }

    const back = await call('POST', `/p/chat/conversation/${conversationId}/bot`, { chatbotId: botId });
    expect(back.statusCode, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({ stage: 'flow', assigneeId: null });
    await until(async () => textsTo(phone).length >= 4);
    expect(textsTo(phone).slice(2)).toEqual(['Olá, Rita! Sou o robô.', 'Com qual área?']);
    expect((await sessionOf(phone)).status).toBe('active');
  });

  it('operators may hand back (their role), and the bot counts its conversations in flow', async () => {
    const list = await call('GET', '/p/chatbots');
    expect(list.body.data[0].inFlowNow).toBeGreaterThanOrEqual(1);
    const operator = await addMember(ctx, owner, 'operator');
    const forbidden = await api(ctx.app, 'GET', `/p/chatbots/${botId}?${acc()}`, { token: operator.token });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('web chat: the live test runs the draft through the real runtime', () => {
  it('a test visitor talks to the DRAFT (not the published version) over the web chat socket', async () => {
    await createChannel(ctx, owner, webchatBody('Site'));
    const draft = menuFlow();
    (draft.groups[0].blocks[0] as Record<string, unknown>).text = 'Rascunho!';
    await call('PUT', `/p/chatbots/${botId}/draft`, draft);
    const test = await call('POST', `/p/chatbots/${botId}/test`);
    expect(test.statusCode, JSON.stringify(test.body)).toBe(200);
    expect(test.body.data).toMatchObject({
      socketNamespace: '/webchat',
      slug: expect.any(String),
      token: expect.any(String),
    });
    const visitor = await connectVisitor(baseUrl, test.body.data.slug, test.body.data.token);
    try {
      const ack = await visitor.call('message' as never, { id: 'm1', text: 'oi' });
      expect(ack.status).toBe(1);
      const hello = await visitor.waitFor('message', (m: { body: string }) => m.body === 'Rascunho!');
      expect(hello).toMatchObject({ author: 'bot' });
      const menu = await visitor.waitFor<{ body: string; options: unknown }>(
        'message',
        (m) => m.body === 'Com qual área?',
      );
      expect(menu.options).toEqual([
        { id: 'o-sales', title: 'Vendas' },
        { id: 'o-support', title: 'Suporte' },
      ]);
      // Clicking a button sends the option's title.
      await visitor.call('message' as never, { id: 'm2', text: 'Suporte' });
      await visitor.waitFor('message', (m: { body: string }) => m.body === 'Suporte: veja nosso site.');
    } finally {
      visitor.close();
    }
  });
});

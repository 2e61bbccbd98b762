import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionTimeoutError } from 'openai';
import { OpenAiProvider } from '../../platform/ai/openai.provider';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { FakeOpenAi } from './fake-openai.testing';
import { type ChatClient, connectChat, listen, roomOf } from './team-chat.testing';

let ctx: TTestApp;
let url: string;
let owner: TSignedUp;
const fake = new FakeOpenAi();
const clients: ChatClient[] = [];

beforeAll(async () => {
  await fake.start();
  ctx = await startTestApp({
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: 'fake-model',
  });
  url = await listen(ctx);
  owner = await signUp(ctx);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await ctx.close();
  await fake.stop();
});

async function connect(user: { userId: string; token: string }, accountId = owner.accountId) {
  const client = await connectChat(url, user, accountId);
  clients.push(client);
  return client;
}

const fromAssistant = (status: string) => (m: any) => m.senderId === 'assistant' && m.status === status;

describe('AI room with an OpenAI-compatible provider (local fake server)', () => {
  it("answers in the user's AI room, streaming, with the account's AI prompt as the system prompt", async () => {
    const prompt = 'Você é o assistente da Loja Teste. Seja cordial.';
    const saved = await api(ctx.app, 'PUT', `/p/team-chat/settings?acc=${owner.accountId}`, {
      token: owner.token,
      body: { aiPrompt: prompt },
    });
    expect(saved.body.data).toEqual({ aiPrompt: prompt });
    const alice = await connect(owner);
    const aiRoom = roomOf(alice, 'ai').roomId;

    const ack = await alice.call('sendMessageGPT', { content: 'Qual o prazo de troca?', tempId: 'g-1' });
    expect(ack).toMatchObject({
      status: 1,
      data: { roomId: aiRoom, senderId: owner.userId, content: 'Qual o prazo de troca?' },
    });
    const partial = await alice.waitFor('sendMessage', fromAssistant('sending'));
    const final = await alice.waitFor('sendMessage', fromAssistant('sent'));
    expect(final._id).toBe(partial._id);
    expect(partial.content.length).toBeGreaterThan(0);
    expect(final).toMatchObject({
      roomId: aiRoom,
      content: 'Resposta do modelo para: Qual o prazo de troca?',
      ai: { provider: 'openai', model: 'fake-model' },
    });

    const [request] = fake.chatRequests();
    expect(request.authorization).toBe('Bearer test-key');
    expect(request.body).toMatchObject({ model: 'fake-model', stream: true });
    expect(request.body.messages).toEqual([
      { role: 'system', content: prompt },
      { role: 'user', content: 'Qual o prazo de troca?' },
    ]);

    // The next question carries the room's history.
    await alice.call('sendMessageGPT', { content: 'E para eletrônicos?', tempId: 'g-2' });
    await alice.waitFor(
      'sendMessage',
      (m: any) => fromAssistant('sent')(m) && m.content.includes('eletrônicos'),
    );
    expect(fake.chatRequests()[1].body.messages.map((m: any) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
    ]);
    // Both streamed answers are counted with the tokens of their last (usage) chunk.
    const settings = await api(ctx.app, 'GET', `/p/ai/settings?acc=${owner.accountId}`, {
      token: owner.token,
    });
    expect(settings.body.data.usage).toMatchObject({ requests: 2, tokens: 4 });
    expect(fake.chatRequests()[0].body.stream_options).toEqual({ include_usage: true });
    const page = await alice.call('fetchMessages', { roomId: aiRoom });
    expect((page as any).data.messages.map((m: any) => m.senderId)).toEqual([
      'assistant',
      owner.userId,
      'assistant',
      owner.userId,
    ]);

    // clearMessages empties the caller's AI room.
    expect(await alice.call('clearMessages', { roomId: aiRoom })).toEqual({
      status: 1,
      data: { roomId: aiRoom, cleared: 4 },
    });
    expect(((await alice.call('fetchMessages', { roomId: aiRoom })) as any).data.messages).toEqual([]);
  });

  it('reports a failed answer (after the retries) without storing one', async () => {
    const user = await signUp(ctx);
    const client = await connect(user, user.accountId);
    const before = fake.chatRequests().length;
    fake.failNext = 3; // the first try and both retries
    const ack = await client.call('sendMessageGPT', { content: 'Está aí?', tempId: 'g-fail' });
    expect(ack.status).toBe(1);
    const failed = await client.waitFor('sendMessage', fromAssistant('failed'));
    expect(failed.ai).toMatchObject({ provider: 'openai', error: 'TEAM_CHAT_AI_FAILED' });
    expect(fake.chatRequests().length - before).toBe(3);
    const rows = await queryRows(
      ctx,
      sql`select id from team_chat_messages where account_id = ${user.accountId} and sender_id is null`,
    );
    expect(rows).toEqual([]);
  });

  it('refuses when the account has AI or the assistant disabled', async () => {
    const user = await signUp(ctx);
    const client = await connect(user, user.accountId);
    for (const column of ['ai_enable', 'assistant_enable']) {
      await queryRows(
        ctx,
        sql`update accounts set ai_enable = true, assistant_enable = true where id = ${user.accountId}`,
      );
      await queryRows(
        ctx,
        sql`update accounts set ${sql.identifier(column)} = false where id = ${user.accountId}`,
      );
      await ctx.app.platform.tenantCache.invalidate(user.accountId);
      const ack = await client.call('sendMessageGPT', { content: 'Oi?', tempId: `off-${column}` });
      expect(ack).toMatchObject({
        status: 0,
        code: 'TEAM_CHAT_AI_DISABLED',
        message: 'O assistente de IA está desativado nesta conta',
      });
    }
  });

  it('keeps the AI settings to admins', async () => {
    const operator = await addMember(ctx, owner, 'operator');
    const res = await api(ctx.app, 'PUT', `/p/team-chat/settings?acc=${owner.accountId}`, {
      token: operator.token,
      body: { aiPrompt: 'x' },
    });
    expect(res.statusCode).toBe(403);
    const read = await api(ctx.app, 'GET', `/p/team-chat/settings?acc=${owner.accountId}`, {
      token: owner.token,
    });
    expect(read.body.data.aiPrompt).toBe('Você é o assistente da Loja Teste. Seja cordial.');
  });
});

describe('OpenAI-compatible provider (complete, embed, retries, timeouts)', () => {
  it('completes without streaming, retrying a 503, with the tokens reported', async () => {
    const provider = new OpenAiProvider({ apiKey: 'k', baseURL: fake.url, model: 'fake-model' });
    fake.failNext = 1;
    const before = fake.chatRequests().length;
    const result = await provider.complete({
      accountId: owner.accountId,
      lang: 'pt-BR',
      messages: [{ role: 'user', content: 'ping' }],
    });
    expect(result).toEqual({
      text: 'Resposta do modelo para: ping',
      provider: 'openai',
      model: 'fake-model',
      usage: { tokens: 2 },
    });
    expect(fake.chatRequests().length - before).toBe(2);
  });

  it('embeds in input order', async () => {
    const provider = new OpenAiProvider({ apiKey: 'k', baseURL: fake.url, embeddingModel: 'fake-embed' });
    const result = await provider.embed(['ab', 'abcd']);
    expect(result).toEqual({
      vectors: [
        [2, 1, 0],
        [4, 1, 0],
      ],
      provider: 'openai',
      model: 'fake-embed',
      usage: { tokens: 1 },
    });
  });

  it('gives up after its timeout when the server does not answer', async () => {
    const provider = new OpenAiProvider({ apiKey: 'k', baseURL: fake.url, timeoutMs: 300, maxRetries: 0 });
    fake.hang = true;
    try {
      await expect(
        provider.complete({
          accountId: owner.accountId,
          lang: 'en',
          messages: [{ role: 'user', content: 'hello?' }],
        }),
      ).rejects.toBeInstanceOf(APIConnectionTimeoutError);
    } finally {
      fake.hang = false;
    }
  });
});

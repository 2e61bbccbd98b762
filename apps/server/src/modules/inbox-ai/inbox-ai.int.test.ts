import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { startTestApp, type TTestApp } from '../../testing/test-app';
import { member } from '../inbox/testing/inbox.testing';
import { FakeOpenAi } from '../team-chat/fake-openai.testing';
import { monthOf } from '../ai/ai-settings.repo';
import { addQuickMessage, addTrainedMarkdown, call, conversationWith, setAiFlags } from './inbox-ai.testing';

let ctx: TTestApp;
let owner: TSignedUp;
let conversationId: string;
const fake = new FakeOpenAi();
const PROMPT = 'Você atende pela Loja Aurora. Tom leve, nunca ofereça desconto.';

beforeAll(async () => {
  await fake.start();
  ctx = await startTestApp({
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: 'fake-model',
  });
  owner = await signUp(ctx);
  const c = call(ctx, owner, owner.accountId);
  await c('PUT', '/p/ai/settings', { inboxPrompt: PROMPT });
  await addQuickMessage(ctx, owner, 'troca', 'Olá {{firstName}}! Trocas em até 30 dias.');
  await addTrainedMarkdown(
    ctx,
    owner,
    'Política de trocas',
    '# Trocas\nO prazo para trocar um produto é de 30 dias após a entrega.',
  );
  conversationId = await conversationWith(ctx, owner, [
    ['contact', 'Bom dia'],
    ['operator', 'Olá! Em que posso ajudar?'],
    ['contact', 'Qual o prazo para trocar um produto?'],
  ]);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await fake.stop();
});

const lastChat = () => fake.chatRequests().at(-1)!.body;

describe('the inbox AI with an OpenAI-compatible model (local fake server)', { timeout: 30_000 }, () => {
  it('offers everything, with a model', async () => {
    const res = await call(ctx, owner, owner.accountId)('GET', '/p/chat/ai/status');
    expect(res.body.data).toEqual({ enabled: true, model: true });
  });

  it('suggests a reply from the account prompt, the knowledge base, the quick messages and the conversation', async () => {
    const res = await call(
      ctx,
      owner,
      owner.accountId,
    )('POST', `/p/chat/conversation/${conversationId}/ai/suggest`);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      kind: 'generated',
      text: expect.stringContaining('Resposta do modelo para:'),
      source: null,
    });
    const sent = lastChat();
    expect(sent.model).toBe('fake-model');
    const system = sent.messages[0];
    expect(system.role).toBe('system');
    expect(system.content.startsWith(PROMPT)).toBe(true);
    expect(system.content).toContain(
      '[1] (Política de trocas)\nO prazo para trocar um produto é de 30 dias após a entrega.',
    );
    expect(system.content).toContain('/troca: Olá Maria! Trocas em até 30 dias.');
    expect(sent.messages[1]).toEqual({
      role: 'user',
      content:
        'Conversation:\nCustomer: Bom dia\nAgent (Ana): Olá! Em que posso ajudar?\nCustomer: Qual o prazo para trocar um produto?',
    });
  });

  it('summarises the conversation, improves and translates a draft with the model', async () => {
    const c = call(ctx, owner, owner.accountId);
    const summary = await c('POST', `/p/chat/conversation/${conversationId}/ai/summary`, undefined, 'en');
    expect(summary.statusCode).toBe(200);
    expect(summary.body.data.text).toContain('Resposta do modelo para:');
    expect(lastChat().messages[0].content).toContain(PROMPT);
    expect(lastChat().messages[0].content).toContain(
      'Summarise this customer conversation for a colleague, in English',
    );

    const improved = await c('POST', '/p/chat/ai/improve', { text: 'oi, o prazo e 30 dia' });
    expect(improved.body.data).toEqual({ text: 'Resposta do modelo para: oi, o prazo e 30 dia' });
    expect(lastChat().messages[0].content.startsWith(PROMPT)).toBe(true);

    const translated = await c('POST', '/p/chat/ai/translate', { text: 'O prazo é de 30 dias.', to: 'en' });
    expect(translated.statusCode).toBe(200);
    expect(lastChat().messages[0].content).toContain('into English');
    expect(lastChat().messages[1]).toEqual({ role: 'user', content: 'O prazo é de 30 dias.' });

    const empty = await c('POST', '/p/chat/ai/improve', { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
  });

  it("counts every model call in the account's monthly usage, with the tokens reported", async () => {
    const before = fake.chatRequests().length;
    await call(ctx, owner, owner.accountId)('POST', '/p/chat/ai/improve', { text: 'obrigado' });
    const res = await call(ctx, owner, owner.accountId)('GET', '/p/ai/settings');
    const calls = fake.chatRequests().length;
    expect(calls).toBe(before + 1);
    // Embeddings of the questions (knowledge base retrieval) count too, 1 token each here.
    const embeds = fake.requests.filter((r) => r.path === '/v1/embeddings').length;
    expect(res.body.data.usage).toEqual({
      month: monthOf(new Date(), 'America/Sao_Paulo').slice(0, 7),
      requests: calls + embeds,
      tokens: 2 * calls + embeds,
    });
    expect(res.body.data.provider).toEqual({ kind: 'openai', model: 'fake-model' });
  });

  it("answers 404 for another account's conversation and for one the operator cannot see", async () => {
    const other = await signUp(ctx);
    const theirs = await conversationWith(ctx, other, [['contact', 'Oi']]);
    const before = fake.chatRequests().length;
    const res = await call(ctx, owner, owner.accountId)('POST', `/p/chat/conversation/${theirs}/ai/suggest`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatchObject({ code: 'CONVERSATION_NOT_FOUND', message: 'Conversa não encontrada' });
    const summary = await call(
      ctx,
      owner,
      owner.accountId,
    )('POST', `/p/chat/conversation/${theirs}/ai/summary`);
    expect(summary.statusCode).toBe(404);

    const operator = await member(ctx, owner, 'operator');
    const hidden = await call(
      ctx,
      operator,
      owner.accountId,
    )('POST', `/p/chat/conversation/${conversationId}/ai/suggest`);
    expect(hidden.statusCode).toBe(404);
    expect(fake.chatRequests()).toHaveLength(before);
    const usage = await call(ctx, other, other.accountId)('GET', '/p/ai/settings');
    expect(usage.body.data.usage).toMatchObject({ requests: 0, tokens: 0 });
  });

  it('says the AI did not answer when the provider fails', async () => {
    fake.failNext = 3;
    const res = await call(ctx, owner, owner.accountId)('POST', '/p/chat/ai/improve', { text: 'oi' });
    fake.failNext = 0;
    expect(res.statusCode).toBe(502);
    expect(res.body).toMatchObject({ code: 'AI_FAILED', message: 'A IA não respondeu. Tente novamente.' });
  });

  it('hides and refuses the AI when aiEnable or assistantEnable is off', async () => {
    const user = await signUp(ctx);
    const conversation = await conversationWith(ctx, user, [['contact', 'Oi']]);
    const c = call(ctx, user, user.accountId);
    for (const [ai, assistant] of [
      [false, true],
      [true, false],
    ] as const) {
      await setAiFlags(ctx, user.accountId, ai, assistant);
      expect((await c('GET', '/p/chat/ai/status')).body.data).toEqual({ enabled: false, model: true });
      for (const [path, body] of [
        [`/p/chat/conversation/${conversation}/ai/suggest`, undefined],
        [`/p/chat/conversation/${conversation}/ai/summary`, undefined],
        ['/p/chat/ai/improve', { text: 'oi' }],
        ['/p/chat/ai/translate', { text: 'oi', to: 'en' }],
        ['/p/chat/ai/search', { question: 'prazo de troca' }],
      ] as const) {
        const res = await c('POST', path, body);
        expect(res.statusCode).toBe(403);
        expect(res.body).toMatchObject({ code: 'AI_DISABLED', message: 'A IA está desativada nesta conta' });
      }
      const en = await c('POST', '/p/chat/ai/improve', { text: 'oi' }, 'en');
      expect(en.body.message).toBe('AI is turned off for this account');
    }
  });
});

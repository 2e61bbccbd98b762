import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows, until } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import { FakeOpenAi } from '../../team-chat/fake-openai.testing';
import { KNOWLEDGE_GUARDRAILS } from './ai-answer';

let ctx: TTestApp;
let owner: TSignedUp;
const fake = new FakeOpenAi();

beforeAll(async () => {
  await fake.start();
  ctx = await startTestApp({
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: 'fake-model',
  });
  owner = await signUp(ctx);
});
afterAll(async () => {
  await ctx.close();
  await fake.stop();
});

const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  api(ctx.app, method, `${path}?acc=${owner.accountId}`, { token: owner.token, body });

describe('knowledge base answers with an OpenAI-compatible model (local fake server)', {
  timeout: 60_000,
}, () => {
  it('sends the guardrails and the retrieved passages, and does not ask the model when nothing matches', async () => {
    const added = await call('POST', '/p/ai/knowledge/sources/markdown', {
      name: 'Trocas',
      text: '# Trocas\nO prazo para trocar um produto é de 30 dias após a entrega.',
    });
    expect(added.statusCode).toBe(200);
    await until(async () => {
      const list = await call('GET', '/p/ai/knowledge/sources');
      return list.body.data.items[0]?.status === 'trained';
    });
    const ask = await call('POST', '/p/ai/knowledge/ask', { question: 'Qual o prazo de troca?' });
    expect(ask.statusCode).toBe(200);
    expect(ask.body.data.answer).toMatchObject({
      kind: 'generated',
      text: 'Resposta do modelo para: Qual o prazo de troca?',
      source: { sourceName: 'Trocas', section: 'Trocas' },
    });
    const [sent] = fake.chatRequests();
    expect(sent.body.model).toBe('fake-model');
    expect(sent.body.messages[0].role).toBe('system');
    expect(sent.body.messages[0].content).toContain(KNOWLEDGE_GUARDRAILS);
    expect(sent.body.messages[0].content).toContain(
      '[1] (Trocas, Trocas)\nO prazo para trocar um produto é de 30 dias após a entrega.',
    );
    expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: 'Qual o prazo de troca?' });

    const before = fake.chatRequests().length;
    const none = await call('POST', '/p/ai/knowledge/ask', { question: 'Qual a cor do céu de Marte?' });
    expect(none.body.data.answer).toEqual({ kind: 'none', text: null, source: null });
    expect(fake.chatRequests()).toHaveLength(before);
  });

  it('stores unit vectors for the chunks and ranks by text and cosine together', async () => {
    // A toy embedding: returns and exchanges → [1,0,0], delivery → [0,1,0], anything else → [0,0,1].
    fake.embedding = (text) => {
      const t = text.toLowerCase();
      if (/devolu|devolver|troca|trocar/.test(t)) return [3, 0, 0];
      if (/entrega|frete/.test(t)) return [0, 2, 0];
      return [0, 0, 5];
    };
    const other = await signUp(ctx);
    const on = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      api(ctx.app, method, `${path}?acc=${other.accountId}`, { token: other.token, body });
    for (const doc of [
      { name: 'Devoluções', text: '# Devoluções\nVocê tem 30 dias para devolver o produto comprado.' },
      { name: 'Frete', text: '# Frete\nO frete do sofá é grátis nas capitais.' },
    ])
      expect((await on('POST', '/p/ai/knowledge/sources/markdown', doc)).statusCode).toBe(200);
    await until(async () => {
      const list = await on('GET', '/p/ai/knowledge/sources');
      return (
        list.body.data.items.length === 2 &&
        list.body.data.items.every((s: { status: string }) => s.status === 'trained')
      );
    });
    const stored = await queryRows<{ embedding: number[] }>(
      ctx,
      sql`select embedding from knowledge_chunks where account_id = ${other.accountId} order by body`,
    );
    expect(stored.map((r) => r.embedding)).toEqual([
      [0, 1, 0],
      [1, 0, 0],
    ]);
    // "sofá" is only in the delivery text, but the question is about returning it: the returns
    // passage (no word in common, nearest by cosine) comes first.
    const ask = await on('POST', '/p/ai/knowledge/ask', { question: 'Posso devolver o sofá?' });
    expect(ask.statusCode).toBe(200);
    expect(ask.body.data.passages.map((p: { sourceName: string }) => p.sourceName)).toEqual([
      'Devoluções',
      'Frete',
    ]);
    // Nothing shares a word with the question: the bot does not answer from a vector alone.
    const none = await on('POST', '/p/ai/knowledge/ask', { question: 'Quero trocar a cor' });
    expect(none.body.data.answer).toEqual({ kind: 'none', text: null, source: null });
  });
});

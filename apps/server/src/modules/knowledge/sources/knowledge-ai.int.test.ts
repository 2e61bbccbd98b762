import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { until } from '../../../testing/helpers';
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
});

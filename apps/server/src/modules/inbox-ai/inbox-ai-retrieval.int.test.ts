import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { startTestApp, type TTestApp } from '../../testing/test-app';
import { addQuickMessage, addTrainedMarkdown, call, conversationWith } from './inbox-ai.testing';

let ctx: TTestApp;
let owner: TSignedUp;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

describe('the inbox AI without a model (built-in retrieval)', { timeout: 30_000 }, () => {
  it('offers only suggestions, found as they are and labelled with where they came from', async () => {
    const c = call(ctx, owner, owner.accountId);
    expect((await c('GET', '/p/chat/ai/status')).body.data).toEqual({ enabled: true, model: false });

    await addQuickMessage(
      ctx,
      owner,
      'troca',
      'Olá {{firstName}}! Você pode trocar o produto em até 30 dias.',
    );
    const asksExchange = await conversationWith(ctx, owner, [['contact', 'Posso trocar o produto?']]);
    const quick = await c('POST', `/p/chat/conversation/${asksExchange}/ai/suggest`);
    expect(quick.statusCode).toBe(200);
    expect(quick.body.data).toEqual({
      kind: 'quick_message',
      text: 'Olá Maria! Você pode trocar o produto em até 30 dias.',
      source: 'troca',
    });

    await addTrainedMarkdown(
      ctx,
      owner,
      'Entregas',
      '# Entregas\nA entrega para capitais leva de 2 a 5 dias úteis após a confirmação do pagamento.',
    );
    const asksDelivery = await conversationWith(ctx, owner, [
      ['contact', 'Oi'],
      ['operator', 'Olá!'],
      ['contact', 'Quantos dias leva a entrega para capitais?'],
    ]);
    const passage = await c('POST', `/p/chat/conversation/${asksDelivery}/ai/suggest`);
    expect(passage.body.data).toEqual({
      kind: 'knowledge',
      text: 'A entrega para capitais leva de 2 a 5 dias úteis após a confirmação do pagamento.',
      source: 'Entregas',
    });

    const unrelated = await conversationWith(ctx, owner, [['contact', 'Vocês vendem bicicletas elétricas?']]);
    const none = await c('POST', `/p/chat/conversation/${unrelated}/ai/suggest`);
    expect(none.body.data).toEqual({ kind: 'none', text: '', source: null });
  });

  it('refuses summaries, improving and translating with a translated error: no model writes them', async () => {
    const c = call(ctx, owner, owner.accountId);
    const conversation = await conversationWith(ctx, owner, [['contact', 'Oi']]);
    for (const [path, body] of [
      [`/p/chat/conversation/${conversation}/ai/summary`, undefined],
      ['/p/chat/ai/improve', { text: 'oi' }],
      ['/p/chat/ai/translate', { text: 'oi', to: 'en' }],
    ] as const) {
      const res = await c('POST', path, body);
      expect(res.statusCode).toBe(409);
      expect(res.body).toMatchObject({
        code: 'AI_MODEL_REQUIRED',
        message:
          'Isto precisa de um modelo de IA, e nenhum está configurado: a busca embutida só encontra textos',
      });
    }
  });

  it('searches the knowledge base and the notes for an operator’s own question, never another account’s', async () => {
    const c = call(ctx, owner, owner.accountId);
    await addTrainedMarkdown(
      ctx,
      owner,
      'Garantia',
      '# Garantia\nOs móveis têm garantia de 12 meses contra defeitos de fabricação.',
    );
    const other = await signUp(ctx);
    await addTrainedMarkdown(ctx, other, 'Garantia da outra loja', '# Garantia\nGarantia de 3 meses.');
    const found = await c('POST', '/p/chat/ai/search', { question: 'Qual é a garantia dos móveis?' });
    expect(found.statusCode).toBe(200);
    expect(found.body.data.items[0]).toEqual({
      kind: 'knowledge',
      source: 'Garantia',
      text: 'Os móveis têm garantia de 12 meses contra defeitos de fabricação.',
    });
    expect(found.body.data.items.map((i: { source: string }) => i.source)).not.toContain(
      'Garantia da outra loja',
    );
    const empty = await c('POST', '/p/chat/ai/search', { question: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
  });

  it("answers 404 for another account's conversation", async () => {
    const other = await signUp(ctx);
    const theirs = await conversationWith(ctx, other, [['contact', 'Posso trocar o produto?']]);
    const res = await call(ctx, owner, owner.accountId)('POST', `/p/chat/conversation/${theirs}/ai/suggest`);
    expect(res.statusCode).toBe(404);
    expect(res.body.code).toBe('CONVERSATION_NOT_FOUND');
  });
});

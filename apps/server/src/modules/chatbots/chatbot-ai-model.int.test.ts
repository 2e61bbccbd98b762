import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWhatsApp } from '../../testing/fake-whatsapp';
import { signUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { startTestApp, type TTestApp } from '../../testing/test-app';
import { KNOWLEDGE_GUARDRAILS } from '../knowledge/sources/ai-answer';
import { customerWritesOnWhatsApp, insertWhatsAppChannel } from '../inbox/testing/intake.testing';
import { connectVisitor, createChannel, visitorSession, webchatBody } from '../inbox/testing/inbox.testing';
import { FakeOpenAi } from '../team-chat/fake-openai.testing';
import { listen } from '../team-chat/team-chat.testing';
import { publishedAiBot } from './testing/chatbots.testing';

// With an OpenAI-compatible provider (a local fake server): the AI bot's answer is the model's,
// written from the guardrails, the bot's own instructions and the retrieved passages.

let ctx: TTestApp;
let baseUrl: string;
const openai = new FakeOpenAi();
const whatsapp = new FakeWhatsApp();

const FAQS = [
  { question: 'Qual o prazo de entrega?', answer: 'Entregamos em até 5 dias úteis em todo o Brasil.' },
];
const INSTRUCTIONS = 'Fale de forma simpática. Somos a Loja Exemplo. Nunca prometa descontos.';

beforeAll(async () => {
  await openai.start();
  ctx = await startTestApp({
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: openai.url,
    OPENAI_MODEL: 'fake-model',
    WHATSAPP_GRAPH_URL: await whatsapp.start(),
  });
  baseUrl = await listen(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await openai.stop();
  await whatsapp.stop();
});

describe('AI bot with an OpenAI-compatible model (local fake server)', { timeout: 60_000 }, () => {
  it('answers on web chat with the model, prompted with the guardrails, the bot instructions, the language and the passages', async () => {
    const owner = await signUp(ctx);
    const body = webchatBody('Site');
    const channel = await createChannel(ctx, owner, body);
    await publishedAiBot(ctx, owner, [channel._id], { faqs: FAQS, ai: { instructions: INSTRUCTIONS } });
    const session = await visitorSession(ctx, body.slug);
    const visitor = await connectVisitor(baseUrl, body.slug, session.token);
    try {
      const before = openai.chatRequests().length;
      await visitor.call('message' as never, { id: 'm1', text: 'Qual o prazo de entrega?' });
      const reply = await visitor.waitFor<{ body: string; author: string }>(
        'message',
        (m) => m.body === 'Resposta do modelo para: Qual o prazo de entrega?',
      );
      expect(reply.author).toBe('bot');
      const [sent] = openai.chatRequests().slice(before);
      const system = sent.body.messages[0];
      expect(system.role).toBe('system');
      expect(system.content).toContain(KNOWLEDGE_GUARDRAILS);
      expect(system.content).toContain(INSTRUCTIONS);
      expect(system.content).toContain('reply in it');
      expect(system.content).toContain('Brazilian Portuguese');
      expect(system.content).toContain(
        '[1] (Qual o prazo de entrega?)\nQual o prazo de entrega?\n\nEntregamos em até 5 dias úteis em todo o Brasil.',
      );
      expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: 'Qual o prazo de entrega?' });

      // Nothing in the knowledge base: the model is not asked; the bot says it does not know.
      const asked = openai.chatRequests().length;
      await visitor.call('message' as never, { id: 'm2', text: 'Qual a cor do céu de Marte?' });
      await visitor.waitFor('message', (m: { body: string }) =>
        m.body.startsWith('Não encontrei essa informação'),
      );
      expect(openai.chatRequests()).toHaveLength(asked);
    } finally {
      visitor.close();
    }
  });

  it("notes the model's summary of the exchange for the team when it hands over", async () => {
    const owner = await signUp(ctx);
    const body = webchatBody('Site');
    const channel = await createChannel(ctx, owner, body);
    await publishedAiBot(ctx, owner, [channel._id], { faqs: FAQS });
    const session = await visitorSession(ctx, body.slug);
    const visitor = await connectVisitor(baseUrl, body.slug, session.token);
    try {
      await visitor.call('message' as never, { id: 'm1', text: 'Qual o prazo de entrega?' });
      await visitor.waitFor('message', (m: { body: string }) => m.body.startsWith('Resposta do modelo'));
      const before = openai.chatRequests().length;
      await visitor.call('message' as never, { id: 'm2', text: 'Quero falar com um atendente' });
      await visitor.waitFor('message', (m: { body: string }) => m.body.startsWith('Vou transferir você'));
      const [asked] = openai.chatRequests().slice(before);
      expect(asked.body.messages[0].content).toContain('Summarise this exchange');
      expect(asked.body.messages[0].content).toContain('Brazilian Portuguese');
      const transcript =
        'Customer: Qual o prazo de entrega?\nBot: Resposta do modelo para: Qual o prazo de entrega?\nCustomer: Quero falar com um atendente';
      expect(asked.body.messages.at(-1)).toEqual({ role: 'user', content: transcript });
      const notes = await queryRows<{ body: string }>(
        ctx,
        sql`select body from messages where account_id = ${owner.accountId} and private and author_type = 'bot'`,
      );
      expect(notes.map((n) => n.body)).toEqual([
        `Resumo do assistente de IA\nMotivo: o cliente pediu para falar com uma pessoa.\n\nResposta do modelo para: ${transcript}`,
      ]);
    } finally {
      visitor.close();
    }
  });

  it('answers on WhatsApp in English for an English question, and a failing model falls back to the labelled retrieved answer', async () => {
    const owner = await signUp(ctx);
    const channel = await insertWhatsAppChannel(ctx, owner.accountId);
    await publishedAiBot(ctx, owner, [channel.id], {
      faqs: [{ question: 'What are your opening hours?', answer: 'We open Monday to Friday, 9 am to 6 pm.' }],
    });
    const phone = '5511970016001';
    const textsTo = () =>
      whatsapp.sends.filter((s) => s.body.to === phone).map((s) => s.body.text?.body as string);
    const before = openai.chatRequests().length;
    expect(await customerWritesOnWhatsApp(ctx, channel, phone, 'What are your opening hours?')).toBe(200);
    await until(async () => textsTo().length >= 1);
    expect(textsTo()).toEqual(['Resposta do modelo para: What are your opening hours?']);
    expect(openai.chatRequests()[before].body.messages[0].content).toContain(
      'The customer writes in English',
    );

    openai.failNext = 10;
    expect(await customerWritesOnWhatsApp(ctx, channel, phone, 'What are your opening hours today?')).toBe(
      200,
    );
    await until(async () => textsTo().length >= 2);
    openai.failNext = 0;
    expect(textsTo()[1]).toBe(
      'I found this in our knowledge base:\n\nWe open Monday to Friday, 9 am to 6 pm.\n\nSource: What are your opening hours?',
    );
    const [conversation] = await queryRows<{ stage: string }>(
      ctx,
      sql`select stage from conversations where account_id = ${owner.accountId}`,
    );
    expect(conversation.stage).toBe('flow');
  });
});

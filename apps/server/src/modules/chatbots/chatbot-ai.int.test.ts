import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWhatsApp } from '../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { connectVisitor, createChannel, visitorSession, webchatBody } from '../inbox/testing/inbox.testing';
import { customerWritesOnWhatsApp, insertWhatsAppChannel } from '../inbox/testing/intake.testing';
import { listen } from '../team-chat/team-chat.testing';
import { hybridFlow, publishedAiBot } from './testing/chatbots.testing';

// Without an OpenAI-compatible provider: the AI bot answers honestly with the retrieved FAQ answer
// (labelled as found in the knowledge base) and hands over when nothing matches.

let ctx: TTestApp;
let baseUrl: string;
let fake: FakeWhatsApp;

const FAQS = [
  { question: 'Qual o prazo de entrega?', answer: 'Entregamos em até 5 dias úteis em todo o Brasil.' },
  { question: 'Quais as formas de pagamento?', answer: 'Aceitamos Pix, boleto e cartão de crédito.' },
  { question: 'What are your opening hours?', answer: 'We open Monday to Friday, 9 am to 6 pm.' },
];
const DELIVERY_PT =
  'Encontrei isto na nossa base de conhecimento:\n\nEntregamos em até 5 dias úteis em todo o Brasil.\n\nFonte: Qual o prazo de entrega?';

beforeAll(async () => {
  fake = new FakeWhatsApp();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await fake.start() });
  baseUrl = await listen(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

async function stageOf(accountId: string, conversationId: string) {
  const [row] = await queryRows<{ stage: string; department_id: string | null }>(
    ctx,
    sql`select stage, department_id from conversations where account_id = ${accountId} and id = ${conversationId}`,
  );
  return row;
}

async function conversationOfPhone(accountId: string, phone: string) {
  const [row] = await queryRows<{ id: string; stage: string }>(
    ctx,
    sql`select c.id, c.stage from conversations c join contacts k on k.id = c.contact_id
        where c.account_id = ${accountId} and k.phone = ${`+${phone}`} order by c.created_at desc limit 1`,
  );
  return row;
}

/** An account with a web chat channel, a published bot on it, and a visitor connected. */
type TBotOpts = Parameters<typeof publishedAiBot>[3];
async function webChatWith(opts: TBotOpts | ((owner: TSignedUp) => Promise<TBotOpts>)) {
  const owner = await signUp(ctx);
  const body = webchatBody('Site');
  const channel = await createChannel(ctx, owner, body);
  const slug = body.slug;
  const botId = await publishedAiBot(
    ctx,
    owner,
    [channel._id],
    typeof opts === 'function' ? await opts(owner) : opts,
  );
  const session = await visitorSession(ctx, slug);
  const visitor = await connectVisitor(baseUrl, slug, session.token);
  let n = 0;
  const says = async (text: string) => {
    n++;
    const ack = await visitor.call('message' as never, { id: `m${n}`, text });
    expect(ack.status).toBe(1);
    return ack as { status: number; conversationId?: string };
  };
  const bot = (after: number) => (match: string) =>
    visitor.waitFor<{ body: string; author: string }>('message', (m) => m.body === match, { after });
  return { owner, botId, visitor, says, bot };
}

async function conversationOfVisitor(accountId: string) {
  const [row] = await queryRows<{ id: string }>(
    ctx,
    sql`select id from conversations where account_id = ${accountId} order by created_at desc limit 1`,
  );
  return row.id;
}

describe('AI bot without a provider (built-in retrieval)', { timeout: 60_000 }, () => {
  it('answers on web chat with the retrieved FAQ answer, labelled, in the customer language; hands over when nothing matches twice', async () => {
    const chat = await webChatWith({ faqs: FAQS });
    try {
      let mark = chat.visitor.mark();
      await chat.says('Qual o prazo de entrega?');
      const answer = await chat.bot(mark)(DELIVERY_PT);
      expect(answer.author).toBe('bot');

      // English question: the labels follow the customer's language.
      mark = chat.visitor.mark();
      await chat.says('What are your opening hours?');
      await chat.bot(mark)(
        'I found this in our knowledge base:\n\nWe open Monday to Friday, 9 am to 6 pm.\n\nSource: What are your opening hours?',
      );

      // Nothing matches (another account's knowledge base is never searched): first the bot says
      // it does not know, the second time in a row it hands over.
      const other = await signUp(ctx);
      const theirs = await api(ctx.app, 'POST', `/p/ai/knowledge/sources/faq?acc=${other.accountId}`, {
        token: other.token,
        body: { question: 'Qual a cor do céu de Marte?', answer: 'Segredo da outra conta: rosado.' },
      });
      expect(theirs.statusCode).toBe(200);
      await until(async () => {
        const list = await api(ctx.app, 'GET', `/p/ai/knowledge/sources?acc=${other.accountId}`, {
          token: other.token,
        });
        return list.body.data.items[0]?.status === 'trained';
      });
      mark = chat.visitor.mark();
      await chat.says('Qual a cor do céu de Marte?');
      await chat.bot(mark)(
        'Não encontrei essa informação na nossa base de conhecimento. Pode perguntar de outro jeito? Se preferir, escreva "atendente".',
      );
      const conversationId = await conversationOfVisitor(chat.owner.accountId);
      expect((await stageOf(chat.owner.accountId, conversationId)).stage).toBe('flow');
      mark = chat.visitor.mark();
      await chat.says('E a cor do céu de Júpiter?');
      await chat.bot(mark)('Vou transferir você para um atendente. Aguarde um momento, por favor.');
      await until(async () => (await stageOf(chat.owner.accountId, conversationId)).stage === 'waiting');
      const bodies = chat.visitor.events.filter((e) => e.event === 'message').map((e) => e.payload.body);
      expect(bodies.join('\n')).not.toContain('Segredo da outra conta');
    } finally {
      chat.visitor.close();
    }
  });

  it('hands over at once when the customer asks for a person (pt-BR and en defaults, custom keywords), to the configured department', async () => {
    let departmentId = '';
    const chat = await webChatWith(async (owner) => {
      const department = await api(ctx.app, 'POST', `/p/chat/departments?acc=${owner.accountId}`, {
        token: owner.token,
        body: { name: 'Suporte' },
      });
      expect(department.statusCode, JSON.stringify(department.body)).toBe(200);
      departmentId = department.body.data._id;
      return { faqs: FAQS, ai: { customKeywords: ['reclamação'], departmentId } };
    });
    try {
      const mark = chat.visitor.mark();
      await chat.says('Quero falar com um atendente, por favor');
      await chat.bot(mark)('Vou transferir você para um atendente. Aguarde um momento, por favor.');
      const conversationId = await conversationOfVisitor(chat.owner.accountId);
      await until(async () => (await stageOf(chat.owner.accountId, conversationId)).stage === 'waiting');
      expect((await stageOf(chat.owner.accountId, conversationId)).department_id).toBe(departmentId);
    } finally {
      chat.visitor.close();
    }
    const bot = await api(ctx.app, 'GET', `/p/chatbots/${chat.botId}?acc=${chat.owner.accountId}`, {
      token: chat.owner.token,
    });
    expect(bot.body.data.chatbot.ai).toEqual({
      instructions: '',
      personKeywords: [
        'atendente',
        'humano',
        'pessoa',
        'falar com alguém',
        'agent',
        'human',
        'person',
        'representative',
      ],
      customKeywords: ['reclamação'],
      lowConfidenceTurns: 2,
      departmentId,
      outOfHours: 'handover',
    });
  });

  it('a custom keyword hands over on WhatsApp (fake Graph), after a retrieved answer', async () => {
    const owner = await signUp(ctx);
    const channel = await insertWhatsAppChannel(ctx, owner.accountId);
    await publishedAiBot(ctx, owner, [channel.id], { faqs: FAQS, ai: { customKeywords: ['reclamação'] } });
    const phone = '5511970015001';
    const textsTo = () =>
      fake.sends.filter((s) => s.body.to === phone).map((s) => s.body.text?.body as string);
    expect(await customerWritesOnWhatsApp(ctx, channel, phone, 'Qual o prazo de entrega?')).toBe(200);
    await until(async () => textsTo().length >= 1);
    expect(textsTo()).toEqual([DELIVERY_PT]);
    expect(await customerWritesOnWhatsApp(ctx, channel, phone, 'Tenho uma Reclamação!')).toBe(200);
    await until(async () => (await conversationOfPhone(owner.accountId, phone))?.stage === 'waiting');
    await until(async () => textsTo().length >= 2);
    expect(textsTo()).toEqual([
      DELIVERY_PT,
      'Vou transferir você para um atendente. Aguarde um momento, por favor.',
    ]);
  });

  it('with AI turned off on the account (aiEnable false) the bot does not answer and hands over', async () => {
    const chat = await webChatWith({ faqs: FAQS });
    await queryRows(ctx, sql`update accounts set ai_enable = false where id = ${chat.owner.accountId}`);
    try {
      const mark = chat.visitor.mark();
      await chat.says('Qual o prazo de entrega?');
      await chat.bot(mark)('Vou transferir você para um atendente. Aguarde um momento, por favor.');
      const conversationId = await conversationOfVisitor(chat.owner.accountId);
      await until(async () => (await stageOf(chat.owner.accountId, conversationId)).stage === 'waiting');
      const bodies = chat.visitor.events.filter((e) => e.event === 'message').map((e) => e.payload.body);
      expect(bodies).not.toContain(DELIVERY_PT);
    } finally {
      chat.visitor.close();
    }
  });
});

describe('hybrid bot: the AI agent block of a flow', { timeout: 60_000 }, () => {
  it('answers from the knowledge base inside the block and leaves by the resolved exit on thanks', async () => {
    const chat = await webChatWith({ type: 'hybrid', faqs: FAQS, flow: hybridFlow() });
    try {
      let mark = chat.visitor.mark();
      await chat.says('oi');
      await chat.bot(mark)('Olá! Sou o assistente.');
      await chat.bot(mark)('Pode perguntar.');
      mark = chat.visitor.mark();
      await chat.says('Qual o prazo de entrega?');
      await chat.bot(mark)(DELIVERY_PT);
      mark = chat.visitor.mark();
      await chat.says('Obrigado!');
      await chat.bot(mark)('Que bom que ajudei. Até logo!');
    } finally {
      chat.visitor.close();
    }
  });

  it('leaves by the max-turns exit after the configured answers, and by the hand-over exit when asked', async () => {
    const chat = await webChatWith({ type: 'hybrid', faqs: FAQS, flow: hybridFlow({ maxTurns: 1 }) });
    try {
      let mark = chat.visitor.mark();
      await chat.says('oi');
      await chat.bot(mark)('Pode perguntar.');
      mark = chat.visitor.mark();
      await chat.says('Quais as formas de pagamento?');
      await chat.bot(mark)(
        'Encontrei isto na nossa base de conhecimento:\n\nAceitamos Pix, boleto e cartão de crédito.\n\nFonte: Quais as formas de pagamento?',
      );
      await chat.bot(mark)('Vou chamar alguém para continuar.');
      const conversationId = await conversationOfVisitor(chat.owner.accountId);
      await until(async () => (await stageOf(chat.owner.accountId, conversationId)).stage === 'waiting');
    } finally {
      chat.visitor.close();
    }

    const human = await webChatWith({ type: 'hybrid', faqs: FAQS, flow: hybridFlow({ handoverEdge: true }) });
    try {
      let mark = human.visitor.mark();
      await human.says('oi');
      await human.bot(mark)('Pode perguntar.');
      mark = human.visitor.mark();
      await human.says('I want to talk to a human');
      await human.bot(mark)('Chamando um humano pelo fluxo.');
    } finally {
      human.visitor.close();
    }
  });
});

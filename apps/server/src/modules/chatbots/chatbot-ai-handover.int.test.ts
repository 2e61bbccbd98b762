import { readFileSync } from 'node:fs';
import { WEEKDAYS } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { localWeekTime } from '../inbox-settings/business-hours';
import { connectVisitor, createChannel, visitorSession, webchatBody } from '../inbox/testing/inbox.testing';
import { listen } from '../team-chat/team-chat.testing';
import { hybridFlow, publishedAiBot } from './testing/chatbots.testing';

// Without a model: hand-over outside the attendance hours, the hand-over note for the team, an AI
// agent block restricted to chosen knowledge sources, and an AI bot's single list of hand-over words.

let ctx: TTestApp;
let baseUrl: string;

const FAQS = [
  { question: 'Qual o prazo de entrega?', answer: 'Entregamos em até 5 dias úteis em todo o Brasil.' },
  { question: 'Quais as formas de pagamento?', answer: 'Aceitamos Pix, boleto e cartão de crédito.' },
];
const DELIVERY_PT =
  'Encontrei isto na nossa base de conhecimento:\n\nEntregamos em até 5 dias úteis em todo o Brasil.\n\nFonte: Qual o prazo de entrega?';
const HANDOVER_PT = 'Vou transferir você para um atendente. Aguarde um momento, por favor.';

beforeAll(async () => {
  ctx = await startTestApp();
  baseUrl = await listen(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

type TBotOpts = Parameters<typeof publishedAiBot>[3];
async function webChatWith(owner: TSignedUp, opts: TBotOpts) {
  const body = webchatBody('Site');
  const channel = await createChannel(ctx, owner, body);
  const botId = await publishedAiBot(ctx, owner, [channel._id], opts);
  const session = await visitorSession(ctx, body.slug);
  const visitor = await connectVisitor(baseUrl, body.slug, session.token);
  let n = 0;
  const says = async (text: string) => {
    n++;
    const ack = await visitor.call('message' as never, { id: `m${n}`, text });
    expect(ack.status).toBe(1);
  };
  const bot = (after: number) => (match: string) =>
    visitor.waitFor<{ body: string; author: string }>('message', (m) => m.body === match, { after });
  return { botId, visitor, says, bot };
}

async function conversationOf(accountId: string) {
  const [row] = await queryRows<{ id: string; stage: string }>(
    ctx,
    sql`select id, stage from conversations where account_id = ${accountId} order by created_at desc limit 1`,
  );
  return row;
}

async function notesOf(accountId: string, conversationId: string) {
  return queryRows<{ body: string; author_name: string; author_type: string }>(
    ctx,
    sql`select body, author_name, author_type from messages
         where account_id = ${accountId} and conversation_id = ${conversationId} and private
           and author_type = 'bot'
         order by created_at`,
  );
}

describe('AI bot: asking for a person outside the attendance hours', { timeout: 90_000 }, () => {
  it('keeps answering and says when the team is back (keep_answering); hands over anyway by default', async () => {
    const owner = await signUp(ctx);
    // Open only on the day after tomorrow (account zone): closed now, back that day at 08:00.
    const today = localWeekTime(new Date(), 'America/Sao_Paulo').day;
    const back = WEEKDAYS[(WEEKDAYS.indexOf(today) + 2) % 7];
    const hours = Object.fromEntries(
      WEEKDAYS.map((d) => [d, d === back ? [{ start: '08:00', end: '18:00' }] : []]),
    );
    const put = await api(ctx.app, 'PUT', `/p/chat/settings?acc=${owner.accountId}`, {
      token: owner.token,
      body: { hoursEnabled: true, hours },
    });
    expect(put.statusCode, JSON.stringify(put.body)).toBe(200);

    const names: Record<string, string> = {
      monday: 'na segunda-feira',
      tuesday: 'na terça-feira',
      wednesday: 'na quarta-feira',
      thursday: 'na quinta-feira',
      friday: 'na sexta-feira',
      saturday: 'no sábado',
      sunday: 'no domingo',
    };
    const chat = await webChatWith(owner, { faqs: FAQS, ai: { outOfHours: 'keep_answering' } });
    try {
      let mark = chat.visitor.mark();
      await chat.says('Quero falar com um atendente');
      await chat.bot(mark)(
        `Nossa equipe está fora do horário de atendimento agora e volta ${names[back]} às 08:00. Enquanto isso, posso continuar ajudando com suas dúvidas por aqui.`,
      );
      const conversation = await conversationOf(owner.accountId);
      expect(conversation.stage).toBe('flow');
      mark = chat.visitor.mark();
      await chat.says('Qual o prazo de entrega?');
      await chat.bot(mark)(DELIVERY_PT);
      expect((await conversationOf(owner.accountId)).stage).toBe('flow');
    } finally {
      chat.visitor.close();
    }
    const bot = await api(ctx.app, 'GET', `/p/chatbots/${chat.botId}?acc=${owner.accountId}`, {
      token: owner.token,
    });
    expect(bot.body.data.chatbot.ai.outOfHours).toBe('keep_answering');

    // The default: hand over anyway (the conversation waits in the queue).
    const second = await signUp(ctx);
    const put2 = await api(ctx.app, 'PUT', `/p/chat/settings?acc=${second.accountId}`, {
      token: second.token,
      body: { hoursEnabled: true, hours },
    });
    expect(put2.statusCode).toBe(200);
    const other = await webChatWith(second, { faqs: FAQS });
    try {
      const mark = other.visitor.mark();
      await other.says('Quero falar com um atendente');
      await other.bot(mark)(HANDOVER_PT);
      await until(async () => (await conversationOf(second.accountId)).stage === 'waiting');
    } finally {
      other.visitor.close();
    }

    const bad = await api(ctx.app, 'PATCH', `/p/chatbots/${chat.botId}?acc=${owner.accountId}`, {
      token: owner.token,
      body: { ai: { outOfHours: 'never' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('hand-over note for the team', { timeout: 90_000 }, () => {
  it('an AI bot notes the last questions (labelled, without a model) before handing over', async () => {
    const owner = await signUp(ctx);
    const chat = await webChatWith(owner, { faqs: FAQS });
    try {
      let mark = chat.visitor.mark();
      await chat.says('Qual o prazo de entrega?');
      await chat.bot(mark)(DELIVERY_PT);
      mark = chat.visitor.mark();
      await chat.says('Vocês vendem bicicletas elétricas?');
      await chat.bot(mark)(
        'Não encontrei essa informação na nossa base de conhecimento. Pode perguntar de outro jeito? Se preferir, escreva "atendente".',
      );
      mark = chat.visitor.mark();
      await chat.says('Quero falar com um atendente');
      await chat.bot(mark)(HANDOVER_PT);
      const conversation = await conversationOf(owner.accountId);
      await until(async () => (await conversationOf(owner.accountId)).stage === 'waiting');
      const notes = await notesOf(owner.accountId, conversation.id);
      expect(notes).toEqual([
        {
          body: [
            'Resumo do assistente de IA\nMotivo: o cliente pediu para falar com uma pessoa.',
            'Últimas perguntas do cliente:\n- Qual o prazo de entrega?\n- Vocês vendem bicicletas elétricas? (sem resposta na base de conhecimento)\n- Quero falar com um atendente',
          ].join('\n\n'),
          author_name: 'Robô IA',
          author_type: 'bot',
        },
      ]);
      // The note is private: the visitor never gets it.
      const bodies = chat.visitor.events.filter((e) => e.event === 'message').map((e) => e.payload.body);
      expect(bodies.join('\n')).not.toContain('Resumo do assistente');
    } finally {
      chat.visitor.close();
    }
  });

  it('a hybrid AI agent block notes the exchange when it leaves by its max-turns exit', async () => {
    const owner = await signUp(ctx);
    const chat = await webChatWith(owner, { type: 'hybrid', faqs: FAQS, flow: hybridFlow({ maxTurns: 1 }) });
    try {
      let mark = chat.visitor.mark();
      await chat.says('oi');
      await chat.bot(mark)('Pode perguntar.');
      mark = chat.visitor.mark();
      await chat.says('Quais as formas de pagamento?');
      await chat.bot(mark)('Vou chamar alguém para continuar.');
      const conversation = await conversationOf(owner.accountId);
      await until(async () => (await conversationOf(owner.accountId)).stage === 'waiting');
      const [note] = await notesOf(owner.accountId, conversation.id);
      expect(note.body).toBe(
        'Resumo do assistente de IA\nMotivo: o limite de respostas da IA foi atingido.\n\nÚltimas perguntas do cliente:\n- Quais as formas de pagamento?',
      );
    } finally {
      chat.visitor.close();
    }
  });
});

describe('AI agent block restricted to chosen knowledge sources', { timeout: 90_000 }, () => {
  it('answers only from the sources the block names', async () => {
    const owner = await signUp(ctx);
    const acc = `?acc=${owner.accountId}`;
    // An account-wide source the block chooses; the bot's own FAQs are left out.
    const chosen = await api(ctx.app, 'POST', `/p/ai/knowledge/sources/faq${acc}`, {
      token: owner.token,
      body: { question: 'Vocês têm loja física?', answer: 'Sim, na Rua das Flores, 100.' },
    });
    expect(chosen.statusCode, JSON.stringify(chosen.body)).toBe(200);
    const flow = hybridFlow();
    const agent = flow.groups[0].blocks[1] as Record<string, unknown>;
    agent.sourceIds = [chosen.body.data._id];
    await until(async () => {
      const list = await api(ctx.app, 'GET', `/p/ai/knowledge/sources${acc}`, { token: owner.token });
      return list.body.data.items[0]?.status === 'trained';
    });
    const chat = await webChatWith(owner, { type: 'hybrid', faqs: FAQS, flow });
    try {
      let mark = chat.visitor.mark();
      await chat.says('oi');
      await chat.bot(mark)('Pode perguntar.');
      mark = chat.visitor.mark();
      await chat.says('Vocês têm loja física?');
      await chat.bot(mark)(
        'Encontrei isto na nossa base de conhecimento:\n\nSim, na Rua das Flores, 100.\n\nFonte: Vocês têm loja física?',
      );
      mark = chat.visitor.mark();
      await chat.says('Qual o prazo de entrega?');
      await chat.bot(mark)(
        'Não encontrei essa informação na nossa base de conhecimento. Pode perguntar de outro jeito? Se preferir, escreva "atendente".',
      );
    } finally {
      chat.visitor.close();
    }
  });
});

describe("an AI bot's single list of hand-over words", { timeout: 90_000 }, () => {
  it('new AI bots have no separate exact-match list; words sent for it join the AI hand-over words', async () => {
    const owner = await signUp(ctx);
    const acc = `?acc=${owner.accountId}`;
    const created = await api(ctx.app, 'POST', `/p/chatbots${acc}`, {
      token: owner.token,
      body: { name: 'IA', type: 'ai', channelIds: [] },
    });
    expect(created.body.data.handoverKeywords).toEqual([]);
    const patched = await api(ctx.app, 'PATCH', `/p/chatbots/${created.body.data._id}${acc}`, {
      token: owner.token,
      body: { handoverKeywords: ['Cancelar', 'humano'] },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.body.data.handoverKeywords).toEqual([]);
    expect(patched.body.data.ai.customKeywords).toEqual(['cancelar']);

    const someone = await signUp(ctx);
    const flow = await api(ctx.app, 'POST', `/p/chatbots?acc=${someone.accountId}`, {
      token: someone.token,
      body: { name: 'Fluxo', type: 'hybrid', channelIds: [] },
    });
    expect(flow.body.data.handoverKeywords).toEqual(['atendente', 'humano']);
  });

  it('the migration moves an AI bot’s exact-match words into its AI hand-over words', async () => {
    const owners: TSignedUp[] = [];
    const make = async (type: string) => {
      const owner = await signUp(ctx);
      owners.push(owner);
      const made = await api(ctx.app, 'POST', `/p/chatbots?acc=${owner.accountId}`, {
        token: owner.token,
        body: { name: type, type },
      });
      return made.body.data._id as string;
    };
    const ai = await make('ai');
    const custom = await make('ai');
    const hybrid = await make('hybrid');
    await queryRows(
      ctx,
      sql`update chatbots set handover_keywords = '["atendente", " Falar Com Gerente ", "reclamação"]'::jsonb,
                              ai_settings = '{}'::jsonb
           where id = ${ai}`,
    );
    await queryRows(
      ctx,
      sql`update chatbots set handover_keywords = '["cancelar", "sair"]'::jsonb,
                              ai_settings = '{"customKeywords": ["sair"], "personKeywords": ["gente"]}'::jsonb
           where id = ${custom}`,
    );
    const [statement] = readFileSync(
      new URL('../../../drizzle/0039_ai_handover_embeddings.sql', import.meta.url),
      'utf8',
    ).split('--> statement-breakpoint');
    await queryRows(ctx, sql.raw(statement!));
    const rows = await queryRows<{
      id: string;
      handover_keywords: string[];
      ai_settings: Record<string, unknown>;
    }>(
      ctx,
      sql`select id, handover_keywords, ai_settings from chatbots where id in (${ai}, ${custom}, ${hybrid})`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ai)).toMatchObject({
      handover_keywords: [],
      ai_settings: { customKeywords: ['falar com gerente', 'reclamação'] },
    });
    expect(byId.get(custom)).toMatchObject({
      handover_keywords: [],
      ai_settings: { customKeywords: ['sair', 'cancelar'], personKeywords: ['gente'] },
    });
    expect(byId.get(hybrid)?.handover_keywords).toEqual(['atendente', 'humano']);
    const shown = await api(ctx.app, 'GET', `/p/chatbots/${ai}?acc=${owners[0]!.accountId}`, {
      token: owners[0]!.token,
    });
    expect(shown.body.data.chatbot.ai.customKeywords).toEqual(['falar com gerente', 'reclamação']);
    expect(shown.body.data.chatbot.ai.personKeywords).toContain('atendente');
  });
});

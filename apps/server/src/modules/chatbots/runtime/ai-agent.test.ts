import {
  blockExits,
  defaultAiSettings,
  type TFlowDocument,
  validateFlow,
  ZFlowDocument,
} from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { AI_TEXTS, aiIntent, closedText, detectLang, handoverNoteText, type TAiAgentDeps } from './ai-agent';
import { FlowEngine } from './flow-engine';
import { initialState } from './session-state';

const text = {
  contact: { name: 'Rita', phone: null, email: null, customFields: {} },
  now: new Date('2026-11-24T13:30:00Z'),
  timeZone: 'America/Sao_Paulo',
  seed: 's:0',
};

const ai = (over: Partial<TAiAgentDeps> = {}): TAiAgentDeps => ({
  enabled: true,
  lowConfidenceTurns: 2,
  departmentId: 'd-support',
  intent: (t) => aiIntent(t, defaultAiSettings()),
  say: (kind, t) => AI_TEXTS[detectLang(t, 'pt-BR')][kind],
  answer: async (t) => (t.includes('prazo') ? 'Até 5 dias.' : null),
  closedReply: async () => null,
  handoverNote: async (exchange) => handoverNoteText(exchange, 'pt-BR', null),
  ...over,
});

/** start → [text, ai_agent(maxTurns)]; exits connected as given. */
function hybrid(exits: Array<'resolved' | 'handover' | 'max_turns'>, maxTurns = 10): TFlowDocument {
  return ZFlowDocument.parse({
    version: 1,
    variables: [],
    events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
    groups: [
      {
        id: 'g',
        position: { x: 0, y: 0 },
        blocks: [
          { id: 'hi', type: 'text', text: 'Oi!' },
          { id: 'agent', type: 'ai_agent', message: 'Pergunte.', maxTurns },
        ],
      },
      ...exits.map((exit) => ({
        id: `g-${exit}`,
        position: { x: 0, y: 0 },
        blocks: [{ id: `t-${exit}`, type: 'text', text: `saída ${exit}` }],
      })),
    ],
    edges: [
      { id: 'e', from: { eventId: 'start' }, to: { groupId: 'g' } },
      ...exits.map((exit) => ({
        id: `e-${exit}`,
        from: { blockId: 'agent', exit },
        to: { groupId: `g-${exit}` },
      })),
    ],
  });
}

const sent = (r: { effects: Array<{ type: string; text?: string }> }) =>
  r.effects.filter((e) => e.type === 'send').map((e) => e.text);
const engineOf = (doc: TFlowDocument, deps: TAiAgentDeps | undefined = ai()) =>
  new FlowEngine(doc, {
    retryText: 'De novo?',
    isOpen: async () => true,
    http: async () => ({ ok: false }),
    ai: deps,
  });
const say = (t: string) => ({ kind: 'answer' as const, answer: { text: t, reply: null, fileUrl: null } });

describe('AI agent: intent and language', () => {
  it('asks for a person in pt-BR and en (anywhere in the message), thanks as resolved, questions as questions', () => {
    const s = { ...defaultAiSettings(), customKeywords: ['reclamação'] };
    expect(aiIntent('Quero falar com um ATENDENTE!', s)).toBe('handover');
    expect(aiIntent('can I talk to a human?', s)).toBe('handover');
    expect(aiIntent('tenho uma reclamacao', s)).toBe('handover');
    expect(aiIntent('Obrigado!', s)).toBe('resolved');
    expect(aiIntent('thanks, that is all', s)).toBe('resolved');
    expect(aiIntent('obrigado, e qual o prazo de entrega?', s)).toBe('question');
    expect(aiIntent('Qual o prazo?', s)).toBe('question');
  });

  it('detects pt-BR or en from the message, else the account language', () => {
    expect(detectLang('Qual é o prazo de entrega?', 'en')).toBe('pt-BR');
    expect(detectLang('What is the delivery time?', 'pt-BR')).toBe('en');
    expect(detectLang('12345', 'en')).toBe('en');
    expect(detectLang('12345', 'pt-BR')).toBe('pt-BR');
  });
});

describe('AI agent block in the flow engine', () => {
  it('has typed exits, waits for the customer (a loop through it is fine) and validates', () => {
    const doc = hybrid(['resolved', 'handover', 'max_turns']);
    expect(blockExits(doc.groups[0].blocks[1])).toEqual(['resolved', 'handover', 'max_turns']);
    expect(validateFlow(doc)).toEqual([]);
  });

  it('answers each message, leaves by resolved on thanks', async () => {
    const engine = engineOf(hybrid(['resolved']));
    const started = await engine.run(initialState(), { kind: 'start' }, text);
    expect(sent(started)).toEqual(['Oi!', 'Pergunte.']);
    expect(started.state.at).toEqual({ blockId: 'agent', kind: 'ai' });
    const answered = await engine.run(started.state, say('Qual o prazo?'), text);
    expect(sent(answered)).toEqual(['Até 5 dias.']);
    expect(answered.state.ai).toEqual({
      turns: 1,
      misses: 0,
      log: [{ q: 'Qual o prazo?', a: 'Até 5 dias.' }],
    });
    const done = await engine.run(answered.state, say('Obrigada'), text);
    expect(sent(done)).toEqual(['saída resolved']);
    expect(done.status).toBe('ended');
  });

  it('counts no-answer turns in a row and hands over (unconnected: transfer to the department)', async () => {
    const engine = engineOf(hybrid([]));
    const started = await engine.run(initialState(), { kind: 'start' }, text);
    const first = await engine.run(started.state, say('E o céu de Marte?'), text);
    expect(sent(first)).toEqual([AI_TEXTS['pt-BR'].no_answer]);
    expect(first.status).toBe('active');
    const second = await engine.run(first.state, say('E o céu de Júpiter?'), text);
    expect(sent(second)).toEqual([AI_TEXTS['pt-BR'].handover]);
    expect(second.effects.at(-1)).toEqual({ type: 'transfer', departmentId: 'd-support', operatorId: null });
    expect(second.status).toBe('transferred');
  });

  it('leaves by max_turns after the last allowed answer, by the handover edge when asked, and hands over when AI is off', async () => {
    const engine = engineOf(hybrid(['max_turns', 'handover'], 1));
    const started = await engine.run(initialState(), { kind: 'start' }, text);
    const max = await engine.run(started.state, say('Qual o prazo?'), text);
    expect(sent(max)).toEqual(['Até 5 dias.', 'saída max_turns']);
    const asked = await engine.run(started.state, say('I want a human'), text);
    expect(sent(asked)).toEqual(['saída handover']);

    const off = engineOf(hybrid([]), ai({ enabled: false }));
    const r = await off.run(initialState(), { kind: 'start' }, text);
    expect(sent(r)).toEqual(['Oi!', AI_TEXTS['pt-BR'].handover]);
    expect(r.status).toBe('transferred');
  });

  it('thanks with nothing after the block: says you are welcome and keeps answering', async () => {
    const engine = engineOf(hybrid([]));
    const started = await engine.run(initialState(), { kind: 'start' }, text);
    const thanks = await engine.run(started.state, say('thank you'), text);
    expect(sent(thanks)).toEqual([AI_TEXTS.en.closing]);
    expect(thanks.state.at).toEqual({ blockId: 'agent', kind: 'ai' });
  });
});

describe('AI agent: outside attendance hours, hand-over notes, chosen sources', () => {
  it('says when the team is back (today, tomorrow, a weekday; pt-BR and en)', () => {
    expect(closedText('pt-BR', { day: 'monday', time: '08:00' }, 'monday')).toBe(
      'Nossa equipe está fora do horário de atendimento agora e volta hoje às 08:00. Enquanto isso, posso continuar ajudando com suas dúvidas por aqui.',
    );
    expect(closedText('pt-BR', { day: 'tuesday', time: '09:30' }, 'monday')).toContain(
      'volta amanhã às 09:30.',
    );
    expect(closedText('pt-BR', { day: 'monday', time: '08:00' }, 'friday')).toContain(
      'volta na segunda-feira às 08:00.',
    );
    expect(closedText('pt-BR', { day: 'saturday', time: '10:00' }, 'wednesday')).toContain(
      'volta no sábado às 10:00.',
    );
    expect(closedText('en', { day: 'monday', time: '08:00' }, 'friday')).toBe(
      'Our team is outside its attendance hours right now and will be back on Monday at 08:00. Meanwhile, I can keep helping you with your questions here.',
    );
    expect(closedText('en', null, 'friday')).toBe(AI_TEXTS.en.closed_unknown);
  });

  it('keeps answering when asked for a person while closed (the bot says when the team is back)', async () => {
    const engine = engineOf(hybrid([]), ai({ closedReply: async () => 'Voltamos amanhã.' }));
    const started = await engine.run(initialState(), { kind: 'start' }, text);
    const asked = await engine.run(started.state, say('quero um atendente'), text);
    expect(sent(asked)).toEqual(['Voltamos amanhã.']);
    expect(asked.status).toBe('active');
    expect(asked.effects.some((e) => e.type === 'transfer')).toBe(false);
    const answered = await engine.run(asked.state, say('Qual o prazo?'), text);
    expect(sent(answered)).toEqual(['Até 5 dias.']);
  });

  it('notes the last questions for the team before handing over (with the collected variables)', async () => {
    const doc = hybrid([]);
    doc.variables.push({ id: 'v1', name: 'pedido' });
    const engine = engineOf(doc);
    const started = await engine.run(
      { ...initialState(), variables: { v1: '12345' } },
      { kind: 'start' },
      text,
    );
    const first = await engine.run(started.state, say('Qual o prazo?'), text);
    const second = await engine.run(first.state, say('E o céu de Marte?'), text);
    const third = await engine.run(second.state, say('Quero falar com um atendente'), text);
    expect(third.effects.map((e) => e.type)).toEqual(['note', 'send', 'transfer']);
    expect(third.effects[0]).toEqual({
      type: 'note',
      text: [
        'Resumo do assistente de IA\nMotivo: o cliente pediu para falar com uma pessoa.',
        'Últimas perguntas do cliente:\n- Qual o prazo?\n- E o céu de Marte? (sem resposta na base de conhecimento)\n- Quero falar com um atendente',
        'Dados coletados:\n- pedido: 12345',
      ].join('\n\n'),
    });
    expect(
      handoverNoteText(
        { reason: 'low_confidence', log: [{ q: 'x', a: null }], entities: [] },
        'en',
        'The summary.',
      ),
    ).toBe(
      "AI assistant summary\nReason: the knowledge base did not answer the customer's questions.\n\nThe summary.",
    );
  });

  it("answers from the block's chosen knowledge sources", async () => {
    const asked: Array<string[] | undefined> = [];
    const doc = hybrid([]);
    const block = doc.groups[0].blocks[1];
    if (block.type === 'ai_agent') block.sourceIds = ['s-1', 's-2'];
    const engine = engineOf(
      doc,
      ai({
        answer: async (_t, sourceIds) => {
          asked.push(sourceIds);
          return 'ok';
        },
      }),
    );
    const started = await engine.run(initialState(), { kind: 'start' }, text);
    await engine.run(started.state, say('Qual o prazo?'), text);
    expect(asked).toEqual([['s-1', 's-2']]);
  });
});

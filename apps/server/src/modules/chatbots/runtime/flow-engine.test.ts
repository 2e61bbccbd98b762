import { type TFlowDocument, validateFlow, ZFlowDocument } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { chatbotTemplates, flowTemplate } from '../chatbot-templates';
import { FlowEngine, pick, type TEngineDeps } from './flow-engine';
import { isPrivateAddress } from './http-request';
import { isValidCnpj, isValidCpf, parseAnswer } from './input-answers';
import { initialState, type TSessionState } from './session-state';

const text = {
  contact: { name: 'Rita Souza', phone: '+5511999990000', email: null, customFields: { plano: 'ouro' } },
  now: new Date('2026-11-24T13:30:00Z'),
  timeZone: 'America/Sao_Paulo',
  seed: 's:0',
};

const deps = (over: Partial<TEngineDeps> = {}): TEngineDeps => ({
  retryText: 'De novo?',
  isOpen: async () => true,
  http: async () => ({ ok: true, json: { a: { b: [{ c: 'x' }] } } }),
  ...over,
});

function flow(blocks: unknown[], extra: Partial<Record<keyof TFlowDocument, unknown>> = {}): TFlowDocument {
  return ZFlowDocument.parse({
    version: 1,
    variables: [
      { id: 'v1', name: 'nome' },
      { id: 'v2', name: 'x' },
    ],
    events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
    groups: [{ id: 'g', position: { x: 0, y: 0 }, blocks }],
    edges: [{ id: 'e', from: { eventId: 'start' }, to: { groupId: 'g' } }],
    ...extra,
  });
}

const sent = (r: { effects: Array<{ type: string; text?: string }> }) =>
  r.effects.filter((e) => e.type === 'send').map((e) => e.text);

describe('flow engine: blocks', () => {
  it('bubbles render variables, key entities and built-ins; the flow ends after the last block', async () => {
    const engine = new FlowEngine(
      flow([
        {
          id: 's',
          type: 'set_variable',
          variableId: 'v2',
          value: { kind: 'builtin', builtin: 'momentOfDay' },
        },
        { id: 't', type: 'text', text: '{{x}}, {{$firstName}}! Plano {{$plano}}, hoje {{$today}}.' },
        { id: 'i', type: 'image', url: 'https://x/y.png', caption: 'Foto' },
      ]),
      deps(),
    );
    const r = await engine.run(initialState(), { kind: 'start' }, text);
    expect(sent(r)).toEqual(['Bom dia, Rita! Plano ouro, hoje 24/11/2026.'.replace('Bom dia', 'bom dia')]);
    expect(r.effects[1]).toEqual({ type: 'media', kind: 'image', url: 'https://x/y.png', caption: 'Foto' });
    expect(r.status).toBe('ended');
  });

  it('an input asks and waits; a valid answer is captured (variable and contact) and the flow goes on', async () => {
    const engine = new FlowEngine(
      flow([
        {
          id: 'ask',
          type: 'email_input',
          prompt: 'E-mail?',
          variableId: 'v1',
          saveTo: 'email',
          retryMessage: 'Inválido',
        },
        { id: 't', type: 'text', text: 'Ok {{nome}}' },
      ]),
      deps(),
    );
    const asked = await engine.run(initialState(), { kind: 'start' }, text);
    expect(sent(asked)).toEqual(['E-mail?']);
    expect(asked.state.at).toEqual({ blockId: 'ask', kind: 'input' });
    const bad = await engine.run(asked.state, { kind: 'answer', answer: { text: 'nope' } }, text);
    expect(sent(bad)).toEqual(['Inválido']);
    expect(bad.state.retries).toBe(1);
    const good = await engine.run(bad.state, { kind: 'answer', answer: { text: 'Rita@Example.com' } }, text);
    expect(good.effects).toEqual([
      { type: 'contact', field: 'email', value: 'rita@example.com' },
      { type: 'send', text: 'Ok rita@example.com' },
    ]);
    expect(good.status).toBe('ended');
  });

  it('past the retry limit the input leaves by retry_exhausted; its timeout arms a timer and leaves by timeout', async () => {
    const doc = flow(
      [
        { id: 'ask', type: 'number_input', prompt: 'Idade?', retryLimit: 1, timeout: { minutes: 2 } },
        { id: 'ok', type: 'text', text: 'ok' },
      ],
      {
        groups: [
          {
            id: 'g',
            position: { x: 0, y: 0 },
            blocks: [
              { id: 'ask', type: 'number_input', prompt: 'Idade?', retryLimit: 1, timeout: { minutes: 2 } },
              { id: 'ok', type: 'text', text: 'ok' },
            ],
          },
          { id: 'g2', position: { x: 0, y: 0 }, blocks: [{ id: 'gone', type: 'transfer' }] },
        ],
        edges: [
          { id: 'e', from: { eventId: 'start' }, to: { groupId: 'g' } },
          { id: 'e2', from: { blockId: 'ask', exit: 'retry_exhausted' }, to: { groupId: 'g2' } },
          { id: 'e3', from: { blockId: 'ask', exit: 'timeout' }, to: { groupId: 'g2' } },
        ],
      },
    );
    const engine = new FlowEngine(doc, deps());
    const asked = await engine.run(initialState(), { kind: 'start' }, text);
    expect(asked.timer).toEqual({ kind: 'input_timeout', seconds: 120 });
    const once = await engine.run(asked.state, { kind: 'answer', answer: { text: 'abc' } }, text);
    expect(sent(once)).toEqual(['De novo?']);
    const twice = await engine.run(once.state, { kind: 'answer', answer: { text: 'abc' } }, text);
    expect(twice.status).toBe('transferred');
    const late = await engine.run(asked.state, { kind: 'timer', timer: 'input_timeout' }, text);
    expect(late.effects).toEqual([{ type: 'transfer', departmentId: null, operatorId: null }]);
  });

  it('choices follow the picked option (reply id, number or title); unconnected ones fall through', async () => {
    const doc = ZFlowDocument.parse({
      version: 1,
      variables: [],
      events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
      groups: [
        {
          id: 'g',
          position: { x: 0, y: 0 },
          blocks: [
            {
              id: 'm',
              type: 'choice_input',
              prompt: 'Qual?',
              options: [
                { id: 'a', title: 'Vendas' },
                { id: 'b', title: 'Suporte Técnico' },
              ],
            },
            { id: 'next', type: 'text', text: 'seguiu' },
          ],
        },
        { id: 'ga', position: { x: 0, y: 0 }, blocks: [{ id: 'ta', type: 'text', text: 'vendas' }] },
      ],
      edges: [
        { id: 'e', from: { eventId: 'start' }, to: { groupId: 'g' } },
        { id: 'ea', from: { blockId: 'm', exit: 'a' }, to: { groupId: 'ga' } },
      ],
    });
    const engine = new FlowEngine(doc, deps());
    const asked = await engine.run(initialState(), { kind: 'start' }, text);
    expect(asked.effects[0]).toMatchObject({
      type: 'send',
      text: 'Qual?',
      options: [{ id: 'a' }, { id: 'b' }],
    });
    for (const answer of [
      { text: '1' },
      { text: 'vendas' },
      { text: 'Vendas', reply: { id: 'a', title: 'Vendas' } },
    ])
      expect(sent(await engine.run(asked.state, { kind: 'answer', answer }, text))).toEqual(['vendas']);
    expect(
      sent(await engine.run(asked.state, { kind: 'answer', answer: { text: 'suporte tecnico' } }, text)),
    ).toEqual(['seguiu']);
  });

  it('conditions (AND/OR, operators), A/B split (stable per session), business hours, HTTP mapping', async () => {
    const doc = ZFlowDocument.parse({
      version: 1,
      variables: [{ id: 'v', name: 'v' }],
      events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
      groups: [
        {
          id: 'g',
          position: { x: 0, y: 0 },
          blocks: [
            {
              id: 'h',
              type: 'http_request',
              url: 'https://api.example.com',
              mapping: [{ path: 'a.b.0.c', variableId: 'v' }],
            },
            {
              id: 'c',
              type: 'condition',
              logic: 'and',
              conditions: [
                { left: 'v', operator: 'equals', right: 'X' },
                { left: '$name', operator: 'starts_with', right: 'rita' },
                { left: '$email', operator: 'is_empty' },
              ],
            },
            { id: 'no', type: 'text', text: 'falso' },
          ],
        },
        {
          id: 'gt',
          position: { x: 0, y: 0 },
          blocks: [
            { id: 'bh', type: 'business_hours' },
            { id: 'closed', type: 'text', text: 'fechado' },
          ],
        },
        {
          id: 'go',
          position: { x: 0, y: 0 },
          blocks: [
            { id: 'ab', type: 'ab_split', percentA: 100 },
            { id: 'b', type: 'text', text: 'B' },
          ],
        },
        { id: 'ga', position: { x: 0, y: 0 }, blocks: [{ id: 'a', type: 'text', text: 'A {{v}}' }] },
      ],
      edges: [
        { id: 'e', from: { eventId: 'start' }, to: { groupId: 'g' } },
        { id: 'e1', from: { blockId: 'c', exit: 'true' }, to: { groupId: 'gt' } },
        { id: 'e2', from: { blockId: 'bh', exit: 'open' }, to: { groupId: 'go' } },
        { id: 'e3', from: { blockId: 'ab', exit: 'a' }, to: { groupId: 'ga' } },
      ],
    });
    expect(validateFlow(doc)).toEqual([]);
    expect(sent(await new FlowEngine(doc, deps()).run(initialState(), { kind: 'start' }, text))).toEqual([
      'A x',
    ]);
    expect(
      sent(
        await new FlowEngine(doc, deps({ isOpen: async () => false })).run(
          initialState(),
          { kind: 'start' },
          text,
        ),
      ),
    ).toEqual(['fechado']);
    expect(
      sent(
        await new FlowEngine(doc, deps({ http: async () => ({ ok: false }) })).run(
          initialState(),
          { kind: 'start' },
          text,
        ),
      ),
    ).toEqual(['falso']);
  });

  it('a wait block arms a timer and goes on when it fires', async () => {
    const engine = new FlowEngine(
      flow([
        { id: 'w', type: 'wait', seconds: 30 },
        { id: 't', type: 'text', text: 'depois' },
      ]),
      deps(),
    );
    const waiting = await engine.run(initialState(), { kind: 'start' }, text);
    expect(waiting.timer).toEqual({ kind: 'wait', seconds: 30 });
    expect(sent(waiting)).toEqual([]);
    const state: TSessionState = {
      ...waiting.state,
      timer: { id: 't1', kind: 'wait', dueAt: new Date().toISOString() },
    };
    expect(sent(await engine.run(state, { kind: 'timer', timer: 'wait' }, text))).toEqual(['depois']);
  });
});

describe('answers', () => {
  const input = (type: string, extra: Record<string, unknown> = {}) =>
    ZFlowDocument.parse({ ...flow([{ id: 'i', type, ...extra }]) }).groups[0].blocks[0] as never;
  it.each([
    ['phone_input', '11 98765-4321', '+5511987654321'],
    ['date_input', '31/12/2026', '2026-12-31'],
    ['time_input', '9:05', '09:05'],
    ['number_input', '1.234,5', '1234.5'],
    ['url_input', 'example.com/a', 'https://example.com/a'],
    ['cpf_cnpj_input', '529.982.247-25', '52998224725'],
    ['cpf_cnpj_input', '11.222.333/0001-81', '11222333000181'],
    ['rating_input', '10', '10'],
  ])('%s accepts %s as %s', (type, answer, value) => {
    expect(parseAnswer(input(type), { text: answer })).toEqual({ ok: true, value });
  });
  it.each([
    ['phone_input', 'abc'],
    ['date_input', '31/02/2026'],
    ['time_input', '25:00'],
    ['cpf_cnpj_input', '529.982.247-24'],
    ['rating_input', '11'],
    ['email_input', 'rita@'],
    ['file_input', 'sem arquivo'],
  ])('%s refuses %s', (type, answer) => {
    expect(parseAnswer(input(type), { text: answer }).ok).toBe(false);
  });
  it('CPF and CNPJ checksums', () => {
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCnpj('11222333000181')).toBe(true);
  });
});

describe('HTTP safety and mapping', () => {
  it('private, loopback and link-local addresses are refused unless allowed', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '172.16.5.4',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '2606:4700::1111']) expect(isPrivateAddress(ip), ip).toBe(false);
  });
  it('maps dot paths of the answer', () => {
    expect(pick({ a: { b: [{ c: 1 }] } }, 'a.b.0.c')).toBe('1');
    expect(pick({ a: 1 }, 'a.b')).toBe('');
  });
});

describe('gallery', () => {
  it('every template is a valid, publishable flow', () => {
    for (const t of chatbotTemplates()) expect(validateFlow(flowTemplate(t.id)!), t.id).toEqual([]);
  });
});

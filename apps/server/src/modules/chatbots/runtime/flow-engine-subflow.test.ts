import { CHATBOT_LIMITS, type TFlowDocument, validateFlow, ZFlowDocument } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { FlowEngine, type TEngineDeps, type TTurnResult } from './flow-engine';
import { initialState, type TSessionState } from './session-state';

const text = {
  contact: { name: 'Rita Souza', phone: '+5511999990000', email: null, customFields: {} },
  now: new Date('2026-11-24T13:30:00Z'),
  timeZone: 'America/Sao_Paulo',
  seed: 's:0',
};

const deps: TEngineDeps = {
  retryText: 'De novo?',
  isOpen: async () => true,
  http: async () => ({ ok: true, json: {} }),
};

/** A flow of groups (the first is where the start event goes). */
function flow(groups: Array<{ id: string; blocks: unknown[] }>, edges: unknown[] = []): TFlowDocument {
  return ZFlowDocument.parse({
    version: 1,
    variables: [{ id: 'v1', name: 'nome' }],
    events: [
      { id: 'start', kind: 'start', position: { x: 0, y: 0 } },
      { id: 'kw', kind: 'keyword', position: { x: 0, y: 0 }, config: { keywords: ['menu'] } },
    ],
    groups: groups.map((g) => ({ ...g, title: g.id, position: { x: 0, y: 0 } })),
    edges: [
      { id: 'e-start', from: { eventId: 'start' }, to: { groupId: groups[0].id } },
      { id: 'e-kw', from: { eventId: 'kw' }, to: { groupId: groups[0].id } },
      ...edges,
    ],
  });
}

const sent = (r: TTurnResult) => r.effects.filter((e) => e.type === 'send').map((e) => e.text);
/** The state as the runtime stores it (JSON in chatbot_sessions.state) and reads it back. */
const stored = (state: TSessionState): TSessionState => JSON.parse(JSON.stringify(state));
const answer = (t: string) => ({ kind: 'answer' as const, answer: { text: t } });

describe('flow engine: run group (sub-flow)', () => {
  it('runs the called group, comes back and goes on with the block after the call', async () => {
    const doc = flow([
      {
        id: 'main',
        blocks: [
          { id: 'hello', type: 'text', text: 'Olá' },
          { id: 'call', type: 'call', groupId: 'sub' },
          { id: 'after', type: 'text', text: 'De volta' },
        ],
      },
      { id: 'sub', blocks: [{ id: 'inside', type: 'text', text: 'No sub-fluxo' }] },
    ]);
    expect(validateFlow(doc)).toEqual([]);
    const r = await new FlowEngine(doc, deps).run(initialState(), { kind: 'start' }, text);
    expect(sent(r)).toEqual(['Olá', 'No sub-fluxo', 'De volta']);
    expect(r.status).toBe('ended');
    expect(r.state.stack).toBeUndefined();
  });

  it("after the sub-flow, the call's connected exit is followed instead of the next block", async () => {
    const doc = flow(
      [
        {
          id: 'main',
          blocks: [
            { id: 'call', type: 'call', groupId: 'sub' },
            { id: 'skipped', type: 'text', text: 'nunca' },
          ],
        },
        { id: 'sub', blocks: [{ id: 'inside', type: 'text', text: 'sub' }] },
        { id: 'next', blocks: [{ id: 'bye', type: 'text', text: 'tchau' }] },
      ],
      [{ id: 'e1', from: { blockId: 'call', exit: 'default' }, to: { groupId: 'next' } }],
    );
    const r = await new FlowEngine(doc, deps).run(initialState(), { kind: 'start' }, text);
    expect(sent(r)).toEqual(['sub', 'tchau']);
  });

  it('nested calls return in order, innermost first', async () => {
    const doc = flow([
      {
        id: 'main',
        blocks: [
          { id: 'c1', type: 'call', groupId: 'a' },
          { id: 'm-end', type: 'text', text: 'main fim' },
        ],
      },
      {
        id: 'a',
        blocks: [
          { id: 'a1', type: 'text', text: 'a início' },
          { id: 'c2', type: 'call', groupId: 'b' },
          { id: 'a2', type: 'text', text: 'a fim' },
        ],
      },
      { id: 'b', blocks: [{ id: 'b1', type: 'text', text: 'b' }] },
    ]);
    const r = await new FlowEngine(doc, deps).run(initialState(), { kind: 'start' }, text);
    expect(sent(r)).toEqual(['a início', 'b', 'a fim', 'main fim']);
    expect(r.status).toBe('ended');
  });

  it('an input inside the called group waits for the customer and resumes after the call next turn', async () => {
    const doc = flow([
      {
        id: 'main',
        blocks: [
          { id: 'call', type: 'call', groupId: 'ask' },
          { id: 'after', type: 'text', text: 'Obrigado, {{nome}}' },
        ],
      },
      { id: 'ask', blocks: [{ id: 'q', type: 'text_input', prompt: 'Seu nome?', variableId: 'v1' }] },
    ]);
    const engine = new FlowEngine(doc, deps);
    const first = await engine.run(initialState(), { kind: 'start' }, text);
    expect(sent(first)).toEqual(['Seu nome?']);
    expect(first.status).toBe('active');
    expect(first.state.at).toEqual({ blockId: 'q', kind: 'input' });
    expect(first.state.stack).toEqual([{ blockId: 'call' }]);

    const second = await engine.run(stored(first.state), answer('Rita'), text);
    expect(sent(second)).toEqual(['Obrigado, Rita']);
    expect(second.status).toBe('ended');
    expect(second.state.stack).toBeUndefined();
  });

  it('an end block inside a sub-flow ends the whole session; a transfer hands over', async () => {
    const ends = flow([
      {
        id: 'main',
        blocks: [
          { id: 'call', type: 'call', groupId: 'sub' },
          { id: 'after', type: 'text', text: 'nunca' },
        ],
      },
      {
        id: 'sub',
        blocks: [
          { id: 'bye', type: 'text', text: 'fim' },
          { id: 'end', type: 'end' },
        ],
      },
    ]);
    const ended = await new FlowEngine(ends, deps).run(initialState(), { kind: 'start' }, text);
    expect(sent(ended)).toEqual(['fim']);
    expect(ended.status).toBe('ended');

    const transfers = flow([
      {
        id: 'main',
        blocks: [
          { id: 'call', type: 'call', groupId: 'sub' },
          { id: 'after', type: 'text', text: 'nunca' },
        ],
      },
      { id: 'sub', blocks: [{ id: 'tr', type: 'transfer', departmentId: 'd1', message: 'Transferindo' }] },
    ]);
    const handed = await new FlowEngine(transfers, deps).run(initialState(), { kind: 'start' }, text);
    expect(sent(handed)).toEqual(['Transferindo']);
    expect(handed.effects.at(-1)).toEqual({ type: 'transfer', departmentId: 'd1', operatorId: null });
    expect(handed.status).toBe('transferred');
  });

  it(`calls nest at most ${CHATBOT_LIMITS.callDepthMax} deep: a recursive call past the cap goes on after it`, async () => {
    // 'loop' asks, then runs itself again (the validator refuses it; stored flows may still have it).
    const doc = flow([
      {
        id: 'loop',
        blocks: [
          { id: 'q', type: 'text_input', prompt: 'Mais?', variableId: 'v1' },
          { id: 'again', type: 'call', groupId: 'loop' },
          { id: 'out', type: 'text', text: 'saindo' },
        ],
      },
    ]);
    expect(validateFlow(doc).map((i) => i.code)).toEqual(['call_self']);
    const engine = new FlowEngine(doc, deps);
    let r = await engine.run(initialState(), { kind: 'start' }, text);
    for (let depth = 1; depth <= CHATBOT_LIMITS.callDepthMax; depth++) {
      r = await engine.run(stored(r.state), answer('sim'), text);
      expect(sent(r)).toEqual(['Mais?']);
      expect(r.state.stack).toHaveLength(depth);
    }
    // At the cap the call does not run: every level unwinds, each saying its "after" block.
    r = await engine.run(stored(r.state), answer('sim'), text);
    expect(sent(r)).toEqual(Array(CHATBOT_LIMITS.callDepthMax + 1).fill('saindo'));
    expect(r.status).toBe('ended');
    expect(r.state.stack).toBeUndefined();
  });

  it('a keyword event leaves the sub-flows; a session stored before sub-flows (no stack) still runs', async () => {
    const doc = flow([
      {
        id: 'main',
        blocks: [
          { id: 'call', type: 'call', groupId: 'ask' },
          { id: 'after', type: 'text', text: 'depois' },
        ],
      },
      { id: 'ask', blocks: [{ id: 'q', type: 'text_input', prompt: 'Nome?', variableId: 'v1' }] },
    ]);
    const engine = new FlowEngine(doc, deps);
    const inside = await engine.run(initialState(), { kind: 'start' }, text);
    const restarted = await engine.run(stored(inside.state), { kind: 'event', eventId: 'kw' }, text);
    // Back at the start: one call deep again, not two.
    expect(restarted.state.stack).toEqual([{ blockId: 'call' }]);

    const legacy = { at: { blockId: 'q', kind: 'input' }, variables: {}, retries: 0, timer: null };
    const r = await engine.run(legacy as TSessionState, answer('Rita'), text);
    expect(r.status).toBe('ended');
    expect(r.state.stack).toBeUndefined();
  });
});

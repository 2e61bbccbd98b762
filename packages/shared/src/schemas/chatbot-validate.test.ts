import { describe, expect, it } from 'vitest';
import {
  blockExits,
  emptyFlowDocument,
  FLOW_ISSUE_MESSAGES,
  MAX_FLOW_BLOCKS,
  type TFlowDocument,
  ZFlowDocument,
} from './chatbots';
import { flowDiffSummary, validateFlow } from './chatbot-validate';

const doc = (over: Partial<Record<keyof TFlowDocument, unknown>> = {}): TFlowDocument =>
  ZFlowDocument.parse({
    version: 1,
    variables: [{ id: 'v1', name: 'nome' }],
    events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
    groups: [
      {
        id: 'g1',
        title: 'G',
        position: { x: 0, y: 0 },
        blocks: [
          { id: 'ask', type: 'text_input', prompt: 'Nome?', variableId: 'v1' },
          { id: 'hi', type: 'text', text: 'Oi {{nome}} ({{$email}})' },
        ],
      },
    ],
    edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
    ...over,
  });

describe('flow document schema', () => {
  it('fills input defaults (retry limit 3, empty retry message, phone +55)', () => {
    const d = ZFlowDocument.parse({
      ...doc(),
      groups: [{ id: 'g', position: { x: 0, y: 0 }, blocks: [{ id: 'p', type: 'phone_input' }] }],
    });
    expect(d.groups[0].blocks[0]).toMatchObject({
      retryLimit: 3,
      retryMessage: '',
      prompt: '',
      defaultCountryCode: '55',
    });
  });

  it('refuses unknown block types and texts over 4,096 characters, with paths', () => {
    const bad = ZFlowDocument.safeParse({
      ...doc(),
      groups: [
        { id: 'g', position: { x: 0, y: 0 }, blocks: [{ id: 't', type: 'text', text: 'x'.repeat(4097) }] },
      ],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['groups', 0, 'blocks', 0, 'text']);
    expect(bad.error?.issues[0].message).toBe('tooLong');
  });

  it('names each block type its exits', () => {
    const d = doc();
    expect(blockExits(d.groups[0].blocks[0])).toEqual(['default', 'timeout', 'retry_exhausted']);
    expect(blockExits({ id: 'c', type: 'condition', logic: 'and', conditions: [] })).toEqual([
      'true',
      'false',
    ]);
    expect(
      blockExits({
        id: 'h',
        type: 'http_request',
        method: 'GET',
        url: 'https://x',
        headers: [],
        timeoutMs: 1000,
        mapping: [],
      }),
    ).toEqual(['success', 'error']);
    expect(
      blockExits({
        id: 'm',
        type: 'choice_input',
        mode: 'single',
        prompt: '',
        retryMessage: '',
        retryLimit: 3,
        options: [{ id: 'a', title: 'A' }],
      }),
    ).toEqual(['a', 'default', 'timeout', 'retry_exhausted']);
    expect(blockExits({ id: 't', type: 'transfer' })).toEqual([]);
  });
});

describe('validateFlow', () => {
  it('a connected flow with known variables has no issues; the empty flow needs its start connected', () => {
    expect(validateFlow(doc())).toEqual([]);
    expect(validateFlow(emptyFlowDocument())).toEqual([{ code: 'start_not_connected', path: ['events', 0] }]);
  });

  it('dangling edges, unknown exits and unknown variables, each with its path', () => {
    const d = doc({
      edges: [
        { id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } },
        { id: 'e1', from: { blockId: 'ask', exit: 'default' }, to: { blockId: 'ghost' } },
        { id: 'e2', from: { blockId: 'hi', exit: 'true' }, to: { groupId: 'g1' } },
      ],
    });
    d.groups[0].blocks[1] = { id: 'hi', type: 'text', text: 'Oi {{sobrenome}}' };
    expect(validateFlow(d)).toEqual([
      { code: 'dangling_edge', path: ['edges', 1, 'to'] },
      { code: 'unknown_exit', path: ['edges', 2, 'from', 'exit'], blockId: 'hi' },
      { code: 'unknown_variable', path: ['groups', 0, 'blocks', 1, 'text'], blockId: 'hi' },
    ]);
  });

  it('a loop that never waits for the customer is refused; one through an input is fine', () => {
    const loop = doc({
      groups: [
        {
          id: 'g1',
          position: { x: 0, y: 0 },
          blocks: [
            { id: 'a', type: 'text', text: 'a' },
            { id: 'j', type: 'jump', groupId: 'g1' },
          ],
        },
      ],
    });
    expect(validateFlow(loop).map((i) => i.code)).toEqual(['cycle_without_input']);
    const waits = doc({
      groups: [
        {
          id: 'g1',
          position: { x: 0, y: 0 },
          blocks: [
            { id: 'ask', type: 'text_input', prompt: '?', variableId: 'v1' },
            { id: 'j', type: 'jump', groupId: 'g1' },
          ],
        },
      ],
    });
    expect(validateFlow(waits)).toEqual([]);
  });

  describe('run group (sub-flow) block', () => {
    const withCall = (groupId: string, calledBlocks: unknown[] = [{ id: 't2', type: 'text', text: 'sub' }]) =>
      doc({
        groups: [
          {
            id: 'g1',
            position: { x: 0, y: 0 },
            blocks: [
              { id: 'c', type: 'call', groupId },
              { id: 'after', type: 'text', text: 'after' },
            ],
          },
          { id: 'g2', title: 'Sub', position: { x: 0, y: 0 }, blocks: calledBlocks },
        ],
      });

    it('parses with its group and leaves through "default" (after the sub-flow returns)', () => {
      const d = withCall('g2');
      expect(d.groups[0].blocks[0]).toEqual({ id: 'c', type: 'call', groupId: 'g2' });
      expect(blockExits(d.groups[0].blocks[0])).toEqual(['default']);
      expect(validateFlow(d)).toEqual([]);
    });

    it('a group that is not in the flow is a missing target', () => {
      expect(validateFlow(withCall('ghost'))).toEqual([
        { code: 'missing_target', path: ['groups', 0, 'blocks', 0, 'groupId'], blockId: 'c' },
      ]);
    });

    it('a group that runs itself is refused with a clear message', () => {
      const self = doc({
        groups: [
          {
            id: 'g1',
            position: { x: 0, y: 0 },
            blocks: [
              { id: 'ask', type: 'text_input', prompt: '?', variableId: 'v1' },
              { id: 'c', type: 'call', groupId: 'g1' },
            ],
          },
        ],
      });
      expect(validateFlow(self)).toEqual([
        { code: 'call_self', path: ['groups', 0, 'blocks', 1, 'groupId'], blockId: 'c' },
      ]);
      expect(FLOW_ISSUE_MESSAGES.call_self).toEqual({
        en: 'A group cannot run itself: it would call itself without end',
        'pt-BR': 'Um grupo não pode executar a si mesmo: ele se chamaria sem fim',
      });
    });

    it('groups calling each other without waiting for the customer are a loop', () => {
      const d = withCall('g2', [{ id: 'back', type: 'call', groupId: 'g1' }]);
      expect(validateFlow(d).map((i) => i.code)).toEqual(['cycle_without_input']);
    });
  });

  it('choices need options; WhatsApp limits apply only to bots on WhatsApp; duplicate variable names', () => {
    const d = doc({
      variables: [
        { id: 'v1', name: 'nome' },
        { id: 'v2', name: 'Nome' },
      ],
    });
    d.groups[0].blocks.push({
      id: 'menu',
      type: 'choice_input',
      mode: 'single',
      prompt: 'Escolha',
      retryMessage: '',
      retryLimit: 3,
      options: [],
    });
    expect(validateFlow(d)).toEqual([
      { code: 'variable_exists', path: ['variables', 1, 'name'] },
      { code: 'option_required', path: ['groups', 0, 'blocks', 2, 'options'], blockId: 'menu' },
    ]);
    (d.groups[0].blocks[2] as { options: unknown[] }).options = [
      { id: 'o', title: 'Um título bem comprido demais' },
    ];
    expect(validateFlow(d).map((i) => i.code)).toEqual(['variable_exists']);
    expect(validateFlow(d, { whatsapp: true }).map((i) => i.code)).toEqual([
      'variable_exists',
      'whatsapp_title_too_long',
    ]);
  });

  it(`more than ${MAX_FLOW_BLOCKS} blocks is too many`, () => {
    const blocks = Array.from({ length: 160 }, (_, i) => ({ id: `t${i}`, type: 'text', text: 'x' }));
    const d = doc({
      groups: [
        { id: 'g1', position: { x: 0, y: 0 }, blocks },
        { id: 'g2', position: { x: 0, y: 0 }, blocks: blocks.map((b) => ({ ...b, id: `u${b.id}` })) },
      ],
    });
    expect(validateFlow(d)).toEqual([{ code: 'too_many_blocks', path: ['groups'] }]);
  });

  it('summarizes what changed between versions', () => {
    const before = doc();
    const after = doc();
    after.groups[0].blocks[1] = { id: 'hi', type: 'text', text: 'Olá' };
    after.groups[0].blocks.push({ id: 'end', type: 'end' });
    after.groups[0].blocks.splice(0, 1);
    expect(flowDiffSummary(before, after)).toEqual({ added: 1, removed: 1, changed: 1 });
    expect(flowDiffSummary(null, before)).toEqual({ added: 2, removed: 0, changed: 0 });
  });
});

describe('send WhatsApp template block', () => {
  const withTemplate = (block: Record<string, unknown>) =>
    doc({
      groups: [
        {
          id: 'g1',
          position: { x: 0, y: 0 },
          blocks: [{ id: 'tp', type: 'send_template', ...block }],
        },
      ],
    });

  it('saves without a template yet, but publishing asks for the template and every variable', () => {
    const draft = withTemplate({ templateId: '' });
    expect(validateFlow(draft)).toEqual([
      { code: 'text_required', blockId: 'tp', path: ['groups', 0, 'blocks', 0, 'templateId'] },
    ]);
    expect(validateFlow(withTemplate({ templateId: 'tpl-1', params: ['{{$name}}', ' '] }))).toEqual([
      { code: 'text_required', blockId: 'tp', path: ['groups', 0, 'blocks', 0, 'params', 1] },
    ]);
    expect(validateFlow(withTemplate({ templateId: 'tpl-1', params: ['{{$name}}', '{{nome}}'] }))).toEqual(
      [],
    );
  });
});

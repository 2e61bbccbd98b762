import { describe, expect, it } from 'vitest';
import { emptyFlowDocument, type TFlowDocument, ZFlowDocument } from '@atende/shared';
import {
  blockInHandle,
  EVENT_HANDLE,
  exitHandle,
  flowToGraph,
  GROUP_IN_HANDLE,
  graphToFlow,
  parseSource,
  parseTarget,
  type TFlowNode,
} from './flow-graph';
import { createBlock } from './flow-blocks';

/** Start → menu (choice: sales / support) → sales: condition (true → thanks) ; support → transfer. */
function sampleFlow(): TFlowDocument {
  const choice = {
    ...createBlock('choice_input', 'menu'),
    prompt: 'Como podemos ajudar?',
    options: [
      { id: 'sales', title: 'Vendas' },
      { id: 'support:1', title: 'Suporte' },
    ],
  };
  return ZFlowDocument.parse({
    ...emptyFlowDocument(),
    variables: [{ id: 'v1', name: 'pedido' }],
    groups: [
      {
        id: 'g1',
        title: 'Menu',
        position: { x: 200, y: 0 },
        blocks: [{ id: 'hi', type: 'text', text: 'Olá!' }, choice],
      },
      {
        id: 'g2',
        title: 'Vendas',
        position: { x: 500, y: -100 },
        blocks: [
          { id: 'c1', type: 'condition', logic: 'and', conditions: [{ left: 'v1', operator: 'is_set' }] },
        ],
      },
      { id: 'g3', title: '', position: { x: 500, y: 200 }, blocks: [{ id: 't1', type: 'transfer' }] },
      {
        id: 'g4',
        title: 'Obrigado',
        position: { x: 800, y: 0 },
        blocks: [{ id: 'bye', type: 'text', text: 'Até!' }],
      },
    ],
    edges: [
      { id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } },
      { id: 'e1', from: { blockId: 'menu', exit: 'sales' }, to: { groupId: 'g2' } },
      { id: 'e2', from: { blockId: 'menu', exit: 'support:1' }, to: { groupId: 'g3' } },
      { id: 'e3', from: { blockId: 'c1', exit: 'true' }, to: { blockId: 'bye' } },
    ],
  });
}

describe('flow document → canvas', () => {
  it('draws each event and group as a node at its position, with its data', () => {
    const { nodes } = flowToGraph(sampleFlow());
    expect(nodes.map((n) => [n.id, n.type, n.position])).toEqual([
      ['e:start', 'flowEvent', { x: 0, y: 0 }],
      ['g:g1', 'flowGroup', { x: 200, y: 0 }],
      ['g:g2', 'flowGroup', { x: 500, y: -100 }],
      ['g:g3', 'flowGroup', { x: 500, y: 200 }],
      ['g:g4', 'flowGroup', { x: 800, y: 0 }],
    ]);
    const menu = nodes[1] as Extract<TFlowNode, { type: 'flowGroup' }>;
    expect(menu.data.group.blocks.map((b) => b.id)).toEqual(['hi', 'menu']);
    // The start event cannot be deleted; groups drag by their header only.
    expect(nodes[0].deletable).toBe(false);
    expect(menu.dragHandle).toBe('.flow-group-drag');
  });

  it("draws each edge from the block's named exit (or the event) to the group or block", () => {
    const { edges } = flowToGraph(sampleFlow());
    expect(edges).toEqual([
      {
        id: 'e0',
        source: 'e:start',
        sourceHandle: EVENT_HANDLE,
        target: 'g:g1',
        targetHandle: GROUP_IN_HANDLE,
      },
      {
        id: 'e1',
        source: 'g:g1',
        sourceHandle: exitHandle('menu', 'sales'),
        target: 'g:g2',
        targetHandle: 'in',
      },
      { id: 'e2', source: 'g:g1', sourceHandle: 'out:menu:support%3A1', target: 'g:g3', targetHandle: 'in' },
      {
        id: 'e3',
        source: 'g:g2',
        sourceHandle: 'out:c1:true',
        target: 'g:g4',
        targetHandle: blockInHandle('bye'),
      },
    ]);
  });

  it('leaves out edges it cannot draw: unknown block, unknown exit, missing group', () => {
    const doc = sampleFlow();
    doc.edges.push(
      { id: 'x1', from: { blockId: 'ghost', exit: 'default' }, to: { groupId: 'g2' } },
      { id: 'x2', from: { blockId: 'c1', exit: 'maybe' }, to: { groupId: 'g2' } },
      { id: 'x3', from: { blockId: 'bye', exit: 'default' }, to: { groupId: 'nowhere' } },
    );
    expect(flowToGraph(doc).edges.map((e) => e.id)).toEqual(['e0', 'e1', 'e2', 'e3']);
  });
});

describe('canvas → flow document', () => {
  it('round-trips: the document drawn and read back is the same document', () => {
    const doc = sampleFlow();
    const { nodes, edges } = flowToGraph(doc);
    expect(graphToFlow(doc, nodes, edges)).toEqual(doc);
  });

  it('keeps the edges the canvas could not draw (validation reports them)', () => {
    const doc = sampleFlow();
    doc.edges.push({ id: 'x1', from: { blockId: 'ghost', exit: 'default' }, to: { groupId: 'g2' } });
    const { nodes, edges } = flowToGraph(doc);
    expect(graphToFlow(doc, nodes, edges).edges.map((e) => e.id)).toEqual(['e0', 'e1', 'e2', 'e3', 'x1']);
  });

  it('reads moved nodes back as positions', () => {
    const doc = sampleFlow();
    const { nodes, edges } = flowToGraph(doc);
    const moved = nodes.map((n) => (n.id === 'g:g3' ? { ...n, position: { x: 10, y: 20 } } : n));
    const next = graphToFlow(doc, moved, edges);
    expect(next.groups.find((g) => g.id === 'g3')?.position).toEqual({ x: 10, y: 20 });
    expect(next.groups.find((g) => g.id === 'g1')?.position).toEqual({ x: 200, y: 0 });
  });

  it('a removed group takes the edges to it and from its blocks with it', () => {
    const doc = sampleFlow();
    const { nodes, edges } = flowToGraph(doc);
    const next = graphToFlow(
      doc,
      nodes.filter((n) => n.id !== 'g:g2'),
      edges,
    );
    expect(next.groups.map((g) => g.id)).toEqual(['g1', 'g3', 'g4']);
    expect(next.edges.map((e) => e.id)).toEqual(['e0', 'e2']);
  });

  it('a new canvas edge becomes a document edge; an exit keeps only its newest edge', () => {
    const doc = sampleFlow();
    const { nodes, edges } = flowToGraph(doc);
    const added = [
      ...edges,
      {
        id: 'n1',
        source: 'g:g4',
        sourceHandle: exitHandle('bye', 'default'),
        target: 'g:g1',
        targetHandle: 'in',
      },
      {
        id: 'n2',
        source: 'g:g1',
        sourceHandle: exitHandle('menu', 'sales'),
        target: 'g:g4',
        targetHandle: 'in',
      },
    ];
    const next = graphToFlow(doc, nodes, added);
    expect(next.edges).toContainEqual({
      id: 'n1',
      from: { blockId: 'bye', exit: 'default' },
      to: { groupId: 'g1' },
    });
    expect(next.edges.filter((e) => 'blockId' in e.from && e.from.exit === 'sales')).toEqual([
      { id: 'n2', from: { blockId: 'menu', exit: 'sales' }, to: { groupId: 'g4' } },
    ]);
    expect(ZFlowDocument.safeParse(next).success).toBe(true);
  });

  it('ignores canvas edges whose handles mean nothing (into an event, unknown handle)', () => {
    const doc = sampleFlow();
    const { nodes, edges } = flowToGraph(doc);
    const next = graphToFlow(doc, nodes, [
      ...edges,
      {
        id: 'bad1',
        source: 'g:g4',
        sourceHandle: exitHandle('bye', 'default'),
        target: 'e:start',
        targetHandle: null,
      },
      { id: 'bad2', source: 'g:g4', sourceHandle: 'weird', target: 'g:g1', targetHandle: 'in' },
    ]);
    expect(next.edges.map((e) => e.id)).toEqual(['e0', 'e1', 'e2', 'e3']);
  });
});

describe('handles', () => {
  it('parse back to the document ends, ids with ":" and "/" included', () => {
    expect(parseSource('g:g1', exitHandle('a:b/c', 'opt:1'))).toEqual({ blockId: 'a:b/c', exit: 'opt:1' });
    expect(parseSource('e:start', EVENT_HANDLE)).toEqual({ eventId: 'start' });
    expect(parseTarget('g:g1', 'in')).toEqual({ groupId: 'g1' });
    expect(parseTarget('g:g1', blockInHandle('x:y'))).toEqual({ blockId: 'x:y' });
    expect(parseTarget('e:start', 'in')).toBeNull();
    expect(parseSource('zz', 'event')).toBeNull();
  });
});

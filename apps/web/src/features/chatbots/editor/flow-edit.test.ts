import { describe, expect, it } from 'vitest';
import { emptyFlowDocument, type TFlowDocument, ZFlowDocument } from '@atende/shared';
import { createBlock } from './flow-blocks';
import {
  addBlock,
  addGroup,
  connect,
  copyGroups,
  moveBlock,
  pasteClip,
  removeBlock,
  removeItems,
  updateBlock,
} from './flow-edit';
import { pushHistory, redoHistory, startHistory, undoHistory } from './history';

function flow(): TFlowDocument {
  const menu = {
    ...createBlock('choice_input', 'menu'),
    prompt: 'Setor?',
    options: [
      { id: 'o1', title: 'Vendas' },
      { id: 'o2', title: 'Suporte' },
    ],
  };
  return ZFlowDocument.parse({
    ...emptyFlowDocument(),
    groups: [
      {
        id: 'g1',
        title: 'Menu',
        position: { x: 0, y: 0 },
        blocks: [{ id: 'hi', type: 'text', text: 'Oi' }, menu],
      },
      { id: 'g2', title: 'Vendas', position: { x: 300, y: 0 }, blocks: [{ id: 't1', type: 'transfer' }] },
    ],
    edges: [
      { id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } },
      { id: 'e1', from: { blockId: 'menu', exit: 'o1' }, to: { groupId: 'g2' } },
      { id: 'e2', from: { blockId: 'menu', exit: 'o2' }, to: { groupId: 'g1' } },
    ],
  });
}

describe('flow document edits', () => {
  it('connecting an exit that already goes somewhere replaces its edge', () => {
    const next = connect(flow(), { blockId: 'menu', exit: 'o1' }, { groupId: 'g1' });
    const fromO1 = next.edges.filter((e) => 'blockId' in e.from && e.from.exit === 'o1');
    expect(fromO1).toHaveLength(1);
    expect(fromO1[0].to).toEqual({ groupId: 'g1' });
    expect(next.edges).toHaveLength(3);
  });

  it('removing an option drops the edge of its exit', () => {
    const doc = flow();
    const menu = doc.groups[0].blocks[1] as Extract<
      (typeof doc.groups)[0]['blocks'][number],
      { type: 'choice_input' }
    >;
    const next = updateBlock(doc, { ...menu, options: [menu.options[1]] });
    expect(next.edges.map((e) => e.id)).toEqual(['e0', 'e2']);
  });

  it('removing a block or a group removes every edge to and from it; the start event stays', () => {
    expect(removeBlock(flow(), 'menu').edges.map((e) => e.id)).toEqual(['e0']);
    const gone = removeItems(flow(), { groups: ['g2'], events: ['start'] });
    expect(gone.groups.map((g) => g.id)).toEqual(['g1']);
    expect(gone.events.map((e) => e.kind)).toEqual(['start']);
    expect(gone.edges.map((e) => e.id)).toEqual(['e0', 'e2']);
  });

  it('adds blocks in place and reorders them', () => {
    const { doc, block } = addBlock(flow(), 'g1', 'email_input', 1);
    expect(doc.groups[0].blocks.map((b) => b.type)).toEqual(['text', 'email_input', 'choice_input']);
    expect(moveBlock(doc, block.id, -1).groups[0].blocks[0].id).toBe(block.id);
    const added = addGroup(doc, 'rating_input', { x: 10, y: 20 });
    expect(added.doc.groups.at(-1)).toMatchObject({
      position: { x: 10, y: 20 },
      blocks: [{ type: 'rating_input' }],
    });
    expect(ZFlowDocument.safeParse(added.doc).success).toBe(true);
  });

  it('copy and paste: new ids for groups, blocks and options, edges between the copies kept', () => {
    const clip = copyGroups(flow(), ['g1', 'g2'])!;
    expect(clip.edges.map((e) => e.id)).toEqual(['e1', 'e2']);
    const { doc, groupIds } = pasteClip(flow(), clip, { x: 40, y: 40 });
    expect(doc.groups).toHaveLength(4);
    const [c1, c2] = groupIds.map((id) => doc.groups.find((g) => g.id === id)!);
    expect(c1.position).toEqual({ x: 40, y: 40 });
    const copiedMenu = c1.blocks[1] as { id: string; options: { id: string; title: string }[] };
    expect(copiedMenu.id).not.toBe('menu');
    expect(copiedMenu.options.map((o) => o.title)).toEqual(['Vendas', 'Suporte']);
    expect(copiedMenu.options.map((o) => o.id)).not.toContain('o1');
    const copiedEdges = doc.edges.slice(3);
    expect(copiedEdges).toEqual([
      expect.objectContaining({
        from: { blockId: copiedMenu.id, exit: copiedMenu.options[0].id },
        to: { groupId: c2.id },
      }),
      expect.objectContaining({
        from: { blockId: copiedMenu.id, exit: copiedMenu.options[1].id },
        to: { groupId: c1.id },
      }),
    ]);
    const ids = [
      ...doc.groups.flatMap((g) => [g.id, ...g.blocks.map((b) => b.id)]),
      ...doc.edges.map((e) => e.id),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('undo history', () => {
  it('undoes and redoes; a burst of the same edit is one step; a new edit clears redo', () => {
    let h = startHistory('a');
    h = pushHistory(h, 'ab', 'text', 1000);
    h = pushHistory(h, 'abc', 'text', 1300);
    h = pushHistory(h, 'abcd', 'other', 1400);
    expect(h.past).toEqual(['a', 'abc']);
    h = undoHistory(h);
    expect(h.present).toBe('abc');
    h = undoHistory(h);
    expect(h.present).toBe('a');
    h = redoHistory(h);
    expect(h.present).toBe('abc');
    h = pushHistory(h, 'x');
    expect(h.future).toEqual([]);
    expect(undoHistory(startHistory('only'))).toEqual(startHistory('only'));
  });
});

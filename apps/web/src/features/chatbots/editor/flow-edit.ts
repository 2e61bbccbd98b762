import {
  blockExits,
  type TFlowVariable,
  type TFlowBlock,
  type TFlowBlockType,
  type TFlowDocument,
  type TFlowEdge,
  type TFlowEvent,
  type TFlowGroup,
} from '@atende/shared';
import { createBlock, newId } from './flow-blocks';
import { blockGroups } from './flow-graph';

/**
 * Edits of the flow document (pure: each returns a new document). The editor's canvas, palette,
 * side panel and keyboard all go through these.
 */

type TPos = { x: number; y: number };

/** The block and its group. */
export function findBlock(doc: TFlowDocument, blockId: string) {
  for (const group of doc.groups) {
    const index = group.blocks.findIndex((b) => b.id === blockId);
    if (index >= 0) return { group, block: group.blocks[index], index };
  }
  return null;
}

const mapGroups = (doc: TFlowDocument, fn: (g: TFlowGroup) => TFlowGroup): TFlowDocument => ({
  ...doc,
  groups: doc.groups.map(fn),
});

/** A new group at `position` holding one new block of `type`. */
export function addGroup(doc: TFlowDocument, type: TFlowBlockType, position: TPos) {
  const block = createBlock(type);
  const group: TFlowGroup = { id: newId('g'), title: '', position, blocks: [block] };
  return { doc: { ...doc, groups: [...doc.groups, group] }, group, block };
}

/** A new block of `type` at the end of a group (or at `index`). */
export function addBlock(doc: TFlowDocument, groupId: string, type: TFlowBlockType, index?: number) {
  const block = createBlock(type);
  const next = mapGroups(doc, (g) => {
    if (g.id !== groupId) return g;
    const blocks = [...g.blocks];
    blocks.splice(index ?? blocks.length, 0, block);
    return { ...g, blocks };
  });
  return { doc: next, block };
}

/** Replaces a block (same id); edges from exits it no longer has are dropped. */
export function updateBlock(doc: TFlowDocument, block: TFlowBlock): TFlowDocument {
  const next = mapGroups(doc, (g) =>
    g.blocks.some((b) => b.id === block.id)
      ? { ...g, blocks: g.blocks.map((b) => (b.id === block.id ? block : b)) }
      : g,
  );
  const exits = new Set(blockExits(block));
  const kept = doc.edges.filter(
    (e) => !('blockId' in e.from && e.from.blockId === block.id) || exits.has(e.from.exit),
  );
  return kept.length === doc.edges.length ? next : { ...next, edges: kept };
}

export function updateGroup(doc: TFlowDocument, groupId: string, patch: Partial<Pick<TFlowGroup, 'title'>>) {
  return mapGroups(doc, (g) => (g.id === groupId ? { ...g, ...patch } : g));
}

export function updateEvent(doc: TFlowDocument, event: TFlowEvent): TFlowDocument {
  return { ...doc, events: doc.events.map((e) => (e.id === event.id ? event : e)) };
}

/** Adds a keyword or idle event near the start. */
export function addEvent(doc: TFlowDocument, kind: 'keyword' | 'idle', position: TPos) {
  const event: TFlowEvent =
    kind === 'keyword'
      ? { id: newId('ev'), kind, position, config: { keywords: [] } }
      : { id: newId('ev'), kind, position, config: { minutes: 10 } };
  return { doc: { ...doc, events: [...doc.events, event] }, event };
}

const touchesBlocks = (e: TFlowEdge, blockIds: Set<string>) =>
  ('blockId' in e.from && blockIds.has(e.from.blockId)) || ('blockId' in e.to && blockIds.has(e.to.blockId));

/** Removes a block and the edges to and from it (its group stays, even empty). */
export function removeBlock(doc: TFlowDocument, blockId: string): TFlowDocument {
  const ids = new Set([blockId]);
  return {
    ...mapGroups(doc, (g) => ({ ...g, blocks: g.blocks.filter((b) => b.id !== blockId) })),
    edges: doc.edges.filter((e) => !touchesBlocks(e, ids)),
  };
}

/** Moves a block up (-1) or down (+1) inside its group. */
export function moveBlock(doc: TFlowDocument, blockId: string, delta: -1 | 1): TFlowDocument {
  const found = findBlock(doc, blockId);
  if (!found) return doc;
  const to = found.index + delta;
  if (to < 0 || to >= found.group.blocks.length) return doc;
  return mapGroups(doc, (g) => {
    if (g.id !== found.group.id) return g;
    const blocks = [...g.blocks];
    const [moved] = blocks.splice(found.index, 1);
    blocks.splice(to, 0, moved);
    return { ...g, blocks };
  });
}

/**
 * Removes groups, events (never the start) and edges by id, with every edge to or from what is
 * removed. Jump blocks that pointed at a removed group keep their (now missing) target: validation
 * says so on the block.
 */
export function removeItems(
  doc: TFlowDocument,
  ids: { groups?: string[]; events?: string[]; edges?: string[] },
): TFlowDocument {
  const groupIds = new Set(ids.groups ?? []);
  const eventIds = new Set(
    (ids.events ?? []).filter((id) => doc.events.find((e) => e.id === id)?.kind !== 'start'),
  );
  const edgeIds = new Set(ids.edges ?? []);
  const blockIds = new Set(
    doc.groups.filter((g) => groupIds.has(g.id)).flatMap((g) => g.blocks.map((b) => b.id)),
  );
  return {
    ...doc,
    groups: doc.groups.filter((g) => !groupIds.has(g.id)),
    events: doc.events.filter((e) => !eventIds.has(e.id)),
    edges: doc.edges.filter(
      (e) =>
        !edgeIds.has(e.id) &&
        !touchesBlocks(e, blockIds) &&
        !('groupId' in e.to && groupIds.has(e.to.groupId)) &&
        !('eventId' in e.from && eventIds.has(e.from.eventId)),
    ),
  };
}

/** Connects an exit (or an event) to a group or block: an exit has one edge, the new one replaces it. */
export function connect(doc: TFlowDocument, from: TFlowEdge['from'], to: TFlowEdge['to']): TFlowDocument {
  const same = (e: TFlowEdge) =>
    'eventId' in from
      ? 'eventId' in e.from && e.from.eventId === from.eventId
      : 'blockId' in e.from && e.from.blockId === from.blockId && e.from.exit === from.exit;
  return { ...doc, edges: [...doc.edges.filter((e) => !same(e)), { id: newId('e'), from, to }] };
}

/** New positions of groups and events (by document id). */
export function moveItems(doc: TFlowDocument, positions: Map<string, TPos>): TFlowDocument {
  return {
    ...doc,
    groups: doc.groups.map((g) => (positions.has(g.id) ? { ...g, position: positions.get(g.id)! } : g)),
    events: doc.events.map((e) => (positions.has(e.id) ? { ...e, position: positions.get(e.id)! } : e)),
  };
}

/** What copy puts on the clipboard: groups and the edges between them. */
export interface TFlowClip {
  kind: 'atende-flow-clip';
  groups: TFlowGroup[];
  edges: TFlowEdge[];
}

export function copyGroups(doc: TFlowDocument, groupIds: string[]): TFlowClip | null {
  const ids = new Set(groupIds);
  const groups = doc.groups.filter((g) => ids.has(g.id));
  if (!groups.length) return null;
  const blockIds = new Set(groups.flatMap((g) => g.blocks.map((b) => b.id)));
  const inside = (e: TFlowEdge) =>
    'blockId' in e.from &&
    blockIds.has(e.from.blockId) &&
    ('groupId' in e.to ? ids.has(e.to.groupId) : blockIds.has(e.to.blockId));
  return { kind: 'atende-flow-clip', groups, edges: doc.edges.filter(inside) };
}

/**
 * Pastes a clip `offset` away with new ids for groups, blocks and options (an option's id is its
 * exit's name, so edges from it follow), keeping the edges between the pasted groups.
 */
export function pasteClip(doc: TFlowDocument, clip: TFlowClip, offset: TPos) {
  const ids = new Map<string, string>();
  const fresh = (old: string, prefix: string) => {
    const id = newId(prefix);
    ids.set(old, id);
    return id;
  };
  const groups: TFlowGroup[] = clip.groups.map((g) => ({
    ...g,
    id: fresh(g.id, 'g'),
    position: { x: g.position.x + offset.x, y: g.position.y + offset.y },
    blocks: g.blocks.map((b) => {
      const block = { ...b, id: fresh(b.id, 'b') } as TFlowBlock;
      if (block.type === 'choice_input' || block.type === 'picture_choice_input')
        block.options = block.options.map((o) => ({ ...o, id: fresh(`${b.id}/${o.id}`, 'o') }));
      return block;
    }),
  }));
  const edges: TFlowEdge[] = clip.edges.flatMap((e) => {
    if (!('blockId' in e.from)) return [];
    const exit = ids.get(`${e.from.blockId}/${e.from.exit}`) ?? e.from.exit;
    const blockId = ids.get(e.from.blockId);
    const to = 'groupId' in e.to ? { groupId: ids.get(e.to.groupId) } : { blockId: ids.get(e.to.blockId) };
    const target = 'groupId' in to ? to.groupId : to.blockId;
    if (!blockId || !target) return [];
    return [
      {
        id: newId('e'),
        from: { blockId, exit },
        to: 'groupId' in to ? { groupId: target } : { blockId: target },
      },
    ];
  });
  return {
    doc: { ...doc, groups: [...doc.groups, ...groups], edges: [...doc.edges, ...edges] },
    groupIds: groups.map((g) => g.id),
  };
}

/** The group holding a block (or null). */
export function groupOfBlock(doc: TFlowDocument, blockId: string): string | null {
  return blockGroups(doc).get(blockId) ?? null;
}

/** Variable names are compared without case: 'Entity already exists' for a second 'Nome'. */
export function variableNameTaken(doc: TFlowDocument, name: string, exceptId?: string): boolean {
  const folded = name.trim().toLowerCase();
  return doc.variables.some((v) => v.id !== exceptId && v.name.toLowerCase() === folded);
}

export function addVariable(doc: TFlowDocument, name: string) {
  const variable: TFlowVariable = { id: newId('v'), name: name.trim() };
  return { doc: { ...doc, variables: [...doc.variables, variable] }, variable };
}

export function renameVariable(doc: TFlowDocument, id: string, name: string): TFlowDocument {
  return { ...doc, variables: doc.variables.map((v) => (v.id === id ? { ...v, name: name.trim() } : v)) };
}

export function removeVariable(doc: TFlowDocument, id: string): TFlowDocument {
  return { ...doc, variables: doc.variables.filter((v) => v.id !== id) };
}

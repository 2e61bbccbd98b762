import type { Edge, Node } from '@xyflow/react';
import {
  blockExits,
  type TFlowDocument,
  type TFlowEdge,
  type TFlowEvent,
  type TFlowGroup,
} from '@atende/shared';

/**
 * The flow document ↔ the canvas (@xyflow/react nodes and edges). Pure: the editor keeps the
 * document as its state, draws `flowToGraph(doc)`, and turns what the canvas did (moved, removed,
 * connected) back into a document with `graphToFlow`.
 *
 * - Each group is a node `g:<groupId>` (type 'flowGroup') showing its blocks; each event a node
 *   `e:<eventId>` (type 'flowEvent').
 * - A block's named exits (blockExits) are source handles `out:<blockId>:<exit>`; an event has one
 *   source handle `event`. A group is a target through handle `in`, one of its blocks through
 *   `in:<blockId>`. Ids inside handles are URI-encoded, so a ':' in an id never splits wrong.
 * - Edges keep the document's edge ids. Document edges the canvas cannot draw (pointing at
 *   nothing) are kept aside and put back by graphToFlow, so the round trip loses nothing.
 */

export const GROUP_NODE = 'flowGroup';
export const EVENT_NODE = 'flowEvent';

export type TGroupNodeData = { group: TFlowGroup };
export type TEventNodeData = { event: TFlowEvent };
export type TGroupNode = Node<TGroupNodeData, typeof GROUP_NODE>;
export type TEventNode = Node<TEventNodeData, typeof EVENT_NODE>;
export type TFlowNode = TGroupNode | TEventNode;
export type TFlowGraphEdge = Edge;

const enc = encodeURIComponent;
const dec = decodeURIComponent;

export const groupNodeId = (groupId: string) => `g:${groupId}`;
export const eventNodeId = (eventId: string) => `e:${eventId}`;
export const exitHandle = (blockId: string, exit: string) => `out:${enc(blockId)}:${enc(exit)}`;
export const EVENT_HANDLE = 'event';
export const GROUP_IN_HANDLE = 'in';
export const blockInHandle = (blockId: string) => `in:${enc(blockId)}`;

/** The document id behind a node id (and whether it is a group or an event). */
export function parseNodeId(nodeId: string): { kind: 'group' | 'event'; id: string } | null {
  if (nodeId.startsWith('g:')) return { kind: 'group', id: nodeId.slice(2) };
  if (nodeId.startsWith('e:')) return { kind: 'event', id: nodeId.slice(2) };
  return null;
}

/** Where an edge leaves from, read from its source node and handle. */
export function parseSource(nodeId: string, handle: string | null | undefined): TFlowEdge['from'] | null {
  const node = parseNodeId(nodeId);
  if (!node) return null;
  if (node.kind === 'event') return handle === EVENT_HANDLE || !handle ? { eventId: node.id } : null;
  const m = /^out:([^:]+):([^:]+)$/.exec(handle ?? '');
  return m ? { blockId: dec(m[1]), exit: dec(m[2]) } : null;
}

/** Where an edge arrives, read from its target node and handle. */
export function parseTarget(nodeId: string, handle: string | null | undefined): TFlowEdge['to'] | null {
  const node = parseNodeId(nodeId);
  if (node?.kind !== 'group') return null;
  if (!handle || handle === GROUP_IN_HANDLE) return { groupId: node.id };
  const m = /^in:([^:]+)$/.exec(handle);
  return m ? { blockId: dec(m[1]) } : null;
}

/** Block id → the id of the group that holds it. */
export function blockGroups(doc: TFlowDocument): Map<string, string> {
  const map = new Map<string, string>();
  for (const g of doc.groups) for (const b of g.blocks) map.set(b.id, g.id);
  return map;
}

/** A document edge as a canvas edge, or null when it points at something that does not exist. */
export function edgeToGraph(
  doc: TFlowDocument,
  edge: TFlowEdge,
  groupOf = blockGroups(doc),
): TFlowGraphEdge | null {
  const groups = new Set(doc.groups.map((g) => g.id));
  let source: string;
  let sourceHandle: string;
  if ('eventId' in edge.from) {
    if (!doc.events.some((e) => 'eventId' in edge.from && e.id === edge.from.eventId)) return null;
    source = eventNodeId(edge.from.eventId);
    sourceHandle = EVENT_HANDLE;
  } else {
    const { blockId, exit } = edge.from;
    const groupId = groupOf.get(blockId);
    const block = groupId
      ? doc.groups.find((g) => g.id === groupId)?.blocks.find((b) => b.id === blockId)
      : null;
    if (!groupId || !block || !blockExits(block).includes(exit)) return null;
    source = groupNodeId(groupId);
    sourceHandle = exitHandle(blockId, exit);
  }
  let target: string;
  let targetHandle: string;
  if ('groupId' in edge.to) {
    if (!groups.has(edge.to.groupId)) return null;
    target = groupNodeId(edge.to.groupId);
    targetHandle = GROUP_IN_HANDLE;
  } else {
    const groupId = groupOf.get(edge.to.blockId);
    if (!groupId) return null;
    target = groupNodeId(groupId);
    targetHandle = blockInHandle(edge.to.blockId);
  }
  return { id: edge.id, source, sourceHandle, target, targetHandle };
}

/** The canvas of a document: its events and groups as nodes, its drawable edges. */
export function flowToGraph(doc: TFlowDocument): { nodes: TFlowNode[]; edges: TFlowGraphEdge[] } {
  const nodes: TFlowNode[] = [
    ...doc.events.map(
      (event): TEventNode => ({
        id: eventNodeId(event.id),
        type: EVENT_NODE,
        position: event.position,
        data: { event },
        deletable: event.kind !== 'start',
      }),
    ),
    ...doc.groups.map(
      (group): TGroupNode => ({
        id: groupNodeId(group.id),
        type: GROUP_NODE,
        position: group.position,
        data: { group },
        dragHandle: '.flow-group-drag',
      }),
    ),
  ];
  const groupOf = blockGroups(doc);
  const edges = doc.edges.flatMap((edge) => edgeToGraph(doc, edge, groupOf) ?? []);
  return { nodes, edges };
}

/**
 * The document the canvas now shows: groups and events in the nodes' order and positions (a
 * removed node is gone), edges from the canvas's edges (a new edge gets a document edge; an exit
 * keeps one edge, the newest), plus the document's undrawable edges untouched.
 */
export function graphToFlow(doc: TFlowDocument, nodes: TFlowNode[], edges: TFlowGraphEdge[]): TFlowDocument {
  const groups: TFlowGroup[] = [];
  const events: TFlowEvent[] = [];
  for (const node of nodes) {
    if (node.type === GROUP_NODE) groups.push({ ...node.data.group, position: { ...node.position } });
    else if (node.type === EVENT_NODE) events.push({ ...node.data.event, position: { ...node.position } });
  }
  const next: TFlowDocument = { ...doc, groups, events };
  const groupOf = blockGroups(doc);
  const undrawable = doc.edges.filter((e) => edgeToGraph(doc, e, groupOf) === null);
  const byExit = new Map<string, TFlowEdge>();
  for (const edge of edges) {
    const from = parseSource(edge.source, edge.sourceHandle);
    const to = parseTarget(edge.target, edge.targetHandle);
    if (!from || !to) continue;
    const key = 'eventId' in from ? `e:${from.eventId}` : `b:${from.blockId}:${from.exit}`;
    byExit.delete(key);
    byExit.set(key, { id: edge.id, from, to });
  }
  // Only edges whose ends are still in the document.
  const nextGroupOf = blockGroups(next);
  const groupIds = new Set(groups.map((g) => g.id));
  const eventIds = new Set(events.map((e) => e.id));
  const alive = [...byExit.values()].filter((e) => {
    const fromOk = 'eventId' in e.from ? eventIds.has(e.from.eventId) : nextGroupOf.has(e.from.blockId);
    const toOk = 'groupId' in e.to ? groupIds.has(e.to.groupId) : nextGroupOf.has(e.to.blockId);
    return fromOk && toOk;
  });
  return { ...next, edges: [...alive, ...undrawable] };
}

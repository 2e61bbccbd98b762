import { type DragEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Background,
  type Connection,
  Controls,
  type EdgeChange,
  MarkerType,
  MiniMap,
  type NodeChange,
  ReactFlow,
  useReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { TFlowBlockType, TFlowDocument } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { EventNode } from './event-node';
import { connect, moveItems, removeItems } from './flow-edit';
import {
  EVENT_NODE,
  flowToGraph,
  GROUP_NODE,
  parseNodeId,
  parseSource,
  parseTarget,
  type TFlowGraphEdge,
  type TFlowNode,
} from './flow-graph';
import { GroupNode } from './group-node';
import type { TFlowState } from './use-flow-state';

const nodeTypes = { [GROUP_NODE]: GroupNode, [EVENT_NODE]: EventNode };
export const BLOCK_DRAG_TYPE = 'application/x-atende-block';

/**
 * The canvas: draws the document (flow-graph.ts) and turns moves, connections and deletions into
 * document edits (one undo step each; a drag is one step). Blocks dragged from the palette land in
 * the group they are dropped on, or in a new group.
 */
export function FlowCanvas({
  state,
  selectedNodes,
  setSelectedNodes,
  onDropBlock,
}: {
  state: TFlowState;
  selectedNodes: Set<string>;
  setSelectedNodes: (next: (prev: Set<string>) => Set<string>) => void;
  onDropBlock: (type: TFlowBlockType, at: { x: number; y: number }, groupId: string | null) => void;
}) {
  const { t } = useTranslation('chatbots');
  const { doc, edit, select, selection } = state;
  const flow = useReactFlow<TFlowNode, TFlowGraphEdge>();
  const [measured, setMeasured] = useState<Record<string, { width: number; height: number }>>({});
  const [selectedEdges, setSelectedEdges] = useState<Set<string>>(new Set());
  const graph = useMemo(() => flowToGraph(doc), [doc]);
  const nodes = useMemo(
    () =>
      graph.nodes.map(
        (n) => ({ ...n, selected: selectedNodes.has(n.id), measured: measured[n.id] }) as TFlowNode,
      ),
    [graph, selectedNodes, measured],
  );
  const edges = useMemo(
    () =>
      graph.edges.map((e) => ({
        ...e,
        selected: selectedEdges.has(e.id),
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
        ariaLabel: t('editor.edgeLabel'),
      })),
    [graph, selectedEdges, t],
  );

  // Once every node has its size, the whole flow is brought into view (fitView before that guesses sizes).
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || !graph.nodes.length || !graph.nodes.every((n) => measured[n.id])) return;
    fitted.current = true;
    requestAnimationFrame(() => void flow.fitView({ padding: 0.2, maxZoom: 1 }));
  }, [graph, measured, flow]);

  const onNodesChange = useCallback(
    (changes: NodeChange<TFlowNode>[]) => {
      const positions = new Map<string, { x: number; y: number }>();
      const dims: Record<string, { width: number; height: number }> = {};
      const picks: [string, boolean][] = [];
      for (const c of changes) {
        if (c.type === 'position' && c.position) {
          const id = parseNodeId(c.id)?.id;
          if (id) positions.set(id, { x: Math.round(c.position.x), y: Math.round(c.position.y) });
        } else if (c.type === 'dimensions' && c.dimensions) dims[c.id] = c.dimensions;
        else if (c.type === 'select') picks.push([c.id, c.selected]);
      }
      if (positions.size) edit((d) => moveItems(d, positions), `move:${[...positions.keys()].join(',')}`);
      if (Object.keys(dims).length) setMeasured((m) => ({ ...m, ...dims }));
      if (picks.length)
        setSelectedNodes((prev) => {
          const next = new Set(prev);
          for (const [id, on] of picks) on ? next.add(id) : next.delete(id);
          return next;
        });
    },
    [edit, setSelectedNodes],
  );

  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    const picks = changes.flatMap((c) => (c.type === 'select' ? [[c.id, c.selected] as const] : []));
    if (picks.length)
      setSelectedEdges((prev) => {
        const next = new Set(prev);
        for (const [id, on] of picks) on ? next.add(id) : next.delete(id);
        return next;
      });
  }, []);

  const onConnect = useCallback(
    (c: Connection) => {
      const from = parseSource(c.source, c.sourceHandle);
      const to = parseTarget(c.target, c.targetHandle);
      if (from && to) edit((d) => connect(d, from, to));
    },
    [edit],
  );

  const onDelete = useCallback(
    ({ nodes: gone, edges: cut }: { nodes: TFlowNode[]; edges: TFlowGraphEdge[] }) => {
      const ids = gone.map((n) => parseNodeId(n.id)).filter((n) => n !== null);
      edit((d: TFlowDocument) =>
        removeItems(d, {
          groups: ids.filter((n) => n.kind === 'group').map((n) => n.id),
          events: ids.filter((n) => n.kind === 'event').map((n) => n.id),
          edges: cut.map((e) => e.id),
        }),
      );
      if (selection && ids.some((n) => n.id === selection.id)) select(null);
    },
    [edit, select, selection],
  );

  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(BLOCK_DRAG_TYPE) as TFlowBlockType;
    if (!type) return;
    event.preventDefault();
    const at = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    const hit = flow
      .getIntersectingNodes({ x: at.x, y: at.y, width: 1, height: 1 })
      .find((n) => n.type === GROUP_NODE);
    onDropBlock(type, at, hit ? (parseNodeId(hit.id)?.id ?? null) : null);
  };

  return (
    <ReactFlow<TFlowNode, TFlowGraphEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      onDelete={onDelete}
      onPaneClick={() => select(null)}
      onDrop={onDrop}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
      }}
      deleteKeyCode={['Delete', 'Backspace']}
      fitView
      fitViewOptions={{ maxZoom: 1, padding: 0.2 }}
      minZoom={0.2}
      maxZoom={2}
      attributionPosition="bottom-center"
      ariaLabelConfig={{
        'node.a11yDescription.default': t('editor.a11y.node'),
        'node.a11yDescription.keyboardDisabled': t('editor.a11y.node'),
        'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) =>
          t('editor.a11y.moved', { direction, x, y }),
        'edge.a11yDescription.default': t('editor.a11y.edge'),
        'controls.ariaLabel': t('editor.a11y.controls'),
        'controls.zoomIn.ariaLabel': t('editor.a11y.zoomIn'),
        'controls.zoomOut.ariaLabel': t('editor.a11y.zoomOut'),
        'controls.fitView.ariaLabel': t('editor.a11y.fitView'),
        'controls.interactive.ariaLabel': t('editor.a11y.interactive'),
        'minimap.ariaLabel': t('editor.a11y.minimap'),
        'handle.ariaLabel': t('editor.a11y.handle'),
      }}
    >
      <Background gap={20} />
      <Controls position="bottom-left" />
      <MiniMap
        position="top-right"
        pannable
        zoomable
        ariaLabel={t('editor.a11y.minimap')}
        nodeColor={(n) =>
          n.type === EVENT_NODE ? 'var(--mantine-color-green-4)' : 'var(--mantine-color-brand-2)'
        }
        nodeBorderRadius={6}
      />
    </ReactFlow>
  );
}

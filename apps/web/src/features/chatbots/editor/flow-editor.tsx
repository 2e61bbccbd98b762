import { useCallback, useMemo, useRef, useState } from 'react';
import { useReactFlow } from '@xyflow/react';
import { useQueryClient } from '@tanstack/react-query';
import {
  type TChatbot,
  type TChatbotDetail,
  type TFlowBlockType,
  type TFlowIssue,
  validateFlow,
} from '@atende/shared';
import { ApiError } from '../../../app/api-client';
import { notify } from '../../../app/notify';
import { useAcc } from '../../../app/session';
import { useChannels } from '../../settings/settings-api';
import { chatbotErrorText } from '../chatbot-errors';
import { chatbotKey, chatbotsApi, chatbotsKey } from '../chatbots-api';
import { BlockPalette } from './block-palette';
import { BotSettingsModal } from './bot-settings-modal';
import { EditorContext } from './editor-context';
import { FlowCanvas } from './flow-canvas';
import {
  addBlock,
  addGroup,
  copyGroups,
  findBlock,
  pasteClip,
  type TFlowClip,
  updateEvent,
} from './flow-edit';
import { exportFlow, parseFlowFile } from './flow-file';
import { eventNodeId, groupNodeId } from './flow-graph';
import { FlowToolbar, type TToolbarAction } from './flow-toolbar';
import { IssuesDrawer } from './issues-drawer';
import { SaveIndicator } from './save-indicator';
import { SidePanel } from './side-panel';
import { TestPanel } from './test-panel';
import { useAutosave } from './use-autosave';
import { useEditorKeys } from './use-editor-keys';
import { useFlowState } from './use-flow-state';
import { VersionsDrawer } from './versions-drawer';
import classes from './flow-editor.module.css';

let clipboard: TFlowClip | null = null;

const GROUP_BOX = { width: 264, height: 160 };

/** The first place right of `at` where a new group overlaps no node. */
export function freeSpot(
  nodes: { position: { x: number; y: number }; measured?: { width?: number; height?: number } }[],
  at: { x: number; y: number },
) {
  const spot = { x: Math.round(at.x), y: Math.round(at.y) };
  const hits = () =>
    nodes.some((n) => {
      const w = n.measured?.width ?? GROUP_BOX.width;
      const h = n.measured?.height ?? GROUP_BOX.height;
      return (
        spot.x < n.position.x + w + 40 &&
        spot.x + GROUP_BOX.width + 40 > n.position.x &&
        spot.y < n.position.y + h + 40 &&
        spot.y + GROUP_BOX.height + 40 > n.position.y
      );
    });
  for (let i = 0; i < 50 && hits(); i++) spot.x += 320;
  return spot;
}

/**
 * The flow editor: palette, canvas and side panel over the draft (autosaved), with undo/redo,
 * copy/paste, problems before publishing, versions, import/export and the live test.
 */
export function FlowEditor({ detail }: { detail: TChatbotDetail }) {
  const acc = useAcc();
  const queryClient = useQueryClient();
  const flow = useReactFlow();
  const state = useFlowState(detail.draft);
  const { doc, edit, select, selection } = state;
  const startEvent = doc.events.find((e) => e.kind === 'start');
  // The start condition "first contact only" also in the bot's settings (it lives on the start event).
  const startCondition =
    startEvent?.kind === 'start'
      ? {
          firstContactOnly: startEvent.config.firstContactOnly,
          onChange: (firstContactOnly: boolean) =>
            edit((d) =>
              updateEvent(d, { ...startEvent, config: { ...startEvent.config, firstContactOnly } }),
            ),
        }
      : undefined;
  const [chatbot, setChatbot] = useState<TChatbot>(detail.chatbot);
  const [panel, setPanel] = useState<'issues' | 'versions' | 'test' | 'settings' | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [serverIssues, setServerIssues] = useState<TFlowIssue[]>([]);
  const [selectedNodes, setSelectedNodes] = useState<Set<string>>(new Set());
  const fileInput = useRef<HTMLInputElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const channels = useChannels(acc);
  const whatsapp = chatbot.channelIds.some(
    (id) => channels.data?.find((c) => c._id === id)?.kind === 'whatsapp-cloud',
  );
  const saveDraft = useCallback(
    (d: typeof doc) => chatbotsApi.saveDraft(acc, chatbot._id, d),
    [acc, chatbot._id],
  );
  const autosave = useAutosave(doc, saveDraft);
  const localIssues = useMemo(() => validateFlow(doc, { whatsapp }), [doc, whatsapp]);
  const issues = localIssues.length ? localIssues : serverIssues;
  const broken = useMemo(() => {
    const ids = new Set<string>();
    for (const i of issues) {
      if (i.blockId) ids.add(i.blockId);
      const [root, index] = i.path;
      if (root === 'groups' && typeof index === 'number' && doc.groups[index]) ids.add(doc.groups[index].id);
      if (root === 'events' && typeof index === 'number' && doc.events[index]) ids.add(doc.events[index].id);
    }
    return ids;
  }, [issues, doc]);

  const updateBot = (bot: TChatbot) => {
    setChatbot(bot);
    queryClient.setQueryData(chatbotKey(acc, bot._id), (d: TChatbotDetail | undefined) =>
      d ? { ...d, chatbot: bot } : d,
    );
    void queryClient.invalidateQueries({ queryKey: chatbotsKey(acc), exact: true });
  };

  /** Shows a node (and selects it) after a click on a problem or a paste. */
  const focusNode = (nodeId: string) => {
    void flow.fitView({ nodes: [{ id: nodeId }], duration: 300, maxZoom: 1.1 });
  };
  const focusIssue = (issue: TFlowIssue) => {
    setPanel(null);
    const found = issue.blockId ? findBlock(doc, issue.blockId) : null;
    if (found) {
      select({ kind: 'block', id: found.block.id });
      return focusNode(groupNodeId(found.group.id));
    }
    const [root, index] = issue.path;
    if (root === 'groups' && typeof index === 'number' && doc.groups[index]) {
      select({ kind: 'group', id: doc.groups[index].id });
      focusNode(groupNodeId(doc.groups[index].id));
    } else if (root === 'events' && typeof index === 'number' && doc.events[index]) {
      select({ kind: 'event', id: doc.events[index].id });
      focusNode(eventNodeId(doc.events[index].id));
    } else select(null);
  };

  const addFromPalette = (type: TFlowBlockType) => {
    const current =
      selection?.kind === 'block'
        ? findBlock(doc, selection.id)
        : selection?.kind === 'group'
          ? { group: doc.groups.find((g) => g.id === selection.id), index: undefined }
          : null;
    if (current?.group) {
      const at = current.index === undefined ? undefined : current.index + 1;
      const r = addBlock(doc, current.group.id, type, at);
      edit(() => r.doc);
      select({ kind: 'block', id: r.block.id });
      return;
    }
    const box = canvasRef.current?.getBoundingClientRect();
    const at = flow.screenToFlowPosition({
      x: (box?.left ?? 0) + (box?.width ?? 600) / 2 - 130,
      y: (box?.top ?? 0) + (box?.height ?? 400) / 3,
    });
    const r = addGroup(doc, type, freeSpot(flow.getNodes(), at));
    edit(() => r.doc);
    select({ kind: 'block', id: r.block.id });
    requestAnimationFrame(() => void flow.fitView({ duration: 200, maxZoom: 1, padding: 0.2 }));
  };

  const onDropBlock = (type: TFlowBlockType, at: { x: number; y: number }, groupId: string | null) => {
    const r = groupId
      ? addBlock(doc, groupId, type)
      : addGroup(doc, type, { x: Math.round(at.x), y: Math.round(at.y) });
    edit(() => r.doc);
    select({ kind: 'block', id: r.block.id });
  };

  const selectedGroupIds = () => {
    const ids = [...selectedNodes].filter((id) => id.startsWith('g:')).map((id) => id.slice(2));
    if (ids.length) return ids;
    if (selection?.kind === 'group') return [selection.id];
    if (selection?.kind === 'block') {
      const g = findBlock(doc, selection.id)?.group.id;
      return g ? [g] : [];
    }
    return [];
  };
  const copy = () => {
    const clip = copyGroups(doc, selectedGroupIds());
    if (!clip) return;
    clipboard = clip;
    navigator.clipboard?.writeText(JSON.stringify(clip)).catch(() => undefined);
    notify({
      color: 'gray',
      message: (t) => t('chatbots:editor.copied', { count: clip.groups.length }),
      autoClose: 2000,
    });
  };
  const paste = () => {
    if (!clipboard) return;
    const r = pasteClip(doc, clipboard, { x: 40, y: 40 });
    edit(() => r.doc);
    setSelectedNodes(() => new Set(r.groupIds.map(groupNodeId)));
    select({ kind: 'group', id: r.groupIds[0] });
  };
  useEditorKeys({ undo: state.undo, redo: state.redo, copy, paste });

  const publish = async () => {
    setPublishing(true);
    try {
      await autosave.flush();
      const { issues: found } = await chatbotsApi.validate(acc, chatbot._id);
      if (found.length) {
        setServerIssues(found);
        setPanel('issues');
        return;
      }
      updateBot(await chatbotsApi.publish(acc, chatbot._id));
      notify({ color: 'green', message: (t) => t('chatbots:list.done.publish', { name: chatbot.name }) });
    } catch (error) {
      const listed =
        error instanceof ApiError ? (error.details?.issues as TFlowIssue[] | undefined) : undefined;
      if (listed?.length) {
        setServerIssues(listed);
        setPanel('issues');
      } else notify({ color: 'red', message: (t) => chatbotErrorText(t, error) });
    } finally {
      setPublishing(false);
    }
  };
  const unpublish = async () => {
    setPublishing(true);
    try {
      updateBot(await chatbotsApi.unpublish(acc, chatbot._id));
      notify({ color: 'green', message: (t) => t('chatbots:list.done.unpublish', { name: chatbot.name }) });
    } catch (error) {
      notify({ color: 'red', message: (t) => chatbotErrorText(t, error) });
    } finally {
      setPublishing(false);
    }
  };

  const onAction = (action: TToolbarAction) => {
    if (action === 'undo') state.undo();
    else if (action === 'redo') state.redo();
    else if (action === 'publish') void publish();
    else if (action === 'unpublish') void unpublish();
    else if (action === 'export') exportFlow(doc, chatbot.name);
    else if (action === 'import') fileInput.current?.click();
    else setPanel(action);
  };

  const importFile = async (file: File) => {
    const result = parseFlowFile(await file.text());
    if (!result.ok) {
      notify({
        color: 'red',
        message: (t) =>
          result.reason === 'json'
            ? t('chatbots:editor.importNotJson')
            : t('chatbots:editor.importInvalid', { path: result.path ?? '' }),
      });
      return;
    }
    edit(() => result.doc);
    select(null);
    notify({ color: 'green', message: (t) => t('chatbots:editor.imported') });
    requestAnimationFrame(() => void flow.fitView({ duration: 300, maxZoom: 1 }));
  };

  const rollback = async (version: number) => {
    await autosave.flush().catch(() => undefined);
    const restored = await chatbotsApi.rollback(acc, chatbot._id, version);
    autosave.reset(restored.draft);
    state.reset(restored.draft);
    select(null);
    updateBot(restored.chatbot);
    notify({ color: 'green', message: (t) => t('chatbots:versions.restored', { n: version }) });
  };

  return (
    <EditorContext.Provider value={{ doc, selection, select, broken }}>
      <div className={classes.shell} data-testid="flow-editor">
        <FlowToolbar
          chatbot={chatbot}
          saveIndicator={<SaveIndicator status={autosave.status} error={autosave.error} />}
          canUndo={state.canUndo}
          canRedo={state.canRedo}
          issueCount={issues.length}
          publishing={publishing}
          onAction={onAction}
        />
        <div className={classes.body}>
          <BlockPalette withAi={chatbot.type === 'hybrid'} onAdd={addFromPalette} />
          <div className={classes.canvas} ref={canvasRef}>
            <FlowCanvas
              state={state}
              selectedNodes={selectedNodes}
              setSelectedNodes={setSelectedNodes}
              onDropBlock={onDropBlock}
            />
          </div>
          <SidePanel state={state} issues={issues} />
        </div>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void importFile(file);
        }}
      />
      <IssuesDrawer
        opened={panel === 'issues'}
        onClose={() => setPanel(null)}
        doc={doc}
        issues={issues}
        onFocus={focusIssue}
        onRemoveEdge={(id) => edit((d) => ({ ...d, edges: d.edges.filter((e) => e.id !== id) }))}
      />
      <VersionsDrawer
        opened={panel === 'versions'}
        onClose={() => setPanel(null)}
        chatbot={chatbot}
        onRollback={rollback}
      />
      <TestPanel
        opened={panel === 'test'}
        onClose={() => setPanel(null)}
        chatbotId={chatbot._id}
        prepare={autosave.flush}
      />
      <BotSettingsModal
        opened={panel === 'settings'}
        onClose={() => setPanel(null)}
        chatbot={chatbot}
        onSaved={updateBot}
        start={startCondition}
      />
    </EditorContext.Provider>
  );
}

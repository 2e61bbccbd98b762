import {
  blockExits,
  CHATBOT_LIMITS,
  FLOW_BUILTINS,
  FLOW_KEY_ENTITIES,
  isInputBlock,
  MAX_FLOW_BLOCKS,
  type TFlowBlock,
  type TFlowDocument,
  type TFlowIssue,
} from './chatbots';

/**
 * Whether a flow can be published: every issue with its path in the document (and the block's id
 * when one block is at fault). The server runs it on publish (and answers the issues); the editor
 * may run it as the user edits. `whatsapp`: the bot answers on WhatsApp (its option limits apply).
 */
export function validateFlow(doc: TFlowDocument, opts: { whatsapp?: boolean } = {}): TFlowIssue[] {
  const issues: TFlowIssue[] = [];
  const add = (code: TFlowIssue['code'], path: TFlowIssue['path'], blockId?: string) =>
    issues.push(blockId ? { code, path, blockId } : { code, path });

  const blocks = new Map<string, { block: TFlowBlock; gi: number; bi: number }>();
  const groups = new Map<string, number>();
  const seen = new Set<string>();
  const unique = (id: string, path: TFlowIssue['path'], blockId?: string) => {
    if (seen.has(id)) add('duplicate_id', path, blockId);
    seen.add(id);
  };

  let total = 0;
  doc.groups.forEach((g, gi) => {
    unique(g.id, ['groups', gi, 'id']);
    groups.set(g.id, gi);
    if (g.blocks.length === 0) add('empty_group', ['groups', gi, 'blocks']);
    g.blocks.forEach((block, bi) => {
      total++;
      unique(block.id, ['groups', gi, 'blocks', bi, 'id'], block.id);
      blocks.set(block.id, { block, gi, bi });
    });
  });
  if (total > MAX_FLOW_BLOCKS) add('too_many_blocks', ['groups']);

  const variableIds = new Set<string>();
  const variableNames = new Set<string>();
  doc.variables.forEach((v, i) => {
    unique(v.id, ['variables', i, 'id']);
    variableIds.add(v.id);
    const folded = v.name.toLowerCase();
    if (variableNames.has(folded)) add('variable_exists', ['variables', i, 'name']);
    variableNames.add(folded);
  });

  const events = new Map<string, number>();
  doc.events.forEach((e, i) => {
    unique(e.id, ['events', i, 'id']);
    events.set(e.id, i);
  });
  const start = doc.events.findIndex((e) => e.kind === 'start');
  if (start < 0) add('no_start', ['events']);

  doc.edges.forEach((edge, i) => {
    unique(edge.id, ['edges', i, 'id']);
    if ('eventId' in edge.from) {
      if (!events.has(edge.from.eventId)) add('dangling_edge', ['edges', i, 'from']);
    } else {
      const from = blocks.get(edge.from.blockId);
      if (!from) add('dangling_edge', ['edges', i, 'from']);
      else if (!blockExits(from.block).includes(edge.from.exit))
        add('unknown_exit', ['edges', i, 'from', 'exit'], from.block.id);
    }
    const ok = 'groupId' in edge.to ? groups.has(edge.to.groupId) : blocks.has(edge.to.blockId);
    if (!ok) add('dangling_edge', ['edges', i, 'to']);
  });
  if (start >= 0 && !doc.edges.some((e) => 'eventId' in e.from && e.from.eventId === doc.events[start].id))
    add('start_not_connected', ['events', start]);

  for (const { block, gi, bi } of blocks.values())
    checkBlock(block, ['groups', gi, 'blocks', bi], { variableIds, variableNames, groups, add, opts });

  const cycle = findCycleWithoutInput(doc, blocks, groups);
  if (cycle) {
    const at = blocks.get(cycle)!;
    add('cycle_without_input', ['groups', at.gi, 'blocks', at.bi], cycle);
  }
  return issues;
}

interface TCheckCtx {
  variableIds: Set<string>;
  variableNames: Set<string>;
  groups: Map<string, number>;
  add: (code: TFlowIssue['code'], path: TFlowIssue['path'], blockId?: string) => void;
  opts: { whatsapp?: boolean };
}

const VARIABLE_REF = /\{\{\s*(\$?[\p{L}_][\p{L}\p{N}_]*)\s*\}\}/gu;
const KNOWN_DOLLAR = new Set<string>([...FLOW_KEY_ENTITIES, ...FLOW_BUILTINS]);

/** The {{references}} of a text (flow variable names, or `$key` entities/built-ins). */
export function flowTextRefs(text: string): string[] {
  return [...text.matchAll(VARIABLE_REF)].map((m) => m[1]);
}

const isHttpUrl = (url: string) => /^https?:\/\/\S+$/i.test(url.trim()) || /^\{\{.+\}\}/.test(url.trim());

function checkText(
  text: string | null | undefined,
  path: TFlowIssue['path'],
  id: string,
  ctx: TCheckCtx,
  max: number = CHATBOT_LIMITS.textMax,
) {
  if (!text) return;
  if (text.length > max) ctx.add('text_too_long', path, id);
  for (const ref of flowTextRefs(text)) {
    if (ref.startsWith('$')) continue; // key entities, built-ins and contact custom fields
    if (!ctx.variableNames.has(ref.toLowerCase())) ctx.add('unknown_variable', path, id);
  }
}

function checkVariable(
  variableId: string | null | undefined,
  path: TFlowIssue['path'],
  id: string,
  ctx: TCheckCtx,
) {
  if (variableId && !ctx.variableIds.has(variableId)) ctx.add('unknown_variable', path, id);
}

function checkRegex(pattern: string, path: TFlowIssue['path'], id: string, ctx: TCheckCtx) {
  try {
    new RegExp(pattern);
  } catch {
    ctx.add('invalid_regex', path, id);
  }
}

function checkBlock(block: TFlowBlock, path: TFlowIssue['path'], ctx: TCheckCtx) {
  const at = (...rest: Array<string | number>) => [...path, ...rest];
  const id = block.id;
  if (isInputBlock(block)) {
    const bodyMax =
      ctx.opts.whatsapp && 'options' in block ? CHATBOT_LIMITS.whatsapp.bodyMax : CHATBOT_LIMITS.textMax;
    checkText(block.prompt, at('prompt'), id, ctx, bodyMax);
    checkText(block.retryMessage, at('retryMessage'), id, ctx);
    checkVariable(block.variableId, at('variableId'), id, ctx);
  }
  switch (block.type) {
    case 'text':
      if (!block.text.trim()) ctx.add('text_required', at('text'), id);
      checkText(block.text, at('text'), id, ctx);
      return;
    case 'image':
    case 'video':
    case 'audio':
    case 'file':
    case 'embed':
      if (!isHttpUrl(block.url)) ctx.add('invalid_url', at('url'), id);
      if ('caption' in block) checkText(block.caption, at('caption'), id, ctx);
      return;
    case 'text_input':
      if (block.pattern) checkRegex(block.pattern, at('pattern'), id, ctx);
      return;
    case 'choice_input':
    case 'picture_choice_input': {
      if (block.options.length === 0) ctx.add('option_required', at('options'), id);
      const titleMax =
        block.options.length <= CHATBOT_LIMITS.whatsapp.buttonsMax
          ? CHATBOT_LIMITS.whatsapp.buttonTitleMax
          : CHATBOT_LIMITS.whatsapp.rowTitleMax;
      block.options.forEach((o, i) => {
        if (!o.title.trim()) ctx.add('option_title_required', at('options', i, 'title'), id);
        else if (
          ctx.opts.whatsapp &&
          block.options.length <= CHATBOT_LIMITS.whatsapp.listRowsMax &&
          o.title.length > titleMax
        )
          ctx.add('whatsapp_title_too_long', at('options', i, 'title'), id);
      });
      return;
    }
    case 'set_variable':
      if (!block.variableId) ctx.add('text_required', at('variableId'), id);
      checkVariable(block.variableId, at('variableId'), id, ctx);
      if (block.value.kind === 'text') checkText(block.value.text, at('value', 'text'), id, ctx);
      return;
    case 'condition':
      block.conditions.forEach((c, i) => {
        if (!c.left) ctx.add('text_required', at('conditions', i, 'left'), id);
        else if (!c.left.startsWith('$')) checkVariable(c.left, at('conditions', i, 'left'), id, ctx);
        if (c.operator === 'matches_regex') checkRegex(c.right, at('conditions', i, 'right'), id, ctx);
        else checkText(c.right, at('conditions', i, 'right'), id, ctx);
      });
      return;
    case 'jump':
      if (!ctx.groups.has(block.groupId)) ctx.add('missing_target', at('groupId'), id);
      return;
    case 'call':
      if (!ctx.groups.has(block.groupId)) ctx.add('missing_target', at('groupId'), id);
      // A group that runs itself recurses until the depth cap: refused (path[1] is its group's index).
      else if (ctx.groups.get(block.groupId) === path[1]) ctx.add('call_self', at('groupId'), id);
      return;
    case 'http_request':
      if (!isHttpUrl(block.url)) ctx.add('invalid_url', at('url'), id);
      checkText(block.url, at('url'), id, ctx);
      checkText(block.body, at('body'), id, ctx);
      block.headers.forEach((h, i) => {
        checkText(h.value, at('headers', i, 'value'), id, ctx);
      });
      block.mapping.forEach((m, i) => {
        checkVariable(m.variableId, at('mapping', i, 'variableId'), id, ctx);
      });
      return;
    case 'transfer':
    case 'close':
    case 'ai_agent':
      checkText(block.message, at('message'), id, ctx);
      return;
    case 'add_tag':
      if (!block.tagId) ctx.add('text_required', at('tagId'), id);
      return;
    case 'set_phase':
      if (!block.phaseId) ctx.add('text_required', at('phaseId'), id);
      return;
    case 'send_template':
      if (!block.templateId) ctx.add('text_required', at('templateId'), id);
      block.params.forEach((p, i) => {
        // Meta refuses a template with an empty variable.
        if (!p.trim()) ctx.add('text_required', at('params', i), id);
        checkText(p, at('params', i), id, ctx);
      });
      return;
    default:
      return;
  }
}

/** Blocks that wait for the customer (or for time): a loop through one of them is fine. */
function waits(block: TFlowBlock) {
  return isInputBlock(block) || block.type === 'wait' || block.type === 'ai_agent';
}

/**
 * A loop the bot would run forever without waiting for the customer: a cycle in the graph of
 * "what runs next" over blocks that do not wait. Answers one block of it.
 */
function findCycleWithoutInput(
  doc: TFlowDocument,
  blocks: Map<string, { block: TFlowBlock; gi: number; bi: number }>,
  groups: Map<string, number>,
): string | undefined {
  const next = new Map<string, string[]>();
  const firstOf = (groupId: string) => {
    const gi = groups.get(groupId);
    return gi === undefined ? undefined : doc.groups[gi].blocks[0]?.id;
  };
  const edgesFrom = new Map<string, string[]>();
  for (const edge of doc.edges) {
    if ('eventId' in edge.from) continue;
    const target = 'groupId' in edge.to ? firstOf(edge.to.groupId) : edge.to.blockId;
    if (!target || !blocks.has(target)) continue;
    const list = edgesFrom.get(edge.from.blockId) ?? [];
    list.push(target);
    edgesFrom.set(edge.from.blockId, list);
  }
  for (const { block, gi, bi } of blocks.values()) {
    if (waits(block)) continue;
    const out = [...(edgesFrom.get(block.id) ?? [])];
    if (block.type === 'jump') {
      const first = firstOf(block.groupId);
      if (first) out.push(first);
    } else if (block.type === 'call') {
      // Into the called group, and (after it returns) on to the block after the call.
      const first = firstOf(block.groupId);
      if (first) out.push(first);
      const following = doc.groups[gi].blocks[bi + 1];
      if (following) out.push(following.id);
    } else if (blockExits(block).length > 0) {
      const following = doc.groups[gi].blocks[bi + 1];
      if (following) out.push(following.id);
    }
    next.set(
      block.id,
      out.filter((id) => !waits(blocks.get(id)!.block)),
    );
  }
  const state = new Map<string, 1 | 2>();
  const visit = (id: string): string | undefined => {
    state.set(id, 1);
    for (const to of next.get(id) ?? []) {
      const s = state.get(to);
      if (s === 1) return to;
      if (!s) {
        const found = visit(to);
        if (found) return found;
      }
    }
    state.set(id, 2);
    return undefined;
  };
  for (const id of next.keys()) {
    if (state.has(id)) continue;
    const found = visit(id);
    if (found) return found;
  }
  return undefined;
}

/** Blocks added, removed and changed from one document to the next (the versions list). */
export function flowDiffSummary(before: TFlowDocument | null, after: TFlowDocument) {
  const index = (doc: TFlowDocument | null) =>
    new Map((doc?.groups ?? []).flatMap((g) => g.blocks.map((b) => [b.id, JSON.stringify(b)] as const)));
  const a = index(before);
  const b = index(after);
  let added = 0;
  let changed = 0;
  for (const [id, json] of b) {
    if (!a.has(id)) added++;
    else if (a.get(id) !== json) changed++;
  }
  const removed = [...a.keys()].filter((id) => !b.has(id)).length;
  return { added, removed, changed };
}

export { KNOWN_DOLLAR as FLOW_DOLLAR_NAMES };

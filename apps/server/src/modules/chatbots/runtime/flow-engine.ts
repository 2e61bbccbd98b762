import {
  CHATBOT_LIMITS,
  type TChoiceOption,
  type TFlowBlock,
  type TFlowBlockOf,
  type TFlowDocument,
  type TInputBlock,
  isInputBlock,
} from '@atende/shared';
import { builtinValue, renderText, seededRandom, type TTextContext, refValue } from './flow-text';
import { appendLog, type TAiAgentDeps, type TAiHandoverReason } from './ai-agent';
import { inputOptions, parseAnswer, type TAnswer } from './input-answers';
import type { TSessionState, TTimerKind } from './session-state';

/** What a turn asks the runtime to do, in order (sends keep their order in the conversation). */
export type TEffect =
  | { type: 'send'; text: string; options?: TChoiceOption[]; listButton?: string | null }
  | { type: 'media'; kind: 'image' | 'video' | 'audio' | 'file' | 'embed'; url: string; caption: string }
  | { type: 'contact'; field: string; value: string }
  | { type: 'tag'; tagId: string }
  | { type: 'phase'; phaseId: string }
  | { type: 'template'; templateId: string; params: string[] }
  | { type: 'transfer'; departmentId: string | null; operatorId: string | null }
  /** A private note for the team (an AI agent block's hand-over summary). */
  | { type: 'note'; text: string }
  | { type: 'close'; reason: string | null };

export type TTrigger =
  | { kind: 'start' }
  | { kind: 'answer'; answer: TAnswer }
  | { kind: 'timer'; timer: TTimerKind }
  | { kind: 'event'; eventId: string };

export type TTurnStatus = 'active' | 'ended' | 'transferred' | 'closed';

export interface TTurnResult {
  effects: TEffect[];
  state: TSessionState;
  status: TTurnStatus;
  /** The timer to arm (the runtime gives it an id and a job). */
  timer: { kind: TTimerKind; seconds: number } | null;
}

export interface TEngineDeps {
  isOpen(): Promise<boolean>;
  http(block: TFlowBlockOf<'http_request'>, ctx: TTextContext): Promise<{ ok: boolean; json?: unknown }>;
  /** The default retry text when a block has none (the account's language). */
  retryText: string;
  /** The AI agent block's answers (none: the block hands over). */
  ai?: TAiAgentDeps;
}

/** Steps a turn may take before it is cut (validation refuses loops without input; a safety net). */
const MAX_STEPS = 1000;

/**
 * Runs a flow from a trigger until it must wait (an input, a wait block) or ends. Pure apart from
 * `deps` (business hours, HTTP): given the same state and trigger it yields the same effects, so a
 * turn repeated after a crash stores and sends the same messages (deduplicated by their ids).
 */
export class FlowEngine {
  private readonly blocks = new Map<string, { block: TFlowBlock; gi: number; bi: number }>();

  constructor(
    private readonly doc: TFlowDocument,
    private readonly deps: TEngineDeps,
  ) {
    doc.groups.forEach((g, gi) => {
      g.blocks.forEach((block, bi) => {
        this.blocks.set(block.id, { block, gi, bi });
      });
    });
  }

  async run(
    state: TSessionState,
    trigger: TTrigger,
    text: Omit<TTextContext, 'doc' | 'variables'>,
  ): Promise<TTurnResult> {
    const s: TSessionState = { ...state, variables: { ...state.variables }, timer: null };
    if (state.stack) s.stack = [...state.stack];
    const ctx: TTextContext = { ...text, doc: this.doc, variables: s.variables };
    const out: TTurnResult = { effects: [], state: s, status: 'active', timer: null };
    let cursor: string | null = null;

    switch (trigger.kind) {
      case 'start':
        s.stack = undefined;
        cursor = this.eventTarget(this.doc.events.find((e) => e.kind === 'start')?.id);
        break;
      case 'event':
        // An event leaves whatever sub-flows the session was in.
        s.at = null;
        s.stack = undefined;
        cursor = this.eventTarget(trigger.eventId);
        break;
      case 'timer': {
        const waiting = s.at ? this.blocks.get(s.at.blockId)?.block : undefined;
        if (trigger.timer === 'idle') {
          s.at = null;
          s.stack = undefined;
          cursor = this.eventTarget(this.doc.events.find((e) => e.kind === 'idle')?.id);
        } else if (waiting) {
          s.at = null;
          cursor = this.next(waiting, trigger.timer === 'wait' ? 'default' : 'timeout');
        }
        break;
      }
      case 'answer': {
        const agent = s.at?.kind === 'ai' ? this.blocks.get(s.at.blockId)?.block : undefined;
        if (agent?.type === 'ai_agent') {
          cursor = await this.aiAnswer(agent, trigger.answer.text, out);
          if (!cursor) return out;
          break;
        }
        const waiting = s.at?.kind === 'input' ? this.blocks.get(s.at.blockId)?.block : undefined;
        if (!waiting || !isInputBlock(waiting)) {
          // Waiting on time (or nothing): the message is read, nothing runs.
          out.timer = state.timer ? this.rearm(state) : null;
          if (out.timer) s.timer = state.timer;
          return out;
        }
        const parsed = parseAnswer(waiting, trigger.answer);
        if (!parsed.ok) {
          s.retries += 1;
          if (s.retries > waiting.retryLimit) {
            s.at = null;
            s.retries = 0;
            cursor = this.next(waiting, 'retry_exhausted');
          } else {
            out.effects.push({
              type: 'send',
              text: renderText(waiting.retryMessage || this.deps.retryText, ctx),
            });
            this.ask(waiting, ctx, out, false);
            return out;
          }
        } else {
          s.at = null;
          s.retries = 0;
          this.capture(waiting, parsed.value, s, out);
          cursor = this.next(waiting, parsed.optionId ?? 'default');
        }
        break;
      }
    }
    await this.execute(cursor, ctx, out);
    return out;
  }

  /** Follows blocks from `cursor` until one waits or the flow ends. */
  private async execute(start: string | null, ctx: TTextContext, out: TTurnResult) {
    const s = out.state;
    let cursor = start;
    for (let step = 0; step < MAX_STEPS; step++) {
      const found = cursor ? this.blocks.get(cursor) : undefined;
      if (!found) {
        // The group ran off its end: back from a sub-flow, or the flow ended.
        cursor = this.returnFrom(s);
        if (!cursor) break;
        continue;
      }
      const block = found.block;
      if (isInputBlock(block)) {
        this.ask(block, ctx, out, true);
        return;
      }
      let exit = 'default';
      switch (block.type) {
        case 'text':
          out.effects.push({ type: 'send', text: renderText(block.text, ctx) });
          break;
        case 'image':
        case 'video':
        case 'audio':
        case 'file':
        case 'embed':
          out.effects.push({
            type: 'media',
            kind: block.type,
            url: renderText(block.url, ctx),
            caption: renderText((block.type === 'embed' ? block.title : block.caption) ?? '', ctx),
          });
          break;
        case 'set_variable':
          s.variables[block.variableId] =
            block.value.kind === 'text'
              ? renderText(block.value.text, ctx)
              : (builtinValue(block.value.builtin, { ...ctx, seed: `${ctx.seed}:${block.id}` }) ?? '');
          break;
        case 'condition':
          exit = this.evaluate(block, ctx) ? 'true' : 'false';
          break;
        case 'jump':
          cursor = this.doc.groups.find((g) => g.id === block.groupId)?.blocks[0]?.id ?? null;
          continue;
        case 'call': {
          const first = this.doc.groups.find((g) => g.id === block.groupId)?.blocks[0]?.id;
          const stack = s.stack ?? [];
          // At the depth cap (or with no group) the sub-flow does not run: the flow goes on after it.
          if (!first || stack.length >= CHATBOT_LIMITS.callDepthMax) break;
          s.stack = [...stack, { blockId: block.id }];
          cursor = first;
          continue;
        }
        case 'wait':
          s.at = { blockId: block.id, kind: 'wait' };
          out.timer = { kind: 'wait', seconds: block.seconds };
          return;
        case 'ab_split':
          exit = seededRandom(`${ctx.seed}:${block.id}`) * 100 < block.percentA ? 'a' : 'b';
          break;
        case 'business_hours':
          exit = (await this.deps.isOpen()) ? 'open' : 'closed';
          break;
        case 'http_request': {
          const result = await this.deps.http(block, ctx);
          exit = result.ok ? 'success' : 'error';
          if (result.ok) for (const m of block.mapping) s.variables[m.variableId] = pick(result.json, m.path);
          break;
        }
        case 'transfer':
          if (block.message) out.effects.push({ type: 'send', text: renderText(block.message, ctx) });
          out.effects.push({
            type: 'transfer',
            departmentId: block.departmentId ?? null,
            operatorId: block.operatorId ?? null,
          });
          out.status = 'transferred';
          return;
        case 'add_tag':
          out.effects.push({ type: 'tag', tagId: block.tagId });
          break;
        case 'set_phase':
          out.effects.push({ type: 'phase', phaseId: block.phaseId });
          break;
        case 'send_template':
          out.effects.push({
            type: 'template',
            templateId: block.templateId,
            params: block.params.map((p) => renderText(p, ctx)),
          });
          break;
        case 'close':
          if (block.message) out.effects.push({ type: 'send', text: renderText(block.message, ctx) });
          out.effects.push({ type: 'close', reason: block.reason ?? null });
          out.status = 'closed';
          return;
        case 'end':
          out.status = 'ended';
          return;
        case 'ai_agent':
          if (!this.deps.ai?.enabled) {
            cursor = await this.aiExit(block, 'handover', '', out);
            if (!cursor) return;
            continue;
          }
          if (block.message) out.effects.push({ type: 'send', text: renderText(block.message, ctx) });
          s.at = { blockId: block.id, kind: 'ai' };
          s.ai = { turns: 0, misses: 0 };
          this.armIdle(out);
          return;
      }
      cursor = this.next(block, exit);
    }
    // Ran off the end of the flow.
    if (!s.at) out.status = 'ended';
  }

  /**
   * Leaves the innermost sub-flow: the block after its call (the call's 'default' exit), popping
   * calls that have nothing after them. Answers null when no sub-flow is left to return from.
   */
  private returnFrom(s: TSessionState): string | null {
    while (s.stack?.length) {
      const frame = s.stack[s.stack.length - 1];
      s.stack = s.stack.length > 1 ? s.stack.slice(0, -1) : undefined;
      const call = this.blocks.get(frame.blockId)?.block;
      const to = call ? this.next(call, 'default') : null;
      if (to) return to;
    }
    return null;
  }

  /** Sends an input's question and waits for it (with its timeout, or the idle event's). */
  private ask(block: TInputBlock, ctx: TTextContext, out: TTurnResult, withPrompt: boolean) {
    const s = out.state;
    s.at = { blockId: block.id, kind: 'input' };
    const options = inputOptions(block);
    const prompt = renderText(block.prompt, ctx);
    // A retry repeats a menu (its options), not a plain question.
    if ((withPrompt && prompt) || options)
      out.effects.push({
        type: 'send',
        text: prompt,
        ...(options ? { options } : {}),
        ...(block.type === 'choice_input' ? { listButton: block.listButtonLabel ?? null } : {}),
      });
    if (block.timeout) out.timer = { kind: 'input_timeout', seconds: block.timeout.minutes * 60 };
    else {
      const idle = this.doc.events.find((e) => e.kind === 'idle');
      if (idle && idle.kind === 'idle' && this.eventTarget(idle.id))
        out.timer = { kind: 'idle', seconds: idle.config.minutes * 60 };
    }
  }

  /**
   * A customer message in an AI agent block: hand over when asked (or AI is off), the 'resolved'
   * exit on thanks, else the AI's answer (a no-answer turn counts towards handing over). Answers
   * the block to go on with, or null when the session waits (or was handed over).
   */
  private async aiAnswer(
    block: TFlowBlockOf<'ai_agent'>,
    text: string,
    out: TTurnResult,
  ): Promise<string | null> {
    const ai = this.deps.ai;
    const s = out.state;
    const leave = async (exit: 'handover' | 'max_turns', reason: TAiHandoverReason) => {
      const log = s.ai?.log ?? [];
      s.at = null;
      s.ai = undefined;
      return this.aiExit(block, exit, text, out, { reason, log });
    };
    if (!ai?.enabled) return leave('handover', 'asked');
    const intent = ai.intent(text);
    const counts = s.ai ?? { turns: 0, misses: 0 };
    if (intent === 'handover') {
      // Outside the attendance hours, a bot that keeps answering says when the team is back.
      const closed = await ai.closedReply(text);
      if (!closed) {
        s.ai = { ...counts, log: appendLog(counts.log, text, '') };
        return leave('handover', 'asked');
      }
      out.effects.push({ type: 'send', text: closed });
      s.ai = { ...counts, log: appendLog(counts.log, text, closed) };
      this.armIdle(out);
      return null;
    }
    if (intent === 'resolved') {
      const to = this.next(block, 'resolved');
      if (to) {
        s.at = null;
        s.ai = undefined;
        return to;
      }
      // Nothing after the block: it thanks and keeps answering.
      out.effects.push({ type: 'send', text: ai.say('closing', text) });
      this.armIdle(out);
      return null;
    }
    const reply = await ai.answer(text, block.sourceIds?.length ? block.sourceIds : undefined);
    const log = appendLog(counts.log, text, reply);
    if (reply) {
      out.effects.push({ type: 'send', text: reply });
      s.ai = { turns: counts.turns + 1, misses: 0, log };
      if (s.ai.turns >= block.maxTurns) return leave('max_turns', 'max_turns');
    } else {
      s.ai = { turns: counts.turns, misses: counts.misses + 1, log };
      if (s.ai.misses >= ai.lowConfidenceTurns) return leave('handover', 'low_confidence');
      out.effects.push({ type: 'send', text: ai.say('no_answer', text) });
    }
    this.armIdle(out);
    return null;
  }

  /**
   * The AI agent block's 'handover' / 'max_turns' exit: a private note for the team summarising
   * the exchange (when there was one), then its edge, or (unconnected) a transfer to the block's
   * department (else the bot's) after saying so. Answers the next block, if any.
   */
  private async aiExit(
    block: TFlowBlockOf<'ai_agent'>,
    exit: 'handover' | 'max_turns',
    text: string,
    out: TTurnResult,
    exchange?: { reason: TAiHandoverReason; log: NonNullable<TSessionState['ai']>['log'] },
  ): Promise<string | null> {
    if (this.deps.ai && exchange?.log?.length) {
      const entities = this.doc.variables
        .map((v) => ({ name: v.name, value: out.state.variables[v.id] ?? '' }))
        .filter((e) => e.value.trim() !== '');
      const note = await this.deps.ai.handoverNote({ reason: exchange.reason, log: exchange.log, entities });
      out.effects.push({ type: 'note', text: note });
    }
    const edge = this.doc.edges.find(
      (e) => 'blockId' in e.from && e.from.blockId === block.id && e.from.exit === exit,
    );
    if (edge) return this.targetOf(edge.to);
    if (this.deps.ai) out.effects.push({ type: 'send', text: this.deps.ai.say('handover', text) });
    out.effects.push({
      type: 'transfer',
      departmentId: block.departmentId ?? this.deps.ai?.departmentId ?? null,
      operatorId: null,
    });
    out.status = 'transferred';
    return null;
  }

  /** While waiting in an AI agent block: the idle event's timer, when the flow has one. */
  private armIdle(out: TTurnResult) {
    const idle = this.doc.events.find((e) => e.kind === 'idle');
    if (idle && idle.kind === 'idle' && this.eventTarget(idle.id))
      out.timer = { kind: 'idle', seconds: idle.config.minutes * 60 };
  }

  /** A message read while waiting on time: the timer it had stays. */
  private rearm(state: TSessionState): TTurnResult['timer'] {
    if (!state.timer) return null;
    const seconds = Math.max(0, (new Date(state.timer.dueAt).getTime() - Date.now()) / 1000);
    return { kind: state.timer.kind, seconds };
  }

  private capture(block: TInputBlock, value: string, s: TSessionState, out: TTurnResult) {
    if (block.variableId) s.variables[block.variableId] = value;
    if (block.saveTo) out.effects.push({ type: 'contact', field: block.saveTo, value });
  }

  /** The block an exit leads to: its edge, else the next block of the group (else nothing). */
  next(block: TFlowBlock, exit: string): string | null {
    const edge = this.doc.edges.find(
      (e) => 'blockId' in e.from && e.from.blockId === block.id && e.from.exit === exit,
    );
    if (edge) return this.targetOf(edge.to);
    const at = this.blocks.get(block.id);
    if (!at) return null;
    return this.doc.groups[at.gi].blocks[at.bi + 1]?.id ?? null;
  }

  private eventTarget(eventId: string | undefined): string | null {
    if (!eventId) return null;
    const edge = this.doc.edges.find((e) => 'eventId' in e.from && e.from.eventId === eventId);
    return edge ? this.targetOf(edge.to) : null;
  }

  private targetOf(to: { groupId: string } | { blockId: string }): string | null {
    if ('blockId' in to) return this.blocks.has(to.blockId) ? to.blockId : null;
    return this.doc.groups.find((g) => g.id === to.groupId)?.blocks[0]?.id ?? null;
  }

  private evaluate(block: TFlowBlockOf<'condition'>, ctx: TTextContext): boolean {
    if (block.conditions.length === 0) return true;
    const results = block.conditions.map((c) => {
      const left = refValue(c.left, ctx);
      const right = c.operator === 'matches_regex' ? c.right : renderText(c.right, ctx);
      const l = left.toLowerCase();
      const r = right.toLowerCase();
      switch (c.operator) {
        case 'equals':
          return l === r;
        case 'not_equals':
          return l !== r;
        case 'contains':
          return l.includes(r);
        case 'starts_with':
          return l.startsWith(r);
        case 'ends_with':
          return l.endsWith(r);
        case 'greater_than':
          return toNumber(left) > toNumber(right);
        case 'less_than':
          return toNumber(left) < toNumber(right);
        case 'is_set':
          return left.trim() !== '';
        case 'is_empty':
          return left.trim() === '';
        case 'matches_regex':
          try {
            return new RegExp(right, 'i').test(left);
          } catch {
            return false;
          }
        default:
          return false;
      }
    });
    return block.logic === 'and' ? results.every(Boolean) : results.some(Boolean);
  }
}

function toNumber(value: string): number {
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) ? n : Number.NaN;
}

/** A value at a dot path of a JSON answer (`data.items.0.name`), as text. */
export function pick(json: unknown, path: string): string {
  let value: unknown = json;
  for (const key of path.split('.').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return '';
    value = (value as Record<string, unknown>)[key];
  }
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

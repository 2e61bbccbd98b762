import type { TFlowDocument } from '@atende/shared';
import type { TAiLogEntry } from './ai-agent';

/** What a bot session remembers between turns (chatbot_sessions.state). */
export interface TSessionState {
  /**
   * The block the bot waits on: an input (the customer's answer), a wait block (time) or an AI
   * agent block (each message is answered by the AI).
   */
  at: { blockId: string; kind: 'input' | 'wait' | 'ai' } | null;
  /**
   * In an AI agent block: answers given, no-answer turns in a row, and the latest messages with
   * the bot's replies (for the hand-over note).
   */
  ai?: { turns: number; misses: number; log?: TAiLogEntry[] };
  /**
   * Sub-flows ("run group" blocks) the session is inside, outermost first: the call blocks to come
   * back to when the called group runs off its end. Absent in sessions stored before sub-flows
   * (and when empty).
   */
  stack?: TCallFrame[];
  /** Flow variables by variable id. */
  variables: Record<string, string>;
  /** Invalid answers given to the current input. */
  retries: number;
  /** The one timer that may fire now; a job carrying another id is stale. */
  timer: { id: string; kind: TTimerKind; dueAt: string } | null;
  /** The start event ran (the first turn). */
  started?: boolean;
  /** Test sessions run the draft as it was when the test started. */
  document?: TFlowDocument;
  /**
   * A test session that reached a hand-over: where a real conversation would have gone (the test
   * ends there; see ChatbotRuntime.endTestHandover).
   */
  testHandover?: TTestHandover;
}

/** The target of a test session's hand-over (both null: the queue, any department). */
export interface TTestHandover {
  departmentId: string | null;
  operatorId: string | null;
}

/** One sub-flow call: the "run group" block the flow goes on after. */
export interface TCallFrame {
  blockId: string;
}

export type TTimerKind = 'input_timeout' | 'wait' | 'idle';

export const initialState = (document?: TFlowDocument): TSessionState => ({
  at: null,
  variables: {},
  retries: 0,
  timer: null,
  ...(document ? { document } : {}),
});

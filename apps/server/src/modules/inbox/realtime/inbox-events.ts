import { hasRole, INBOX_EVENTS, type TMessageReactions, type TRole } from '@atende/shared';
import type { Realtime } from '../../../platform/realtime';
import { inboxRooms, roomsFor, type TConversationState, type TVisibilityPolicy } from '../access/inbox-rooms';

/** What the fan-out needs from the rest of the inbox (given by the inbox module). */
export interface TInboxEventsDeps {
  /** A conversation's stage, assignee and department, when it is not known from an earlier event. */
  resolve(accountId: string, conversationId: string): Promise<TConversationState | undefined>;
  policy(accountId: string): Promise<TVisibilityPolicy>;
  roleOf(accountId: string, userId: string): Promise<TRole | undefined>;
  warn?(err: unknown): void;
}

const STATE_CACHE_MAX = 50_000;

type TConversationPayload = {
  _id: string;
  stage: string;
  assigneeId: string | null;
  departmentId: string | null;
} & Record<string, unknown>;

/**
 * The one place the inbox pushes realtime events (DESIGN.md §6): the inbox module's listeners of
 * the domain events (message.created, message.status, conversation.opened/updated,
 * conversation.typing) call these after the emitting transaction committed, and this decides which rooms may see them (inbox-rooms.ts): managers see
 * everything; operators see what is assigned to them and — unless the waiting tab is hidden from
 * them — unassigned waiting conversations of their departments; restricted operators (outside
 * business hours with the restriction on) see nothing. A conversation that leaves the waiting
 * tab is announced to those who saw it there, so their lists drop it.
 *
 * message:created and conversation:updated carry `conversationId` and `seq`, the conversation's
 * event number (conversations.event_seq, taken in the transaction of the change): every node's
 * sockets get a conversation's numbered events in that order, whichever node emitted them
 * (platform/local-first-adapter.ts holds a later number until the one before it went out).
 * message:updated (acks only rise) and typing (never stored) are not numbered.
 */
export class InboxEvents {
  /** Last known state per conversation (bounded; insertion order = age). */
  private readonly states = new Map<string, TConversationState & { accountId: string }>();
  /** Per account: deliveries run one after another, so events keep their order. */
  private readonly chains = new Map<string, Promise<void>>();

  /** Built once per process by the inbox module. */
  constructor(
    private readonly realtime: Realtime,
    private readonly deps?: TInboxEventsDeps,
  ) {}

  messageCreated(accountId: string, payload: { conversationId: string; seq: number; message: unknown }) {
    this.enqueue(accountId, payload.conversationId, null, INBOX_EVENTS.messageCreated, payload);
  }

  messageUpdated(
    accountId: string,
    payload: { conversationId: string; messageId: string; ack: number; errorCode?: string | null },
  ) {
    this.enqueue(accountId, payload.conversationId, null, INBOX_EVENTS.messageUpdated, payload);
  }

  messageReaction(
    accountId: string,
    payload: { conversationId: string; messageId: string; reactions: TMessageReactions },
  ) {
    this.enqueue(accountId, payload.conversationId, null, INBOX_EVENTS.messageReaction, payload);
  }

  conversationUpdated(
    accountId: string,
    payload: { conversationId: string; seq: number; conversation: unknown },
  ) {
    const c = payload.conversation as TConversationPayload;
    const next = { stage: c.stage, assigneeId: c.assigneeId ?? null, departmentId: c.departmentId ?? null };
    const previous = this.states.get(c._id);
    this.remember(accountId, c._id, next);
    this.enqueue(accountId, c._id, { next, previous }, INBOX_EVENTS.conversationUpdated, payload);
  }

  /** Typing of the customer (to the agents who may see the conversation) or of an agent (to the others). */
  typing(
    accountId: string,
    payload: { conversationId: string; author: 'contact' | 'operator'; typing: boolean },
  ) {
    this.enqueue(accountId, payload.conversationId, null, INBOX_EVENTS.typing, payload);
  }

  private remember(accountId: string, id: string, state: TConversationState) {
    const states = this.states;
    states.delete(id);
    states.set(id, { ...state, accountId });
    if (states.size > STATE_CACHE_MAX) states.delete(states.keys().next().value!);
  }

  private enqueue(
    accountId: string,
    conversationId: string,
    change: { next: TConversationState; previous?: TConversationState } | null,
    event: string,
    payload: unknown,
  ) {
    const chains = this.chains;
    const run = (chains.get(accountId) ?? Promise.resolve())
      .then(() => this.deliver(accountId, conversationId, change, event, payload))
      .catch((err) => this.deps?.warn?.(err));
    chains.set(accountId, run);
    void run.then(() => {
      if (chains.get(accountId) === run) chains.delete(accountId);
    });
  }

  private async deliver(
    accountId: string,
    conversationId: string,
    change: { next: TConversationState; previous?: TConversationState } | null,
    event: string,
    payload: unknown,
  ) {
    const deps = this.deps;
    if (!deps) {
      // Not wired (a bare service in a unit test): managers only, never a wider audience.
      this.emit([inboxRooms.managers(accountId)], event, payload);
      return;
    }
    let state = change?.next ?? this.states.get(conversationId);
    if (!state) {
      state = await deps.resolve(accountId, conversationId);
      if (!state) return;
      this.remember(accountId, conversationId, state);
    }
    const policy = await deps.policy(accountId);
    const rooms = new Set(await this.roomsOf(accountId, state, policy));
    // Those who saw it before the change learn that it moved (taken, transferred, closed).
    if (change?.previous)
      for (const room of await this.roomsOf(accountId, change.previous, policy)) rooms.add(room);
    this.emit([...rooms], event, payload);
  }

  private emit(rooms: string[], event: string, payload: unknown) {
    let namespace: Realtime['namespace'];
    try {
      namespace = this.realtime.namespace;
    } catch {
      return; // realtime not attached (closing, or a test without sockets)
    }
    namespace.to(rooms).emit(event, payload);
  }

  private async roomsOf(accountId: string, state: TConversationState, policy: TVisibilityPolicy) {
    let assigneeIsOperator = false;
    if (state.assigneeId && policy.operatorsRestricted) {
      const role = await this.deps!.roleOf(accountId, state.assigneeId);
      assigneeIsOperator = !role || !hasRole(role, 'manager');
    }
    return roomsFor(accountId, state, policy, assigneeIsOperator);
  }
}

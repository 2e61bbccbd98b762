import type { TConversation, TConversationList, TMessage } from '@atende/shared';

/**
 * The realtime reducer of the inbox: pure functions that fold the /attendance events
 * (message:created, message:updated, conversation:updated; the conversations they carry have the
 * list's shape, with the contact) and the reconnect catch-up into the cached lists, conversations
 * and messages. No React, no query client: the binding lives in inbox-realtime.ts.
 */

/**
 * The list tabs: the server's three, plus Campaigns (open conversations a campaign started, read
 * with origin=campaign). Waiting and In attendance leave those to Campaigns; the closed history
 * has every origin.
 */
export const LIST_TABS = ['flow', 'waiting', 'attendance', 'hold', 'campaigns', 'closed'] as const;
export type TListTab = (typeof LIST_TABS)[number];

export interface TListFilters {
  search: string;
  /** null: any; '': 'Sem operador' (no assignee); otherwise a user id. */
  operator: string | null;
  department: string | null;
  channel: string | null;
  tag: string | null;
}

export const EMPTY_FILTERS: TListFilters = {
  search: '',
  operator: null,
  department: null,
  channel: null,
  tag: null,
};

/** A message on screen: the server's, or a local one still being sent (optimistic, keyed by clientId). */
export interface TViewMessage extends TMessage {
  local?: boolean;
  /** A local send that failed: the error code (the server's, or NETWORK_ERROR). */
  sendError?: string | null;
  /** A local send: the file ids it carries (for a retry). */
  files?: string[];
}

export interface TMessagesState {
  items: TViewMessage[];
  hasOlder: boolean;
}

export interface TListContext {
  tab: TListTab;
  filters: TListFilters;
  me: string;
  manager: boolean;
}

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : 0);

function messageOrder(a: TViewMessage, b: TViewMessage): number {
  // Messages still being sent stay at the bottom, in the order they were written.
  if (a.local !== b.local) return a.local ? 1 : -1;
  return time(a.timestamp) - time(b.timestamp) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
}

/** The next ack: -1 (failed) wins; otherwise acks only rise (a late 'sent' never undoes 'read'). */
export function nextAck(current: number, incoming: number): number {
  if (incoming === -1) return -1;
  if (current === -1) return incoming;
  return Math.max(current, incoming);
}

/**
 * Adds or replaces messages: the same _id is replaced (keeping the higher ack), and a local
 * optimistic message is replaced by the server's echo with its clientId (`uid`).
 */
export function mergeMessages(
  list: readonly TViewMessage[],
  incoming: readonly TViewMessage[],
): TViewMessage[] {
  if (incoming.length === 0) return list as TViewMessage[];
  const out = list.slice();
  for (const message of incoming) {
    let index = out.findIndex((m) => m._id === message._id);
    if (index < 0 && message.uid && !message.local)
      index = out.findIndex((m) => m.local && m.uid === message.uid);
    if (index < 0) {
      out.push(message);
      continue;
    }
    const current = out[index];
    out[index] =
      current.local || message.local ? message : { ...message, ack: nextAck(current.ack, message.ack) };
  }
  return out.sort(messageOrder);
}

export function applyMessages(state: TMessagesState | undefined, incoming: readonly TViewMessage[]) {
  if (!state) return state;
  const items = mergeMessages(state.items, incoming);
  return items === state.items ? state : { ...state, items };
}

/** Older page on top (scrolling up). */
export function prependOlder(
  state: TMessagesState,
  older: readonly TMessage[],
  pageSize: number,
): TMessagesState {
  return { items: mergeMessages(state.items, older), hasOlder: older.length === pageSize };
}

/** message:updated (acks and failures). */
export function applyAck(
  state: TMessagesState | undefined,
  update: { messageId: string; ack: number; errorCode?: string | null },
): TMessagesState | undefined {
  if (!state) return state;
  const index = state.items.findIndex((m) => m._id === update.messageId);
  if (index < 0) return state;
  const current = state.items[index];
  const ack = nextAck(current.ack, update.ack);
  const errorCode = ack === -1 ? (update.errorCode ?? current.errorCode ?? null) : null;
  if (ack === current.ack && errorCode === current.errorCode) return state;
  const items = state.items.slice();
  items[index] = { ...current, ack, errorCode };
  return { ...state, items };
}

/** message:reaction (the customer's or the team's reaction changed). */
export function applyReactions(
  state: TMessagesState | undefined,
  update: { messageId: string; reactions: TMessage['reactions'] },
): TMessagesState | undefined {
  if (!state) return state;
  const index = state.items.findIndex((m) => m._id === update.messageId);
  if (index < 0) return state;
  const items = state.items.slice();
  items[index] = { ...items[index], reactions: update.reactions ?? null };
  return { ...state, items };
}

/** A local send's state (failed with a code, or sending again). */
export function markLocal(
  state: TMessagesState | undefined,
  clientId: string,
  patch: Partial<TViewMessage>,
): TMessagesState | undefined {
  if (!state) return state;
  let changed = false;
  const items = state.items.map((m) => {
    if (!m.local || m.uid !== clientId) return m;
    changed = true;
    return { ...m, ...patch };
  });
  return changed ? { ...state, items } : state;
}

/** The conversation as an event brings it (the list shape), unless what is shown is newer. */
export function mergeConversation(
  current: TConversation | undefined,
  incoming: TConversation,
): TConversation {
  if (current?.updatedAt && incoming.updatedAt && time(incoming.updatedAt) < time(current.updatedAt))
    return current;
  return incoming;
}

/** Campaign conversations are shown in their own tab, not in Waiting / In attendance. */
export function isCampaign(c: Pick<TConversation, 'origin'>): boolean {
  return c.origin === 'campaign';
}

const isWaiting = (c: TConversation) => c.stage === 'waiting' && !c.assigneeId;
const isAttended = (c: TConversation, me: string, manager: boolean) =>
  c.stage === 'attendance' && (manager || c.assigneeId === me);
/** On hold (every origin: campaign conversations too): an operator's own, a manager's all. */
const isHeld = (c: TConversation, me: string, manager: boolean) =>
  c.stage === 'hold' && (manager || c.assigneeId === me);

/** Whether a conversation belongs in a list (tab + filters), as the server would list it. */
export function matchesList(c: TConversation, ctx: TListContext): boolean {
  const { tab, filters, me, manager } = ctx;
  if (tab === 'flow') {
    if (c.stage !== 'flow') return false;
  } else if (tab === 'hold') {
    if (!isHeld(c, me, manager)) return false;
  } else if (tab !== 'closed' && isCampaign(c) !== (tab === 'campaigns')) return false;
  if (tab === 'waiting' && !isWaiting(c)) return false;
  if (tab === 'attendance' && !isAttended(c, me, manager)) return false;
  if (tab === 'closed' && c.stage !== 'closed') return false;
  if (tab === 'campaigns' && !isWaiting(c) && !isAttended(c, me, manager)) return false;
  // The operator filter applies to what is in attendance (Campanhas: its attendance part).
  const attended = tab === 'closed' || c.stage === 'attendance' || c.stage === 'hold';
  if (manager && filters.operator !== null && attended && (c.assigneeId ?? '') !== filters.operator)
    return false;
  if (filters.department && c.departmentId !== filters.department) return false;
  if (filters.channel && c.channelId !== filters.channel) return false;
  if (filters.tag && !c.contact.tags.includes(filters.tag)) return false;
  return true;
}

/** Most recent activity first (the server's order: last_message_at, then id). */
export function byActivity(a: TConversation, b: TConversation): number {
  return time(b.lastMessageAt) - time(a.lastMessageAt) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
}

/**
 * A list after a conversation changed: updated in place, added (when it now matches) or removed
 * (taken by someone else, closed, transferred away), most recent activity first. A searched list
 * only updates what it already shows (the search runs on the server).
 */
export function applyConversationToList(
  list: TConversationList | undefined,
  conversation: TConversation,
  ctx: TListContext,
): TConversationList | undefined {
  if (!list) return list;
  const index = list.items.findIndex((c) => c._id === conversation._id);
  const belongs = matchesList(conversation, ctx);
  if (index < 0 && (!belongs || ctx.filters.search.trim())) return list;
  if (index >= 0 && !belongs) {
    const items = list.items.filter((c) => c._id !== conversation._id);
    return { ...list, items, count: Math.max(0, list.count - 1) };
  }
  const items = index >= 0 ? list.items.slice() : [...list.items, conversation];
  if (index >= 0) items[index] = conversation;
  items.sort(byActivity);
  return { ...list, items, count: index >= 0 ? list.count : list.count + 1 };
}

/** The newest instant among what is cached (the `since` of the reconnect catch-up). */
export function newestUpdate(
  conversations: Iterable<Pick<TConversation, 'updatedAt' | 'lastMessageAt'>>,
): string | null {
  let best = 0;
  for (const c of conversations) best = Math.max(best, time(c.updatedAt), time(c.lastMessageAt));
  return best ? new Date(best).toISOString() : null;
}

/** The last message the server has stored (the `since` of a conversation's catch-up). */
export function lastServerMessageId(state: TMessagesState | undefined): string | null {
  if (!state) return null;
  for (let i = state.items.length - 1; i >= 0; i--) if (!state.items[i].local) return state.items[i]._id;
  return null;
}

import type { QueryClient } from '@tanstack/react-query';
import type { TConversation, TConversationList, TMessage } from '@atende/shared';
import { INBOX_EVENTS } from '@atende/shared';
import {
  conversationKey,
  fetchMessagesPage,
  inboxApi,
  inboxDataKey,
  inboxKey,
  listsKey,
  messagesKey,
} from './inbox-api';
import {
  applyAck,
  applyReactions,
  applyConversationToList,
  applyMessages,
  lastServerMessageId,
  mergeConversation,
  newestUpdate,
  type TListFilters,
  type TListTab,
  type TMessagesState,
} from './inbox-cache';

/** A conversation as it is now, into its own cache and every cached list (where it belongs). */
export function applyConversationToCaches(
  queryClient: QueryClient,
  env: { acc: string; me: string; manager: boolean },
  conversation: TConversation,
): void {
  queryClient.setQueryData<TConversation>(conversationKey(env.acc, conversation._id), conversation);
  for (const [key, list] of queryClient.getQueriesData<TConversationList>({ queryKey: listsKey(env.acc) })) {
    const [, , , , tab, filters] = key as unknown as [string, string, string, string, TListTab, TListFilters];
    const next = applyConversationToList(list, conversation, {
      tab,
      filters,
      me: env.me,
      manager: env.manager,
    });
    if (next !== list) queryClient.setQueryData(key, next);
  }
}

/** What the realtime binding needs of a socket.io-client socket (a fake one in tests). */
export interface TInboxSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: any[]) => void): unknown;
  emit(event: string, ...args: any[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
}

export type TConnection = 'connecting' | 'connected' | 'offline';

export interface TRealtimeState {
  connection: TConnection;
  /** Conversations whose customer is typing now. */
  typing: Record<string, true>;
}

const TYPING_TTL_MS = 6_000;

/**
 * The inbox side of namespace /attendance for one account and user: the events go into the
 * TanStack Query caches through the pure reducers of inbox-cache.ts; after a reconnect what was
 * missed is read again (conversations changed since the newest one cached, and the messages after
 * the last stored one of each open conversation).
 */
export class InboxRealtime {
  private state: TRealtimeState = { connection: 'connecting', typing: {} };
  private readonly listeners = new Set<() => void>();
  private readonly typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private everConnected = false;
  private disposed = false;
  private dataRefresh: ReturnType<typeof setTimeout> | null = null;
  /**
   * The newest event number (`seq`) seen per conversation. The server sends a conversation's
   * events in order; one that still comes late (after the server gave up waiting for it) carries
   * an older snapshot of the conversation, which must not replace a newer one.
   */
  private readonly seqs = new Map<string, number>();

  constructor(
    private readonly options: {
      acc: string;
      me: string;
      manager: boolean;
      queryClient: QueryClient;
      socket: TInboxSocket;
      /** The conversation on screen (its messages are marked read as they arrive). */
      activeConversation: () => string | null;
      onRead?: (conversationId: string) => void;
      /** Renews the access token after 'jwt expired' on connect (api-client's refresh). */
      refreshToken?: () => Promise<boolean>;
    },
  ) {
    const { socket } = options;
    socket.on('connect', () => {
      const first = !this.everConnected;
      this.everConnected = true;
      this.set({ connection: 'connected' });
      // Also on the first connection: lists cached before this inbox was (re)opened may be behind.
      void this.catchUp(first);
    });
    socket.on('disconnect', (reason: string) => {
      this.set({ connection: 'offline' });
      if (reason === 'io server disconnect' && !this.disposed) socket.connect();
    });
    socket.on('connect_error', (error: Error) => {
      this.set({ connection: 'offline' });
      if (error?.message === 'jwt expired' && options.refreshToken)
        void options.refreshToken().then((ok) => ok && !this.disposed && socket.connect());
    });
    socket.on(
      INBOX_EVENTS.messageCreated,
      (e: { conversationId: string; seq?: number; message: TMessage; conversation?: TConversation }) => {
        const fresh = this.fresh(e.conversationId, e.seq);
        this.onMessage(e.conversationId, e.message);
        // The intake's events carry the conversation as it now is (unread count, preview, order).
        if (e.conversation && fresh) this.onConversation(e.conversation);
      },
    );
    socket.on(
      INBOX_EVENTS.messageUpdated,
      (e: { conversationId: string; messageId: string; ack: number; errorCode?: string | null }) =>
        this.updateMessages(e.conversationId, (s) => applyAck(s, e)),
    );
    socket.on(
      INBOX_EVENTS.messageReaction,
      (e: { conversationId: string; messageId: string; reactions: TMessage['reactions'] }) =>
        this.updateMessages(e.conversationId, (s) => applyReactions(s, e)),
    );
    socket.on(INBOX_EVENTS.conversationUpdated, (e: { conversation: TConversation; seq?: number }) => {
      if (this.fresh(e.conversation._id, e.seq)) this.onConversation(e.conversation);
    });
    socket.on(INBOX_EVENTS.typing, (e: { conversationId: string; author: string; typing: boolean }) => {
      if (e.author === 'contact') this.setTyping(e.conversationId, e.typing);
    });
  }

  getState = (): TRealtimeState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The agent is typing in a conversation (the visitor and the other agents see it). */
  sendTyping(conversationId: string, typing: boolean): void {
    if (this.options.socket.connected) this.options.socket.emit('typing', { conversationId, typing });
  }

  retry(): void {
    this.set({ connection: 'connecting' });
    this.options.socket.connect();
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.typingTimers.values()) clearTimeout(timer);
    if (this.dataRefresh) clearTimeout(this.dataRefresh);
    this.options.socket.removeAllListeners();
    this.options.socket.disconnect();
    this.listeners.clear();
  }

  /** Applies a conversation (event or catch-up) to the conversation cache and every list. */
  applyConversation(conversation: TConversation): void {
    const { queryClient, acc, me, manager } = this.options;
    applyConversationToCaches(queryClient, { acc, me, manager }, conversation);
    this.refreshCountsSoon();
  }

  /** Whether an event is newer than every event of its conversation seen so far (or unnumbered). */
  private fresh(conversationId: string, seq: number | undefined): boolean {
    if (seq === undefined) return true;
    const last = this.seqs.get(conversationId);
    if (last !== undefined && seq <= last) return false;
    this.seqs.set(conversationId, seq);
    return true;
  }

  private set(patch: Partial<TRealtimeState>): void {
    if (this.disposed) return;
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private setTyping(conversationId: string, typing: boolean): void {
    const timer = this.typingTimers.get(conversationId);
    if (timer) clearTimeout(timer);
    const next = { ...this.state.typing };
    if (typing) {
      next[conversationId] = true;
      this.typingTimers.set(
        conversationId,
        setTimeout(() => this.setTyping(conversationId, false), TYPING_TTL_MS),
      );
    } else {
      delete next[conversationId];
      this.typingTimers.delete(conversationId);
    }
    this.set({ typing: next });
  }

  private updateMessages(
    conversationId: string,
    fn: (s: TMessagesState | undefined) => TMessagesState | undefined,
  ) {
    const key = messagesKey(this.options.acc, conversationId);
    const current = this.options.queryClient.getQueryData<TMessagesState>(key);
    const next = fn(current);
    if (next !== current) this.options.queryClient.setQueryData(key, next);
  }

  private onMessage(conversationId: string, message: TMessage): void {
    // A customer's message ends their typing indicator.
    if (message.author === 'contact') this.setTyping(conversationId, false);
    // Media without a signed link (the intake's events carry none: a visitor's file, a customer's
    // WhatsApp or MMS media): the conversation's page has it.
    if (message.media && !message.media.url) {
      void this.options.queryClient.invalidateQueries({
        queryKey: messagesKey(this.options.acc, conversationId),
      });
    } else this.updateMessages(conversationId, (s) => applyMessages(s, [message]));
    if (message.author === 'contact' && this.options.activeConversation() === conversationId)
      this.options.onRead?.(conversationId);
  }

  /** A conversation as the server now lists it (both event kinds carry the list shape). */
  private onConversation(incoming: TConversation): void {
    const { queryClient, acc } = this.options;
    let current = queryClient.getQueryData<TConversation>(conversationKey(acc, incoming._id));
    if (!current) {
      for (const [, list] of queryClient.getQueriesData<TConversationList>({ queryKey: listsKey(acc) })) {
        current = list?.items.find((c) => c._id === incoming._id);
        if (current) break;
      }
    }
    if (!this.disposed) this.applyConversation(mergeConversation(current, incoming));
  }

  /** The tab counts of the inbox data, read again at most every 5 s while events arrive. */
  private refreshCountsSoon(): void {
    if (this.dataRefresh) return;
    this.dataRefresh = setTimeout(() => {
      this.dataRefresh = null;
      if (!this.disposed)
        void this.options.queryClient.invalidateQueries({ queryKey: inboxDataKey(this.options.acc) });
    }, 5_000);
  }

  /** After a (re)connection: what changed while offline or while the inbox was closed. */
  private async catchUp(first: boolean): Promise<void> {
    const { queryClient, acc } = this.options;
    const cached: TConversation[] = [];
    for (const [, list] of queryClient.getQueriesData<TConversationList>({ queryKey: listsKey(acc) }))
      if (list) cached.push(...list.items);
    const since = newestUpdate(cached);
    try {
      if (since) {
        const changed = await inboxApi.updatedSince(acc, since);
        for (const c of changed.items) this.applyConversation(c);
      } else if (!first) await queryClient.invalidateQueries({ queryKey: listsKey(acc) });
    } catch {
      await queryClient.invalidateQueries({ queryKey: listsKey(acc) });
    }
    for (const [key, state] of queryClient.getQueriesData<TMessagesState>({
      queryKey: [...inboxKey(acc), 'messages'],
    })) {
      const id = (key as unknown as string[])[4];
      const after = lastServerMessageId(state);
      if (!id || !after) continue;
      try {
        const page = await fetchMessagesPage(acc, id, { since: after });
        this.updateMessages(id, (s) => applyMessages(s, page.items));
      } catch {
        await queryClient.invalidateQueries({ queryKey: key });
      }
    }
  }
}

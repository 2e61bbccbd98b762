import { createContext, useContext, useSyncExternalStore } from 'react';
import type { TeamChatClient } from './chat-client';
import type { TChatState } from './chat-state';

export const ChatClientContext = createContext<TeamChatClient | null>(null);

export function useChatClient(): TeamChatClient {
  const client = useContext(ChatClientContext);
  if (!client) throw new Error('useChatClient outside ChatClientContext');
  return client;
}

/** The chat state (re-renders on every change of the client's state). */
export function useChatState(): TChatState {
  const client = useChatClient();
  return useSyncExternalStore(client.subscribe, client.getState, client.getState);
}

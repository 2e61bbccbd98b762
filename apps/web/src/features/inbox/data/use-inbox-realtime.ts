import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshAccessToken } from '../../../app/api-client';
import { joinAttendance } from '../../../app/socket';
import { inboxApi } from './inbox-api';
import { InboxRealtime, applyConversationToCaches } from './inbox-realtime';
import { TabGuard, type TTabRole } from './tab-guard';

/** The tab's role ('active' holds the inbox; 'conflict' shows 'Use here'). */
export function useTabGuard(name: string): { role: TTabRole; claim: () => void } {
  const [guard] = useState(() => new TabGuard(name));
  useEffect(() => {
    guard.start();
    return () => guard.dispose();
  }, [guard]);
  const role = useSyncExternalStore(guard.subscribe, guard.getRole, guard.getRole);
  return { role, claim: () => guard.claim() };
}

/** The realtime binding while this tab holds the inbox; a new one per account and user. */
export function useInboxRealtime(
  acc: string,
  me: string,
  manager: boolean,
  enabled: boolean,
  activeConversation: () => string | null,
): InboxRealtime | null {
  const queryClient = useQueryClient();
  const [realtime, setRealtime] = useState<InboxRealtime | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: activeConversation is read through a ref by the caller
  useEffect(() => {
    if (!enabled) return;
    const env = { acc, me, manager };
    const next = new InboxRealtime({
      ...env,
      queryClient,
      socket: joinAttendance(acc, me),
      activeConversation,
      refreshToken: refreshAccessToken,
      onRead: (id) =>
        void inboxApi
          .read(acc, id)
          .then((c) => applyConversationToCaches(queryClient, env, c))
          .catch(() => undefined),
    });
    setRealtime(next);
    return () => {
      next.dispose();
      setRealtime(null);
    };
  }, [acc, me, manager, enabled, queryClient]);
  return realtime;
}

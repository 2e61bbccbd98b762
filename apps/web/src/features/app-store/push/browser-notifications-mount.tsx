import { useEffect } from 'react';
import { currentAcc, useSession } from '../../../app/session';
import { useBrowserPush } from './use-browser-push';

/** The socket event the server's push notifier reads (a tab visible or hidden). */
const PRESENCE_EVENT = 'presence:visibility';

/**
 * Mounted once in the signed-in layout: registers this browser for push notifications when the
 * user already allowed them, and tells the server whether this tab is visible (notifications go
 * out only when none of the user's tabs is). Rides the tab's one /attendance connection.
 */
export function BrowserNotificationsMount() {
  const session = useSession();
  const accountId = currentAcc(session);
  const userId = session.user?._id;
  const ready = Boolean(session.token && session.status === 'ready' && accountId && userId);
  useBrowserPush();
  useEffect(() => {
    if (!ready || !accountId || !userId) return;
    let cancelled = false;
    let socket: { emit: (event: string, ...args: unknown[]) => unknown; disconnect: () => unknown } | null =
      null;
    const report = () => socket?.emit(PRESENCE_EVENT, document.visibilityState === 'visible');
    import('../../../app/socket')
      .then(({ joinAttendance }) => {
        if (cancelled) return;
        const joined = joinAttendance(accountId, userId);
        socket = joined;
        joined.on('connect', report);
      })
      .catch(() => undefined);
    document.addEventListener('visibilitychange', report);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', report);
      socket?.disconnect();
    };
  }, [ready, accountId, userId]);
  return null;
}

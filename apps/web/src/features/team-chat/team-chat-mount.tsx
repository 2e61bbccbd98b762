import { lazy, Suspense, type ComponentType } from 'react';
import { loadChunk } from '../../app/lazy-page';
import { useSession, currentAcc } from '../../app/session';

type TWidgetProps = { accountId: string; userId: string };

// The widget (socket.io-client, the chat state) loads only once a user is signed in to an account.
const TeamChatWidget = lazy(async () => {
  try {
    const mod = await loadChunk(() => import('./team-chat-widget'), 'TeamChatWidget');
    return { default: mod.TeamChatWidget as ComponentType<TWidgetProps> };
  } catch {
    // The chat is an extra: a chunk that cannot load must not break the page around it.
    return { default: (() => null) as ComponentType<TWidgetProps> };
  }
});

/**
 * The team chat button of spec §2, mounted once per layout: shown when an account is loaded,
 * hidden for restricted operators; a new account (or user) is a new connection.
 */
export function TeamChatMount() {
  const session = useSession();
  const accountId = currentAcc(session);
  const userId = session.user?._id;
  if (!session.token || session.status !== 'ready' || !accountId || !userId || session.restrictedOperator)
    return null;
  return (
    <Suspense fallback={null}>
      <TeamChatWidget key={`${accountId}:${userId}`} accountId={accountId} userId={userId} />
    </Suspense>
  );
}

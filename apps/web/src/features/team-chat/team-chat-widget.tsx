import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ActionIcon, Affix, Indicator, Loader, Paper } from '@mantine/core';
import { IconMessages, IconX } from '@tabler/icons-react';
import { badgeText } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { refreshAccessToken } from '../../app/api-client';
import { onLogout } from '../../app/session';
import { joinAttendance } from '../../app/socket';
import { TeamChatClient } from './chat-client';
import { loadTeamMembers } from './team-chat-api';
import { trackWindowActivity } from './presence-tracker';
import { ChatClientContext, useChatClient, useChatState } from './use-chat';
import classes from './team-chat.module.css';

// The panel's code loads the first time the button is pressed.
const TeamChatPanel = lazy(async () => ({ default: (await import('./team-chat-panel')).TeamChatPanel }));

export const PANEL_ID = 'team-chat-panel';

/** One connection per account and user; disconnected on change or sign-out (spec §4). */
export function useTeamChatClient(
  accountId: string,
  userId: string,
  create: (accountId: string, userId: string) => TeamChatClient = defaultClient,
): TeamChatClient | null {
  const [client, setClient] = useState<TeamChatClient | null>(null);
  useEffect(() => {
    const next = create(accountId, userId);
    const stopTracking = trackWindowActivity(next.presence);
    // Signing out: offline at once (before the socket closes), not only when the last tab leaves.
    const stopLogout = onLogout(() => next.goOffline());
    setClient(next);
    return () => {
      stopTracking();
      stopLogout();
      next.dispose();
      setClient(null);
    };
  }, [accountId, userId, create]);
  return client;
}

function defaultClient(accountId: string, userId: string): TeamChatClient {
  return new TeamChatClient({
    accountId,
    userId,
    socket: joinAttendance(accountId, userId),
    refreshToken: refreshAccessToken,
    loadMembers: () => loadTeamMembers(accountId),
  });
}

/** The floating button with the unread badge (99+ above 100) and the panel it opens. */
export function TeamChatWidget({ accountId, userId }: { accountId: string; userId: string }) {
  const client = useTeamChatClient(accountId, userId);
  if (!client) return null;
  return (
    <ChatClientContext.Provider value={client}>
      <TeamChatLauncher />
    </ChatClientContext.Provider>
  );
}

export function TeamChatLauncher() {
  const { t } = useTranslation('team-chat');
  const state = useChatState();
  const client = useChatClient();
  const [mounted, setMounted] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const open = state.open;
  const close = () => {
    client.setOpen(false);
    launcher.current?.focus();
  };
  // The panel's chunk loads on the first opening and the panel stays mounted (uploads go on) after.
  if (open && !mounted) setMounted(true);
  const toggle = () => client.setOpen(!open);
  const label = open ? t('close') : state.total > 0 ? t('openUnread', { count: state.total }) : t('open');
  return (
    <>
      {mounted && (
        <Paper
          id={PANEL_ID}
          className={classes.panel}
          shadow="xl"
          withBorder
          display={open ? 'flex' : 'none'}
          role="dialog"
          aria-labelledby="team-chat-title"
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
        >
          <Suspense fallback={<Loader m="auto" aria-label={t('common:loading')} />}>
            <TeamChatPanel onClose={close} />
          </Suspense>
        </Paper>
      )}
      {/* Above the shell (100), under modal and drawer overlays (200); only the round button takes clicks. */}
      <Affix position={{ bottom: 20, right: 20 }} zIndex={190} className={classes.affix}>
        <Indicator
          label={badgeText(state.total)}
          disabled={state.total === 0}
          size={22}
          color="red"
          offset={6}
          withBorder
          data-testid="team-chat-badge"
        >
          <ActionIcon
            ref={launcher}
            size={56}
            radius="xl"
            variant="filled"
            onClick={toggle}
            aria-label={label}
            aria-expanded={open}
            aria-controls={mounted ? PANEL_ID : undefined}
            className={classes.launcher}
          >
            {open ? <IconX size={26} aria-hidden="true" /> : <IconMessages size={28} aria-hidden="true" />}
          </ActionIcon>
        </Indicator>
      </Affix>
    </>
  );
}

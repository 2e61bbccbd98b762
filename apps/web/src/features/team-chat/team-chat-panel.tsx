import { useEffect, useRef } from 'react';
import { Alert, CloseButton, Group, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Conversation } from './conversation';
import { RoomList } from './room-list';
import { useChatState } from './use-chat';
import classes from './team-chat.module.css';

/** The panel 'Chat Interno - Beta' (spec §2): the room list, or one room.  */
export function TeamChatPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('team-chat');
  const state = useChatState();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state.open) titleRef.current?.focus();
  }, [state.open]);

  return (
    <>
      <Group className={classes.header} justify="space-between" wrap="nowrap">
        <Title order={2} fz="md" id="team-chat-title" ref={titleRef} tabIndex={-1} c="white">
          {t('title')}
        </Title>
        <CloseButton onClick={onClose} aria-label={t('close')} variant="transparent" c="white" size="md" />
      </Group>
      {state.connection !== 'connected' && (
        <Alert
          color={state.connection === 'connecting' ? 'gray' : 'orange'}
          variant="light"
          radius={0}
          p="xs"
          icon={<IconPlugConnectedX size={16} aria-hidden="true" />}
          role="status"
          data-testid="team-chat-connection"
        >
          {state.connection === 'connecting' ? t('connection.connecting') : t('connection.disconnected')}
        </Alert>
      )}
      {state.activeRoom ? <Conversation roomKey={state.activeRoom} /> : <RoomList />}
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Center, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconEraser } from '@tabler/icons-react';
import { TEAM_CHAT_ASSISTANT_ID } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { fetchAiStatus } from '../ai/ai-api';
import { otherUserOf, type TRoomKey } from './chat-state';
import { Composer } from './composer';
import { MessageItem } from './message-item';
import { ChatAvatar, presenceText } from './presence';
import { useChatClient, useChatState } from './use-chat';
import classes from './team-chat.module.css';

/** One room: its header, the messages (older pages on demand) and the composer. */
export function Conversation({ roomKey }: { roomKey: TRoomKey }) {
  const { t, i18n } = useTranslation('team-chat');
  const client = useChatClient();
  const state = useChatState();
  const room = state.rooms.find((r) => r.roomId === roomKey);
  const otherId = otherUserOf(state, roomKey);
  const other = state.members.find((m) => m.userId === otherId);
  const type = room?.type ?? 'direct';
  const title =
    type === 'account'
      ? t('rooms.everyone')
      : type === 'ai'
        ? t('rooms.ai')
        : (other?.name ?? room?.roomName ?? '');
  // The assistant room says up front when no model is connected (the built-in one only finds texts).
  const [noModel, setNoModel] = useState(false);
  useEffect(() => {
    if (type !== 'ai') return;
    let live = true;
    fetchAiStatus(state.accountId).then(
      (status) => live && setNoModel(!status.model),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [type, state.accountId]);
  const subtitle =
    type === 'account'
      ? (room?.roomName ?? '')
      : type === 'ai'
        ? t(noModel ? 'rooms.aiRetrieval' : 'rooms.aiHint')
        : presenceText(t, other, i18n.language);
  const messages = state.messages[roomKey] ?? [];
  const history = state.history[roomKey];
  const names = new Map(state.members.map((m) => [m.userId, m.name]));
  const senderName = (id: string) =>
    id === TEAM_CHAT_ASSISTANT_ID ? t('messages.assistant') : (names.get(id) ?? t('messages.someone'));

  // Issue 13: clear the room's messages (for this user), after a confirmation under the header.
  const [clearing, setClearing] = useState<'ask' | 'busy' | 'failed' | null>(null);
  const clear = async () => {
    setClearing('busy');
    setClearing((await client.clearRoom(roomKey)) ? null : 'failed');
  };
  const viewport = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
  const lastKey = last ? `${last._id}:${last.content.length}:${last.status}` : '';
  useEffect(() => {
    const el = viewport.current;
    if (lastKey && el) el.scrollTop = el.scrollHeight;
  }, [lastKey]);

  return (
    <>
      <Group
        gap="sm"
        px="sm"
        py={8}
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => client.openRoom(null)}
          aria-label={t('back')}
        >
          <IconArrowLeft size={20} aria-hidden="true" />
        </ActionIcon>
        <ChatAvatar room={room ?? { type }} member={other} name={title} />
        <div className={classes.rowText}>
          <Text component="h3" fz="sm" fw={700} truncate m={0} data-testid="conversation-title">
            {title}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {subtitle}
          </Text>
        </div>
        <ActionIcon
          variant="subtle"
          color="gray"
          ml="auto"
          onClick={() => setClearing('ask')}
          aria-label={t('clear.action')}
          title={t('clear.action')}
          disabled={messages.length === 0}
        >
          <IconEraser size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
      {clearing && (
        <Alert
          color={clearing === 'failed' ? 'red' : 'orange'}
          variant="light"
          radius={0}
          p="xs"
          role="alert"
        >
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text fz="xs">{clearing === 'failed' ? t('clear.failed') : t('clear.confirm')}</Text>
            <Group gap={4} wrap="nowrap">
              <Button size="compact-xs" variant="default" onClick={() => setClearing(null)}>
                {t('common:cancel')}
              </Button>
              {clearing !== 'failed' && (
                <Button size="compact-xs" color="red.8" loading={clearing === 'busy'} onClick={clear}>
                  {t('clear.do')}
                </Button>
              )}
            </Group>
          </Group>
        </Alert>
      )}
      <ScrollArea
        className={classes.messages}
        viewportRef={viewport}
        type="auto"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('messages.list', { room: title }) }}
      >
        <Stack gap="sm" p="sm">
          {history?.nextCursor && (
            <Center>
              <Button
                size="compact-xs"
                variant="subtle"
                loading={history.loading}
                onClick={() => void client.loadMessages(roomKey, true)}
              >
                {t('messages.older')}
              </Button>
            </Center>
          )}
          {history?.loading && messages.length === 0 && (
            <Center py="md">
              <Loader size="sm" aria-label={t('messages.loading')} />
            </Center>
          )}
          {history?.failed && (
            <Alert color="red" variant="light" p="xs">
              <Group justify="space-between" gap="xs">
                <Text fz="sm">{t('messages.loadFailed')}</Text>
                <Button
                  size="compact-xs"
                  variant="white"
                  color="red"
                  onClick={() => void client.loadMessages(roomKey)}
                >
                  {t('messages.tryAgain')}
                </Button>
              </Group>
            </Alert>
          )}
          {history?.loaded && messages.length === 0 && (
            <Text fz="sm" c="dimmed" ta="center" py="md">
              {type === 'ai'
                ? t(noModel ? 'messages.aiEmptyRetrieval' : 'messages.aiEmpty')
                : t('messages.empty')}
            </Text>
          )}
          <Stack
            gap="sm"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('messages.list', { room: title })}
            aria-live="polite"
          >
            {messages.map((message, i) => (
              <MessageItem
                key={message._id}
                message={message}
                mine={message.senderId === state.me}
                senderName={senderName(message.senderId)}
                showSender={type === 'account' && messages[i - 1]?.senderId !== message.senderId}
                onRetry={(tempId) => client.retry(tempId)}
              />
            ))}
          </Stack>
        </Stack>
      </ScrollArea>
      <Composer key={roomKey} roomKey={roomKey} ai={type === 'ai'} />
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Drawer, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlayerPlay, IconRefresh, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAcc } from '../../../app/session';
import { useDepartments } from '../../departments/departments-api';
import { useInboxData } from '../../inbox/data/inbox-api';
import { chatbotErrorText } from '../chatbot-errors';
import { type TTestHandover, useTestChat } from './use-test-chat';
import classes from './flow-editor.module.css';

/**
 * The live test: the draft, saved first, runs on the real runtime as a web chat visitor; the bot's
 * options are buttons (a press sends the option's title, as on the chat page).
 */
export function TestPanel({
  opened,
  onClose,
  chatbotId,
  prepare,
}: {
  opened: boolean;
  onClose: () => void;
  chatbotId: string;
  prepare: () => Promise<unknown>;
}) {
  const { t } = useTranslation('chatbots');
  const chat = useTestChat(useAcc(), chatbotId, prepare);
  const [text, setText] = useState('');
  const log = useRef<HTMLDivElement>(null);
  const count = chat.messages.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a message, the typing dots or the end show
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [count, chat.botTyping, chat.status]);
  const { start, stop } = chat;
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once per opening, stop on close
  useEffect(() => {
    if (opened) void start();
    else stop();
  }, [opened]);
  const live = chat.status === 'connected';
  const last = chat.messages[chat.messages.length - 1];

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={380}
      title={t('test.title')}
      withOverlay={false}
      trapFocus={false}
      lockScroll={false}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      styles={{ body: { height: 'calc(100% - 60px)', display: 'flex', flexDirection: 'column' } }}
    >
      <Group justify="space-between" mb="xs">
        <Text fz="xs" c="dimmed" maw={260}>
          {t('test.help')}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void start()}
        >
          {t('test.restart')}
        </Button>
      </Group>
      {chat.status === 'error' && (
        <Alert color="red" variant="light" role="alert">
          {chatbotErrorText(t, chat.error)}
        </Alert>
      )}
      <div className={classes.chatLog} ref={log} data-testid="test-log" aria-live="polite">
        {chat.status === 'starting' && (
          <Text fz="xs" c="dimmed" ta="center">
            {t('test.starting')}
          </Text>
        )}
        {live && count === 0 && (
          <Text fz="xs" c="dimmed" ta="center">
            {t('test.sayHi')}
          </Text>
        )}
        {chat.messages.map((m) => (
          <Stack
            key={m.uid ?? m.id}
            gap={4}
            style={{ alignSelf: m.author === 'contact' ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
          >
            {m.author === 'operator' && (
              <Text fz={11} c="dimmed">
                {m.authorName ?? t('test.operator')}
              </Text>
            )}
            <div
              className={classes.bubble}
              data-mine={m.author === 'contact' || undefined}
              data-bot={m.author !== 'contact' || undefined}
              data-testid={m.author === 'contact' ? 'test-mine' : 'test-bot'}
              style={{ maxWidth: '100%', opacity: m.pending ? 0.6 : 1 }}
            >
              {m.body ?? m.media?.fileName ?? m.media?.url ?? ''}
            </div>
            {m.options && m === last && (
              <Group gap={4}>
                {m.options.map((o) => (
                  <Button
                    key={o.id}
                    size="compact-sm"
                    variant="outline"
                    onClick={() => chat.send(o.title)}
                    disabled={!live}
                  >
                    {o.title}
                  </Button>
                ))}
              </Group>
            )}
          </Stack>
        ))}
        {chat.botTyping && (
          <div
            className={`${classes.bubble} ${classes.typing}`}
            data-bot
            role="status"
            aria-label={t('test.typing')}
            data-testid="test-typing"
          >
            <span />
            <span />
            <span />
          </div>
        )}
        {chat.status === 'closed' &&
          (chat.handover ? (
            <HandoverLine handover={chat.handover} />
          ) : (
            <Text fz="xs" c="dimmed" ta="center">
              {t('test.closed')}
            </Text>
          ))}
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          chat.send(text);
          setText('');
        }}
      >
        <Group gap={4} wrap="nowrap" mt="xs">
          <TextInput
            flex={1}
            aria-label={t('test.message')}
            placeholder={t('test.message')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            disabled={!live}
            data-testid="test-input"
          />
          <ActionIcon type="submit" size="lg" disabled={!live || !text.trim()} aria-label={t('test.send')}>
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      </form>
      {chat.status === 'idle' && (
        <Button mt="xs" leftSection={<IconPlayerPlay size={16} />} onClick={() => void start()}>
          {t('test.start')}
        </Button>
      )}
    </Drawer>
  );
}

/**
 * How a test that reached a hand-over ended: where a real conversation would have gone (the test
 * conversation itself never enters the queue nor counts in the plan).
 */
function HandoverLine({ handover }: { handover: TTestHandover }) {
  const { t } = useTranslation('chatbots');
  const acc = useAcc();
  const departments = useDepartments(acc, Boolean(handover.departmentId));
  const inbox = useInboxData(acc);
  const operator = handover.operatorId
    ? inbox.data?.operators.find((o) => o.operatorData?._id === handover.operatorId)?.name
    : undefined;
  const department = handover.departmentId
    ? departments.data?.find((d) => d._id === handover.departmentId)?.name
    : undefined;
  // The names first (a department or agent no longer there: the queue, as the hand-over would do).
  if ((handover.departmentId && departments.isPending) || (handover.operatorId && inbox.isPending))
    return null;
  const where = operator
    ? t('test.handoverOperator', { name: operator })
    : department
      ? t('test.handoverDepartment', { name: department })
      : t('test.handoverQueue');
  return (
    <Stack gap={2} data-testid="test-handover" role="status">
      <Text fz="xs" fw={600} ta="center">
        {where}
      </Text>
      <Text fz="xs" c="dimmed" ta="center">
        {t('test.handoverEnd')}
      </Text>
    </Stack>
  );
}

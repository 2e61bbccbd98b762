import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconClock, IconLock, IconPlayerPause } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/i18n';
import { Composer } from '../composer/composer';
import { ConversationHeader } from './conversation-header';
import { CloseDialog } from './close-dialog';
import { inboxApi, useConversation } from '../data/inbox-api';
import { useInbox, useRealtimeState } from '../inbox-context';
import { replyWindowOpen } from '../data/inbox-format';
import { applyConversationToCaches } from '../data/inbox-realtime';
import { MessageList } from './message-list';
import { useReact } from './message-reactions';
import { TransferDialog } from './transfer-dialog';
import { HoldDialog } from './hold-dialog';
import { holdWhen } from './message-bubble';
import { allowedActions, useConversationActions } from './use-conversation-actions';
import { useSender } from '../composer/use-sender';
import classes from '../inbox.module.css';
import { closeReasonText } from '../data/close-reason';

/** The middle column: header with actions, messages, and the composer (or why one cannot reply). */
export function ConversationView({
  id,
  onBack,
  onToggleContact,
  onTaken,
}: {
  id: string;
  onBack: () => void;
  onToggleContact?: () => void;
  /** Taken by me: the page shows the In attendance tab, where it now is. */
  onTaken?: () => void;
}) {
  const { t } = useTranslation('inbox');
  const env = useInbox();
  const queryClient = useQueryClient();
  const { typing } = useRealtimeState();
  const query = useConversation(env.acc, id);
  const c = query.data;
  const actions = useConversationActions(c);
  const sender = useSender(env.acc, id);
  const react = useReact(env.acc, id);
  const [dialog, setDialog] = useState<'close' | 'transfer' | 'hold' | null>(null);
  const drop = useRef<((files: File[]) => void) | null>(null);
  const registerDrop = useCallback((add: ((files: File[]) => void) | null) => {
    drop.current = add;
  }, []);

  // Opened with unread messages: read now.
  const unread = (c?.unreadCount ?? 0) > 0;
  useEffect(() => {
    if (!unread) return;
    inboxApi
      .read(env.acc, id)
      .then((next) => applyConversationToCaches(queryClient, env, next))
      .catch(() => undefined);
  }, [unread, id, env, queryClient]);

  if (query.isPending)
    return (
      <Center flex={1}>
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  if (!c)
    return (
      <div className={classes.empty}>
        <Text>{errorText(t, query.error)}</Text>
        <Button variant="light" onClick={onBack}>
          {t('conversation.back')}
        </Button>
      </div>
    );

  const allowed = allowedActions(c, env.me, env.manager);
  const windowOpen = replyWindowOpen(c);
  const name = c.contact.name || c.contact.phone || t('unknownContact');
  return (
    <>
      <ConversationHeader
        conversation={c}
        allowed={allowed}
        busy={{
          take: actions.take.isPending,
          reopen: actions.reopen.isPending,
          resume: actions.resume.isPending,
        }}
        onBack={onBack}
        onTake={() => actions.take.mutate(undefined, { onSuccess: () => onTaken?.() })}
        onTransfer={() => setDialog('transfer')}
        onClose={() => setDialog('close')}
        onReopen={() => actions.reopen.mutate()}
        onHold={() => setDialog('hold')}
        onResume={() => actions.resume.mutate()}
        onToggleContact={onToggleContact}
      />
      <MessageList
        acc={env.acc}
        conversationId={id}
        typing={Boolean(typing[id])}
        onRetry={sender.retry}
        onReact={c.channelKind === 'whatsapp-cloud' && c.stage !== 'closed' && windowOpen ? react : undefined}
        onDropFiles={(files) => drop.current?.(files)}
      />
      {c.stage === 'closed' ? (
        <Group className={classes.composer} justify="space-between">
          <Group gap={8} wrap="nowrap">
            <IconLock size={18} aria-hidden />
            <Text fz="sm">
              {t('conversation.closed', {
                reason:
                  [closeReasonText(t, c.closeReason), c.closeSubReason].filter(Boolean).join(' / ') || '—',
              })}
            </Text>
          </Group>
          {allowed.reopen && (
            <Button
              size="xs"
              variant="light"
              loading={actions.reopen.isPending}
              onClick={() => actions.reopen.mutate()}
            >
              {t('actions.reopen')}
            </Button>
          )}
        </Group>
      ) : (
        <>
          {allowed.take && (
            <Alert color="orange" variant="light" radius={0} py={6} icon={<IconClock size={16} />}>
              <Text fz="sm">{t('conversation.waitingHint')}</Text>
            </Alert>
          )}
          {c.stage === 'hold' && (
            <Alert
              color="yellow"
              variant="light"
              radius={0}
              py={6}
              icon={<IconPlayerPause size={16} />}
              data-testid="hold-banner"
            >
              <Text fz="sm">
                {c.holdUntil ? t('hold.banner', { when: holdWhen(c.holdUntil) }) : t('hold.bannerReply')}
              </Text>
            </Alert>
          )}
          {/* WhatsApp's closed 24-hour window: the composer says so and offers a template. */}
          {allowed.reply ? (
            <Composer
              key={id}
              acc={env.acc}
              conversation={c}
              canReply={windowOpen}
              onSend={sender.send}
              onTyping={(on) => env.realtime?.sendTyping(id, on)}
              registerDrop={registerDrop}
            />
          ) : (
            <Text className={classes.composer} fz="sm" c="dimmed">
              {t('conversation.otherOperator')}
            </Text>
          )}
        </>
      )}
      <CloseDialog
        opened={dialog === 'close'}
        contactName={name}
        busy={actions.close.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(body) => actions.close.mutate(body, { onSuccess: () => setDialog(null) })}
      />
      <HoldDialog
        opened={dialog === 'hold'}
        busy={actions.hold.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(until) => actions.hold.mutate(until, { onSuccess: () => setDialog(null) })}
      />
      <TransferDialog
        opened={dialog === 'transfer'}
        busy={actions.transfer.isPending}
        currentAssignee={c.assigneeId}
        onClose={() => setDialog(null)}
        onConfirm={(body) => actions.transfer.mutate(body, { onSuccess: () => setDialog(null) })}
      />
    </>
  );
}

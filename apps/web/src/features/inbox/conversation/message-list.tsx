import { Fragment, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { Button, Center, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify';
import { errorText } from '../../../app/i18n';
import { MESSAGES_PAGE, fetchMessagesPage, messagesKey, useMessages } from '../data/inbox-api';
import { prependOlder, type TMessagesState, type TViewMessage } from '../data/inbox-cache';
import { dayLabel, sameDay } from '../data/inbox-format';
import { MessageBubble } from './message-bubble';
import classes from '../inbox.module.css';

const NEAR_BOTTOM_PX = 120;
const NEAR_TOP_PX = 80;

/**
 * The messages of a conversation with day separators: opens at the bottom, follows new messages
 * while the reader is at the bottom, loads older pages when scrolled to the top (keeping the
 * reading position). Files dropped here are attached to the composer.
 */
export function MessageList({
  acc,
  conversationId,
  typing,
  onRetry,
  onReact,
  onDropFiles,
}: {
  acc: string;
  conversationId: string;
  typing: boolean;
  onRetry: (message: TViewMessage) => void;
  onReact?: (message: TViewMessage, emoji: string) => void;
  onDropFiles?: (files: File[]) => void;
}) {
  const { t, i18n } = useTranslation('inbox');
  const queryClient = useQueryClient();
  const messages = useMessages(acc, conversationId);
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const [older, setOlder] = useState(false);
  const [dragging, setDragging] = useState(false);
  const items = messages.data?.items ?? [];
  const lastId = items.at(-1)?._id;

  const loadOlder = async () => {
    const state = messages.data;
    const first = state?.items.find((m) => !m.local);
    if (!state?.hasOlder || !first || older) return;
    setOlder(true);
    try {
      const page = await fetchMessagesPage(acc, conversationId, { before: first._id });
      const el = ref.current;
      if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
      queryClient.setQueryData<TMessagesState>(messagesKey(acc, conversationId), (s) =>
        s ? prependOlder(s, page.items, MESSAGES_PAGE) : s,
      );
    } catch (error) {
      notify({ color: 'red', message: (t) => errorText(t, error) });
    } finally {
      setOlder(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the first or last message changes
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
      return;
    }
    const mine = items.at(-1)?.local;
    if (atBottom.current || mine) el.scrollTop = el.scrollHeight;
  }, [items[0]?._id, lastId, items.length, typing]);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (el.scrollTop < NEAR_TOP_PX) void loadOlder();
  };

  const drop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    const files = [...e.dataTransfer.files];
    if (files.length && onDropFiles) onDropFiles(files);
  };

  return (
    <div
      ref={ref}
      className={classes.messages}
      onScroll={onScroll}
      data-drop={dragging || undefined}
      onDragOver={(e) => {
        if (!onDropFiles || !e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      role="log"
      aria-label={t('conversation.messages')}
      aria-busy={messages.isPending || older}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      data-testid="message-list"
    >
      {messages.isPending ? (
        <Center flex={1}>
          <Loader size="sm" aria-label={t('loading')} />
        </Center>
      ) : messages.isError ? (
        <Center flex={1}>
          <Button variant="light" onClick={() => void messages.refetch()}>
            {t('retry')}
          </Button>
        </Center>
      ) : (
        <>
          {messages.data?.hasOlder && (
            <Button
              variant="subtle"
              size="xs"
              style={{ alignSelf: 'center' }}
              loading={older}
              onClick={() => void loadOlder()}
            >
              {t('conversation.loadOlder')}
            </Button>
          )}
          {items.length === 0 && (
            <Text ta="center" c="dimmed" fz="sm" mt="xl">
              {t('conversation.noMessages')}
            </Text>
          )}
          {items.map((m, i) => (
            <Fragment key={m.local ? `local:${m.uid}` : m._id}>
              {(i === 0 || !sameDay(items[i - 1].timestamp, m.timestamp)) && (
                <div className={classes.day}>
                  {dayLabel(m.timestamp, i18n.language, { today: t('today'), yesterday: t('yesterday') })}
                </div>
              )}
              <MessageBubble message={m} onRetry={onRetry} onReact={onReact} />
            </Fragment>
          ))}
          {typing && (
            <Text fz="xs" fs="italic" c="dimmed" mt={4} aria-live="polite">
              {t('contactTyping')}
            </Text>
          )}
        </>
      )}
    </div>
  );
}

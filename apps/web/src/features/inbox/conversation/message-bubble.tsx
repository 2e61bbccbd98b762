import { memo } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconLock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { i18n as i18next } from '../../../app/i18n';
import { AckIcon, ackState } from './ack-icon';
import type { TViewMessage } from '../data/inbox-cache';
import { clockTime } from '../data/inbox-format';
import { MessageMedia } from './message-media';
import { MessageReactions, ReactButton } from './message-reactions';
import classes from '../inbox.module.css';

/** A system line in the reader's language when its event is known (the stored text otherwise). */
export function systemText(
  t: (key: string, options?: Record<string, unknown>) => string,
  m: TViewMessage,
): string {
  const event = m.template as Record<string, unknown> | null;
  const kind = typeof event?.system === 'string' ? event.system : null;
  if (!kind || !i18next.exists(`inbox:system.${kind}`)) return m.body ?? '';
  const reason = [event?.reason, event?.subReason].filter(Boolean).join(' / ');
  const target =
    event?.operator ?? (event?.department ? t('system.department', { name: event.department }) : '');
  // A hold's end in the reader's language and time zone.
  const when = typeof event?.until === 'string' ? holdWhen(event.until) : '';
  // The automations are named in the reader's language (the stored name is the account's).
  const actor = event?.actorKind === 'automation' ? t('system.automation') : event?.actor;
  const text = t(`system.${kind}`, { ...event, actor, reason, target, when, defaultValue: m.body ?? '' });
  return event?.note ? `${text}: ${event.note}` : text;
}

/** A hold's end (ISO) as a short date and time in the interface language. */
export function holdWhen(iso: string): string {
  return new Date(iso).toLocaleString(i18next.language, { dateStyle: 'short', timeStyle: 'short' });
}

/** Why a message failed, in the reader's language. */
export function failureText(t: (key: string) => string, code: string | null | undefined): string {
  if (code && i18next.exists(`errors:${code}`)) return t(`errors:${code}`);
  return t('message.failed');
}

/** A title that is a number, or starts with one ("5 - Excelente"): it numbers itself. */
const SELF_NUMBERED = /^\d+(\s[-–—]\s.*)?$/s;

/**
 * The options a customer was offered (a bot's menu, a survey's scale), as the inbox shows them: a
 * menu numbered as the customer answers it; options that carry their own numbers (NPS 0–10, the
 * web chat's "5 - Excelente") as they are (numbered again, they read "1. 0", "1. 1 - Muito ruim").
 */
function MessageOptions({
  options,
  label,
}: {
  options: Array<{ id: string; title: string }>;
  label: string;
}) {
  if (options.every((o) => SELF_NUMBERED.test(o.title.trim())))
    return (
      <ul className={`${classes.options} ${classes.scale}`} aria-label={label}>
        {options.map((o) => (
          <li key={o.id}>{o.title}</li>
        ))}
      </ul>
    );
  return (
    <ol className={classes.options} aria-label={label}>
      {options.map((o) => (
        <li key={o.id}>{o.title}</li>
      ))}
    </ol>
  );
}

/** A message: customer (left), operator/bot (right), private note (yellow), system line (centre). */
export const MessageBubble = memo(function MessageBubble({
  message: m,
  onRetry,
  onReact,
}: {
  message: TViewMessage;
  onRetry: (message: TViewMessage) => void;
  /** Given when the team may react to this conversation's customer messages (WhatsApp). */
  onReact?: (message: TViewMessage, emoji: string) => void;
}) {
  const { t, i18n } = useTranslation('inbox');
  if (m.author === 'system')
    return (
      <div className={classes.system} data-testid="system-message">
        {systemText(t, m)}
      </div>
    );
  const out = m.author !== 'contact';
  const note = m.private;
  const state = ackState(m);
  const failed = out && state === 'failed' && (!note || Boolean(m.local));
  const author = note || out ? (m.author === 'bot' ? t('message.bot') : m.authorName) : null;
  return (
    <div
      className={classes.bubbleRow}
      data-side={out ? 'out' : 'in'}
      data-note={note || undefined}
      data-failed={failed || undefined}
      data-testid="message"
      data-ack={out && !note ? state : undefined}
    >
      <div className={classes.bubble}>
        {note && (
          <Group gap={4} mb={2}>
            <IconLock size={12} aria-hidden />
            <Text fz={11} fw={700} c="#6b4a00" tt="uppercase">
              {t('message.privateNote')}
            </Text>
          </Group>
        )}
        {author && <div className={classes.author}>{author}</div>}
        <MessageMedia message={m} />
        {m.kind === 'template' && (
          <Text fz={11} fw={600} c="dimmed" tt="uppercase">
            {t('message.template')}
          </Text>
        )}
        {m.kind === 'unsupported' && !m.body ? (
          <Text fz="sm" fs="italic" c="dimmed">
            {t('message.unsupported')}
          </Text>
        ) : (
          m.body && <span>{m.body}</span>
        )}
        {m.interactive && <MessageOptions options={m.interactive.options} label={t('message.options')} />}
        <div className={classes.meta}>
          <time dateTime={m.timestamp}>{clockTime(m.timestamp, i18n.language)}</time>
          {out && !note && <AckIcon state={state} />}
        </div>
        <MessageReactions reactions={m.reactions} />
      </div>
      {onReact && !out && !m.local && (
        <ReactButton current={m.reactions?.team?.emoji} onReact={(emoji) => onReact(m, emoji)} />
      )}
      {failed && (
        <Group gap={6} mt={2} wrap="nowrap">
          <Text fz="xs" c="red.9" role="alert">
            {failureText(t, m.sendError ?? m.errorCode)}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red.9"
            leftSection={<IconRefresh size={12} />}
            onClick={() => onRetry(m)}
          >
            {t('message.retry')}
          </Button>
        </Group>
      )}
    </div>
  );
});

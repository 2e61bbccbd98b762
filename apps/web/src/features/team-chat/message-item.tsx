import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconClock, IconFileDownload, IconRefresh } from '@tabler/icons-react';
import { LIMITS, TEAM_CHAT_ASSISTANT_ID, type TTeamChatFile } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../app/format';
import type { TViewMessage } from './chat-state';
import { fileHref, IMAGE_EXTENSIONS } from './upload';
import classes from './team-chat.module.css';

function FileLink({ file }: { file: TTeamChatFile }) {
  const { t, i18n } = useTranslation('team-chat');
  const fullName = `${file.name}.${file.extension}`;
  const href = fileHref(file.url);
  if (href && IMAGE_EXTENSIONS.includes(file.extension.toLowerCase()))
    return (
      <a href={href} download={fullName} aria-label={t('files.download', { name: fullName })}>
        <img className={classes.image} src={href} alt={t('files.image', { name: fullName })} loading="lazy" />
      </a>
    );
  const label = (
    <Group gap={6} wrap="nowrap" component="span">
      <IconFileDownload size={18} aria-hidden="true" />
      <span>
        {fullName} <span style={{ opacity: 0.8 }}>({formatBytes(file.size, i18n.language)})</span>
      </span>
    </Group>
  );
  if (!href) return <Text fz="sm">{label}</Text>;
  return (
    <Anchor href={href} download={fullName} fz="sm" underline="always" data-testid="file-link">
      {label}
    </Anchor>
  );
}

/** One message: sender, text, files, time, and for one's own the sending status (retry when failed). */
export function MessageItem({
  message,
  mine,
  senderName,
  showSender,
  onRetry,
}: {
  message: TViewMessage;
  mine: boolean;
  senderName: string;
  showSender: boolean;
  onRetry: (tempId: string) => void;
}) {
  const { t, i18n } = useTranslation('team-chat');
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
    new Date(message.timestamp),
  );
  const assistant = message.senderId === TEAM_CHAT_ASSISTANT_ID;
  const streaming = assistant && message.status === 'sending';
  const aiFailed = assistant && message.status === 'failed';
  const failed = (mine && message.status === 'failed') || aiFailed;
  return (
    <Stack
      gap={2}
      align={mine ? 'flex-end' : 'flex-start'}
      component="li"
      data-testid="chat-message"
      data-status={message.status}
    >
      {showSender && !mine && (
        <Text fz="xs" fw={600} c="dimmed" px={4}>
          {senderName}
        </Text>
      )}
      <div className={classes.bubble} data-mine={mine || undefined} data-failed={failed || undefined}>
        {aiFailed ? t('errors.aiFailed') : message.content}
        {streaming && !message.content && <Loader size="xs" type="dots" color="gray" />}
        {message.files.length > 0 && (
          <Stack gap={4} mt={message.content ? 6 : 0}>
            {message.files.map((file) => (
              <FileLink key={file.url || `${file.name}.${file.extension}`} file={file} />
            ))}
          </Stack>
        )}
      </div>
      {assistant && message.ai && message.status === 'sent' && (
        <Text fz="xs" c="dimmed" px={4} maw="85%" data-testid="ai-note">
          {message.ai.provider === 'retrieval'
            ? t('ai.retrieval')
            : t('ai.model', { model: message.ai.model })}
        </Text>
      )}
      <Group gap={6} px={4} wrap="nowrap">
        <Text fz="xs" c="dimmed">
          {time}
        </Text>
        {streaming && (
          <Text fz="xs" c="dimmed">
            {t('status.writing')}
          </Text>
        )}
        {mine && <SendStatus message={message} />}
      </Group>
      {mine && message.status === 'failed' && message.tempId && (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden="true" />}
          onClick={() => onRetry(message.tempId!)}
        >
          {t('status.retry')}
        </Button>
      )}
    </Stack>
  );
}

function SendStatus({ message }: { message: TViewMessage }) {
  const { t } = useTranslation('team-chat');
  const error = message.error ? t(`errors.${message.error}`) : '';
  if (message.status === 'sent')
    return (
      <Group gap={2} wrap="nowrap" c="dimmed">
        <IconCheck size={14} aria-hidden="true" />
        <Text fz="xs">{t('status.sent')}</Text>
      </Group>
    );
  if (message.status === 'failed')
    return (
      <Group gap={4} wrap="nowrap" c="red.9" role="alert">
        <IconAlertCircle size={14} aria-hidden="true" />
        <Text fz="xs" fw={600}>
          {t('status.failed')}: {error}
        </Text>
      </Group>
    );
  const text =
    message.status === 'retrying'
      ? t('status.retrying', {
          count: message.retries ?? 1,
          max: LIMITS.teamChat.maxRetries,
        })
      : t('status.sending');
  return (
    <Group gap={4} wrap="nowrap" c="dimmed">
      <IconClock size={14} aria-hidden="true" />
      <Text fz="xs" data-testid="send-status">
        {text}
        {error ? ` · ${error}` : ''}
      </Text>
    </Group>
  );
}

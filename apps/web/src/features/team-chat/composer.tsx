import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  CloseButton,
  FileButton,
  Group,
  Progress,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { LIMITS, TEAM_CHAT_MAX_FILES, type TTeamChatUploadResult } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { ApiError } from '../../app/api-client';
import { ACCEPT_ATTRIBUTE, checkFiles, type UploadError } from './upload';
import { uploadTeamChatFile } from './team-chat-api';
import { useChatClient, useChatState } from './use-chat';
import classes from './team-chat.module.css';

interface TAttachment {
  key: number;
  file: File;
  progress: number;
  result?: TTeamChatUploadResult;
  abort: () => void;
}

let attachmentKey = 0;

/** Text (kept per room, also while offline), files uploaded with progress, Enter to send. */
export function Composer({ roomKey, ai }: { roomKey: string; ai: boolean }) {
  const { t, i18n } = useTranslation('team-chat');
  const client = useChatClient();
  const state = useChatState();
  const text = state.drafts[roomKey] ?? '';
  const [attachments, setAttachments] = useState<TAttachment[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  // A room opened is a room to write in: the cursor waits in its message box.
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  const uploading = attachments.some((a) => !a.result);
  const canSend = !uploading && (text.trim().length > 0 || attachments.length > 0);

  const patch = (key: number, change: Partial<TAttachment>) =>
    setAttachments((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));

  const addFiles = (files: File[]) => {
    resetRef.current?.();
    const { ok, problems } = checkFiles(files, attachments.length);
    const first = problems[0];
    setProblem(
      first === 'type'
        ? t('errors.fileType')
        : first === 'size'
          ? t('errors.fileSize')
          : first === 'count'
            ? t('errors.fileCount', { max: TEAM_CHAT_MAX_FILES })
            : null,
    );
    for (const file of ok) {
      const key = ++attachmentKey;
      const upload = uploadTeamChatFile(
        state.accountId,
        file,
        (progress) => patch(key, { progress }),
        i18n.language,
      );
      setAttachments((list) => [...list, { key, file, progress: 0, abort: upload.abort }]);
      upload.promise.then(
        (result) => patch(key, { result, progress: 1 }),
        (error: UploadError) => {
          setAttachments((list) => list.filter((a) => a.key !== key));
          if (error.code === 'ABORTED') return;
          const reason = errorText(t, new ApiError(0, error.code, error.message));
          setProblem(t('errors.upload', { name: file.name, reason }));
        },
      );
    }
  };

  const send = () => {
    if (!canSend) return;
    client.send(roomKey, text, attachments.map((a) => a.result!).filter(Boolean));
    client.setDraft(roomKey, '');
    setAttachments([]);
    setProblem(null);
  };

  return (
    <Stack gap={6} className={classes.composer}>
      {attachments.length > 0 && (
        <Stack
          gap={4}
          aria-label={t('files.attachments')}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {attachments.map((a) => (
            <Group key={a.key} gap="xs" wrap="nowrap" component="li">
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fz="xs" truncate>
                  {a.file.name}
                </Text>
                <Progress
                  value={Math.round(a.progress * 100)}
                  size="sm"
                  aria-label={t('composer.uploading', { name: a.file.name })}
                  color={a.result ? 'green' : 'brand'}
                />
              </Stack>
              <CloseButton
                size="sm"
                aria-label={t('composer.remove', { name: a.file.name })}
                onClick={() => {
                  a.abort();
                  setAttachments((list) => list.filter((x) => x.key !== a.key));
                }}
              />
            </Group>
          ))}
        </Stack>
      )}
      {problem && (
        <Text fz="xs" c="red.9" role="alert">
          {problem}
        </Text>
      )}
      {state.connection === 'disconnected' && (
        <Text fz="xs" c="dimmed">
          {t('composer.offline')}
        </Text>
      )}
      <Group gap={6} align="flex-end" wrap="nowrap">
        {!ai && (
          <FileButton onChange={addFiles} accept={ACCEPT_ATTRIBUTE} multiple resetRef={resetRef}>
            {(props) => (
              <Tooltip label={t('composer.attach')}>
                <ActionIcon
                  {...props}
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('composer.attach')}
                >
                  <IconPaperclip size={20} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
        )}
        <Textarea
          ref={box}
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={LIMITS.teamChat.contentMaxChars}
          aria-label={t('composer.label')}
          title={t('composer.hint')}
          placeholder={ai ? t('composer.aiPlaceholder') : t('composer.placeholder')}
          value={text}
          onChange={(e) => client.setDraft(roomKey, e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
        <ActionIcon size="lg" onClick={send} disabled={!canSend} aria-label={t('composer.send')}>
          <IconSend size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </Stack>
  );
}

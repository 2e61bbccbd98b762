import { useCallback, useRef, useState } from 'react';
import { CloseButton, Group, Paper, Progress, Text } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify';
import { formatBytes } from '../../../app/format';
import { checkInboxFiles, type TUploadedFile, type UploadError } from './upload';
import { uploadInboxFile } from '../data/inbox-api';
import classes from '../inbox.module.css';

export interface TAttachment {
  key: number;
  file: File;
  progress: number;
  result?: TUploadedFile;
  error?: string;
  abort: () => void;
}

let attachmentKey = 0;

/** Files of the next message: each uploads at once with its progress; refusals are toasts in the reader's language. */
export function useAttachments(acc: string) {
  const { i18n } = useTranslation('inbox');
  const [items, setItems] = useState<TAttachment[]>([]);
  const count = useRef(0);
  count.current = items.length;

  const patch = useCallback((key: number, change: Partial<TAttachment>) => {
    setItems((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const { ok, problems } = checkInboxFiles(files, count.current);
      for (const problem of problems)
        notify({
          color: 'red',
          message: (t) => t(problem === 'size' ? 'inbox:composer.fileSize' : 'inbox:composer.fileCount'),
        });
      for (const file of ok) {
        attachmentKey += 1;
        const key = attachmentKey;
        const upload = uploadInboxFile(acc, file, (progress) => patch(key, { progress }), i18n.language);
        setItems((list) => [...list, { key, file, progress: 0, abort: upload.abort }]);
        upload.promise.then(
          (result) => patch(key, { result, progress: 1 }),
          (error: UploadError) => {
            if (error.code === 'ABORTED') return;
            setItems((list) => list.filter((a) => a.key !== key));
            const known = i18n.exists(`errors:${error.code}`);
            notify({
              color: 'red',
              title: (t) => t('errors:FILE_UPLOAD_ERROR'),
              message: (t) => (known ? t(`errors:${error.code}`) : file.name),
            });
          },
        );
      }
    },
    [acc, i18n, patch],
  );

  const remove = useCallback((key: number) => {
    setItems((list) => {
      list.find((a) => a.key === key)?.abort();
      return list.filter((a) => a.key !== key);
    });
  }, []);

  const clear = useCallback(() => setItems([]), []);
  const uploading = items.some((a) => !a.result);
  return { items, add, remove, clear, uploading };
}

export function AttachmentChips({
  items,
  onRemove,
}: {
  items: TAttachment[];
  onRemove: (key: number) => void;
}) {
  const { t, i18n } = useTranslation('inbox');
  if (items.length === 0) return null;
  return (
    <Group gap={6} mb={8}>
      {items.map((a) => (
        <Paper key={a.key} withBorder px={8} py={4} radius="md" w={200} data-testid="attachment">
          <Group gap={6} wrap="nowrap">
            <IconFile size={16} aria-hidden />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text fz="xs" fw={600} className={classes.ellipsis}>
                {a.file.name}
              </Text>
              <Text fz={10} c="dimmed">
                {formatBytes(a.file.size, i18n.language)}
              </Text>
            </div>
            <CloseButton
              size="sm"
              aria-label={t('composer.removeFile', { name: a.file.name })}
              onClick={() => onRemove(a.key)}
            />
          </Group>
          {!a.result && (
            <Progress
              value={Math.round(a.progress * 100)}
              size="xs"
              mt={4}
              aria-label={t('composer.uploading', { name: a.file.name })}
            />
          )}
        </Paper>
      ))}
    </Group>
  );
}

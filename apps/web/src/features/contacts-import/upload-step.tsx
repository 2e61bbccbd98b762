import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconDownload, IconFileTypeCsv, IconUpload, IconX } from '@tabler/icons-react';
import { CONTACT_LIMITS, type TImportUpload } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../app/download';
import { useUploadCsv } from './import-api';
import { importErrorText } from './import-text';
import { formatBytes } from '../../app/format';
import { sampleCsv } from './sample-csv';

const MAX_MB = CONTACT_LIMITS.importMaxBytes / (1024 * 1024);

type TUploadProblem = { key: string; values?: Record<string, unknown> } | { error: unknown };

function isCsvName(name: string): boolean {
  return /\.csv$/i.test(name);
}

/** Step 1: pick a .csv (drop or browse), send it with upload progress; the spreadsheet errors. */
export function UploadStep({
  acc,
  onUploaded,
}: {
  acc: string;
  onUploaded: (upload: TImportUpload) => void;
}) {
  const { t, i18n } = useTranslation('contacts-import');
  const [file, setFile] = useState<File | null>(null);
  // What went wrong, translated when shown (so a language switch re-translates it).
  const [error, setError] = useState<TUploadProblem | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadCsv(
    acc,
    { lang: i18n.language, onProgress: setProgress },
    { onSuccess: onUploaded },
  );

  const pick = (files: File[]) => {
    setError(null);
    const [first] = files;
    if (!first) return;
    if (!isCsvName(first.name)) {
      setFile(null);
      setError({ key: 'upload.onlyCsv' });
      return;
    }
    setFile(first);
  };

  const reject = (rejections: FileRejection[]) => {
    setFile(null);
    const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
    if (codes.includes('file-too-large')) setError({ key: 'upload.tooLarge', values: { max: MAX_MB } });
    else if (codes.includes('too-many-files')) setError({ key: 'upload.onlyOne' });
    else setError({ key: 'upload.onlyCsv' });
  };

  const send = () => {
    if (!file) {
      setError({ key: 'errors:IMPORT_NO_FILE' });
      return;
    }
    setError(null);
    setProgress(0);
    upload.mutate(file, { onError: (err) => setError({ error: err }) });
  };

  const downloadSample = () =>
    saveBlob(new Blob([sampleCsv(t)], { type: 'text/csv;charset=utf-8' }), t('sample.fileName'));
  const uploading = upload.isPending;

  return (
    <Stack gap="md">
      <Dropzone
        onDrop={pick}
        onReject={reject}
        accept={{ 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] }}
        maxSize={CONTACT_LIMITS.importMaxBytes}
        multiple={false}
        disabled={uploading}
        aria-label={t('upload.dropLabel')}
        inputProps={{ 'aria-label': t('upload.dropLabel') }}
        data-testid="import-dropzone"
      >
        <Group justify="center" gap="lg" mih={150} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={44} stroke={1.5} color="var(--mantine-color-brand-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={44} stroke={1.5} color="var(--mantine-color-red-7)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileTypeCsv size={44} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text fz="lg" fw={600}>
              {t('upload.drop')}
            </Text>
            <Text fz="sm" c="dimmed" mt={6}>
              {t('upload.hint', { max: MAX_MB })}
            </Text>
          </div>
        </Group>
      </Dropzone>

      {file && (
        <Paper withBorder p="sm" radius="md" data-testid="import-file">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <IconFileTypeCsv size={22} aria-hidden />
              <div>
                <Text fz="sm" fw={600}>
                  {file.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {formatBytes(file.size, i18n.language)}
                </Text>
              </div>
            </Group>
            {!uploading && (
              <Tooltip label={t('upload.remove')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('upload.remove')}
                  onClick={() => setFile(null)}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          {uploading && (
            <Stack gap={4} mt="sm">
              <Progress value={Math.round(progress * 100)} aria-label={t('upload.sending')} animated />
              <Text fz="xs" c="dimmed" data-testid="upload-progress">
                {t('upload.progress', { percent: Math.round(progress * 100) })}
              </Text>
            </Stack>
          )}
        </Paper>
      )}

      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="upload-error">
          {'key' in error ? t(error.key, error.values) : importErrorText(t, error.error)}
        </Alert>
      )}

      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconDownload size={16} />} onClick={downloadSample}>
          {t('sample.download')}
        </Button>
        <Button onClick={send} loading={uploading}>
          {t('upload.next')}
        </Button>
      </Group>
    </Stack>
  );
}

import { Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/i18n';
import type { TSaveStatus } from './use-autosave';

/** Saved / saving / not saved yet / could not save (with why), beside the bot's name. */
export function SaveIndicator({ status, error }: { status: TSaveStatus; error: unknown }) {
  const { t } = useTranslation('chatbots');
  const content = {
    saved: [
      <IconCloudCheck key="i" size={16} color="var(--mantine-color-green-7)" />,
      t('save.saved'),
      'dimmed',
    ],
    pending: [<IconPencil key="i" size={16} />, t('save.pending'), 'dimmed'],
    saving: [<Loader key="i" size={12} />, t('save.saving'), 'dimmed'],
    error: [
      <IconAlertTriangle key="i" size={16} color="var(--mantine-color-red-7)" />,
      t('save.error'),
      'red.8',
    ],
  }[status];
  const line = (
    <Group
      gap={4}
      wrap="nowrap"
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={status}
    >
      {content[0]}
      <Text fz="xs" c={content[2] as string}>
        {content[1]}
      </Text>
    </Group>
  );
  return status === 'error' ? <Tooltip label={errorText(t, error)}>{line}</Tooltip> : line;
}

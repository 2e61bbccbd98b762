import { Alert, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TContactImport } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { ImportStatusBadge, strongText } from './status-badge';

function Counter({
  label,
  value,
  testId,
  color,
}: {
  label: string;
  value: string;
  testId: string;
  color?: string;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} c={color} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** Rows done of the total with a bar, and the created / updated / error counts. */
export function ImportProgress({ imp }: { imp: TContactImport }) {
  const { t, i18n } = useTranslation('contacts-import');
  const n = (value: number) => formatNumber(value, i18n.language);
  const percent = imp.total > 0 ? Math.min(100, Math.round((imp.processed / imp.total) * 100)) : 0;
  const active = imp.status === 'queued' || imp.status === 'running';
  return (
    <Stack gap="sm" data-testid="import-progress">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>{imp.fileName}</Text>
          <ImportStatusBadge status={imp.status} />
        </Group>
        <Text fz="sm" c="dimmed" data-testid="progress-rows">
          {t('run.rows', { done: n(imp.processed), total: n(imp.total), percent })}
        </Text>
      </Group>
      <Progress
        value={percent}
        size="lg"
        animated={active}
        striped={active}
        color={imp.status === 'failed' ? 'red' : imp.status === 'cancelled' ? 'orange' : 'brand'}
        aria-label={t('run.progressLabel')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Counter label={t('run.created')} value={n(imp.inserted)} testId="count-created" />
        <Counter label={t('run.updated')} value={n(imp.updated)} testId="count-updated" />
        <Counter
          label={t('run.errors')}
          value={n(imp.errors)}
          testId="count-errors"
          color={imp.errors > 0 ? 'red.8' : undefined}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The end of an import: what happened, in one sentence. */
export function ImportSummary({ imp }: { imp: TContactImport }) {
  const { t, i18n } = useTranslation('contacts-import');
  const counts = {
    created: formatNumber(imp.inserted, i18n.language),
    updated: formatNumber(imp.updated, i18n.language),
    errors: formatNumber(imp.errors, i18n.language),
  };
  if (imp.status === 'failed')
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('summary.failed')}
        styles={{ title: { color: strongText('red') } }}
        data-testid="import-summary"
      >
        {imp.errorCode ? t(`errors:${imp.errorCode}`) : t('errors:INTERNAL_ERROR')}
      </Alert>
    );
  const cancelled = imp.status === 'cancelled';
  return (
    <Alert
      color={cancelled ? 'orange' : 'green'}
      styles={{ title: { color: strongText(cancelled ? 'orange' : 'green') } }}
      variant="light"
      title={cancelled ? t('summary.cancelled') : t('summary.completed')}
      data-testid="import-summary"
    >
      {t('summary.counts', counts)}
      {cancelled && ` ${t('summary.keptRows')}`}
    </Alert>
  );
}

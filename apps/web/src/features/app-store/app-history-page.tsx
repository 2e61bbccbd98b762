import { useState } from 'react';
import { Badge, Card, Code, Group, Select, Stack, Table, Text } from '@mantine/core';
import { APP_KEYS, APP_RUN_STATUSES, type TAppRun } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatDate, intlLocale } from '../../app/format';
import { useAcc } from '../../app/session';
import { DimmedCell } from '../../ui/data-table';
import { ListPager } from '../../ui/list-pager';
import { EmptyLine } from '../../ui/list-state';
import { ExpandToggle, LogTable } from '../../ui/log-table';
import { PageHeader } from '../../ui/page-header';
import { useRuns } from './app-store-api';

const LIMIT = 20;
export const RUN_COLORS: Record<TAppRun['status'], string> = {
  ongoing: 'blue',
  error: 'red',
  success: 'green',
  finished: 'teal',
  cancelled: 'gray',
};

/** A duration for people: 850 ms, 2.4 s, 3 min. */
export function formatDuration(
  ms: number | null,
  t: (key: string, o?: Record<string, unknown>) => string,
  lang: string,
) {
  if (ms === null) return '—';
  if (ms < 1000) return t('ms', { value: ms });
  if (ms < 60_000)
    return t('seconds', {
      value: new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 1 }).format(ms / 1000),
    });
  return t('minutes', { value: Math.round(ms / 60_000) });
}

/** /appstore/history (admins): every run of every app — status, who, when, duration, message and log. */
export function AppHistoryPage() {
  const { t, i18n } = useTranslation('app-store');
  const acc = useAcc();
  const [app, setApp] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const runs = useRuns(acc, { app: app ?? undefined, status: status ?? undefined, page, limit: LIMIT });

  return (
    <Stack gap="lg">
      <PageHeader title={t('historyTitle')} description={t('historySubtitle')} />
      <Card padding={0}>
        <Group p="md" gap="md">
          <Select
            w={240}
            label={t('filters.app')}
            clearable
            placeholder={t('all')}
            data={APP_KEYS.map((k) => ({ value: k, label: t(`apps.${k}.name`) }))}
            value={app}
            onChange={(v) => {
              setApp(v);
              setPage(1);
            }}
          />
          <Select
            w={200}
            label={t('filters.status')}
            clearable
            placeholder={t('all')}
            data={APP_RUN_STATUSES.map((s) => ({ value: s, label: t(`runStatus.${s}`) }))}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
          />
        </Group>
        <LogTable
          query={runs}
          skeletonRows={5}
          empty={
            <EmptyLine testId="runs-empty" py="xl">
              {t('historyEmpty')}
            </EmptyLine>
          }
          testId="runs-table"
          minWidth={820}
          columns={[
            { label: t('columns.app'), w: 190 },
            { label: t('columns.action'), w: 170 },
            { label: t('columns.status'), w: 120 },
            { label: t('columns.who'), w: 160 },
            { label: t('columns.when'), w: 160 },
            { label: t('columns.duration'), w: 100 },
            { label: t('columns.message') },
          ]}
          rowTestId="run-row"
          cells={(run, open) => (
            <>
              <Table.Td>
                <ExpandToggle open={open}>{t(`apps.${run.app}.name`)}</ExpandToggle>
              </Table.Td>
              <Table.Td>{t(`actions.${run.action}`)}</Table.Td>
              <Table.Td>
                <Badge
                  color={RUN_COLORS[run.status]}
                  variant="light"
                  miw="max-content"
                  data-testid="run-status"
                >
                  {t(`runStatus.${run.status}`)}
                </Badge>
              </Table.Td>
              <DimmedCell>{run.userName || t('system')}</DimmedCell>
              <DimmedCell>{formatDate(run.startedAt, i18n.language, true)}</DimmedCell>
              <DimmedCell>{formatDuration(run.durationMs, t, i18n.language)}</DimmedCell>
              <Table.Td>
                <Text fz="sm" lineClamp={1}>
                  {t(`messages.${run.message}`, { defaultValue: run.message })}
                </Text>
              </Table.Td>
            </>
          )}
          details={(run) => (
            <>
              <Text fz="xs" fw={500} mb={4}>
                {t('log')}
              </Text>
              <Code block data-testid="run-log">
                {run.log.length ? run.log.join('\n') : t('logEmpty')}
              </Code>
            </>
          )}
        />
        {runs.data && (
          <ListPager count={runs.data.count} limit={LIMIT} page={page} onChange={setPage} p="md" />
        )}
      </Card>
    </Stack>
  );
}

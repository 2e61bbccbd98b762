import { Button, Card, Center, Group, Select, Stack, Text } from '@mantine/core';
import { IconCalendar, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { CHANNEL_KINDS, DATE_FILTERS, type TDateFilter, type TFeedbackQuery } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useAcc, useSession } from '../../app/session';
import { zoneLabel } from '../../app/time-zones';
import { CardSkeleton } from '../../ui/card-skeleton';
import { LoadError } from '../../ui/load-error';
import { PageHeader } from '../../ui/page-header';
import { FeedbackCharts } from './feedback-charts';
import { FeedbackGroups } from './feedback-groups';
import { FeedbackSummary } from './feedback-summary';
import { FeedbackVerbatims } from './feedback-verbatims';
import { downloadFeedback, useFeedbackReport } from './surveys-api';

const EXPORTS = [
  { format: 'csv', icon: IconFileTypeCsv, label: 'exportCsv' },
  { format: 'xlsx', icon: IconFileSpreadsheet, label: 'exportXlsx' },
] as const;

/** The filters kept in the URL (?dateFilter=thisMonth&channelKind=sms…). */
function filtersOf(params: URLSearchParams): TFeedbackQuery {
  const date = params.get('dateFilter');
  const channel = params.get('channelKind');
  return {
    dateFilter: (DATE_FILTERS as readonly string[]).includes(date ?? '') ? (date as TDateFilter) : 'all',
    channelKind: (CHANNEL_KINDS as readonly string[]).includes(channel ?? '')
      ? (channel as TFeedbackQuery['channelKind'])
      : undefined,
    operatorId: params.get('operatorId') || undefined,
    departmentId: params.get('departmentId') || undefined,
    tagId: params.get('tagId') || undefined,
  };
}

/** /apps/feedback (managers): NPS and CSAT answered in the chats, by period, channel and operator. */
export function FeedbackPage() {
  const { t, i18n } = useTranslation('surveys');
  const acc = useAcc();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const report = useFeedbackReport(acc, filters);
  const timezone = session.account?.acc.timezone ?? 'America/Sao_Paulo';

  const setFilter = (key: keyof TFeedbackQuery, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value && !(key === 'dateFilter' && value === 'all')) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const download = useMutation({
    mutationFn: (format: 'csv' | 'xlsx') => downloadFeedback(acc, filters, format),
    onError: (err) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
  });
  const exporting = download.isPending ? download.variables : null;
  // The operators of the unfiltered period, to pick from.
  const operators = (report.data?.byOperator ?? [])
    .filter((g) => g.key)
    .map((g) => ({ value: g.key, label: g.name }));
  if (filters.operatorId && !operators.some((o) => o.value === filters.operatorId))
    operators.push({ value: filters.operatorId, label: t('filters.selectedOperator') });
  const data = report.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={EXPORTS.map(({ format, icon: Icon, label }) => (
          <Button
            key={format}
            variant="default"
            leftSection={<Icon size={16} />}
            loading={exporting === format}
            onClick={() => download.mutate(format)}
          >
            {t(label)}
          </Button>
        ))}
      />
      <Card padding="md">
        <Group gap="md" align="flex-end" wrap="wrap" data-testid="feedback-filters">
          <Select
            w={190}
            label={t('filters.date')}
            data={DATE_FILTERS.map((value) => ({ value, label: t(`filters.dates.${value}`) }))}
            value={filters.dateFilter}
            onChange={(v) => setFilter('dateFilter', v)}
            allowDeselect={false}
            leftSection={<IconCalendar size={16} aria-hidden="true" />}
          />
          <Select
            w={190}
            label={t('filters.channel')}
            data={[
              { value: '', label: t('filters.allChannels') },
              ...CHANNEL_KINDS.map((kind) => ({ value: kind, label: t(`channels.${kind}`) })),
            ]}
            value={filters.channelKind ?? ''}
            onChange={(v) => setFilter('channelKind', v)}
            allowDeselect={false}
          />
          <Select
            w={220}
            label={t('filters.operator')}
            data={[{ value: '', label: t('filters.allOperators') }, ...operators]}
            value={filters.operatorId ?? ''}
            onChange={(v) => setFilter('operatorId', v)}
            allowDeselect={false}
            searchable
          />
          <Text fz="xs" c="dimmed" pb={8}>
            {t('filters.timezone', { timezone: zoneLabel(timezone, i18n.language) })}
          </Text>
        </Group>
      </Card>
      {report.isPending ? (
        <CardSkeleton rows={6} />
      ) : report.isError || !data ? (
        <LoadError error={report.error} />
      ) : (
        <>
          <FeedbackSummary report={data} />
          {data.sent === 0 && data.notSent === 0 ? (
            <Card padding="xl">
              <Center>
                <Text c="dimmed" fz="sm" data-testid="feedback-empty">
                  {t('empty')}
                </Text>
              </Center>
            </Card>
          ) : (
            <>
              <FeedbackCharts report={data} />
              <FeedbackGroups report={data} />
            </>
          )}
          <FeedbackVerbatims acc={acc} filters={filters} />
        </>
      )}
    </Stack>
  );
}

import { Button, Card, Center, Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { refreshAccount, useSession, useAcc } from '../../app/session';
import { PageHeader } from '../../ui/page-header';
import { CardSkeleton } from '../../ui/card-skeleton';
import { LoadError } from '../../ui/load-error';
import { zoneLabel } from '../../app/time-zones';
import {
  chartPoints,
  PERIOD_PRESETS,
  periodFromParams,
  presetOf,
  presetPeriod,
  todayIn,
  type TPeriod,
  type TPeriodPreset,
} from './period';
import { openTranscript } from '../inbox/data/inbox-api';
import { downloadStatement, STATEMENT_PAGE_SIZE, useStatement } from './statement-api';
import { StatementChart } from './statement-chart';
import { StatementTable } from './statement-table';
import { planUsageOf } from '../../app/plan-usage';
import { StatementTotals } from './statement-totals';

const EXPORTS = [
  { format: 'csv', icon: IconFileTypeCsv, label: 'exportCsv' },
  { format: 'xlsx', icon: IconFileSpreadsheet, label: 'exportXlsx' },
] as const;

/** /acc/statement (admins): conversations counted against the plan in a period, per day, exportable. */
export function StatementPage() {
  const { t, i18n } = useTranslation('statement');
  const session = useSession();
  const acc = useAcc();
  const today = todayIn(session.account?.acc.timezone ?? 'America/Sao_Paulo');
  const usage = session.account ? planUsageOf(session.account) : null;
  const [params, setParams] = useSearchParams();
  const period = periodFromParams(params, today);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const preset = presetOf(period, today);
  const statement = useStatement(acc, period, page);
  // The plan's usage line reads the account's details: fresh ones, as the dashboard does.
  useEffect(() => {
    void refreshAccount();
  }, []);

  const setPeriod = (next: TPeriod, nextPage = 1) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.set('from', next.from);
        out.set('to', next.to);
        if (nextPage > 1) out.set('page', String(nextPage));
        else out.delete('page');
        return out;
      },
      { replace: true },
    );
  const onPreset = (value: string | null) => {
    if (value && value !== 'custom')
      setPeriod(presetPeriod(value as Exclude<TPeriodPreset, 'custom'>, today));
  };
  const onDate = (key: 'from' | 'to', value: string) => {
    const next = { ...period, [key]: value };
    if (value && next.from <= next.to) setPeriod(next);
  };
  const fail = (err: unknown) =>
    notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) });
  const download = useMutation({
    mutationFn: (format: 'csv' | 'xlsx') => downloadStatement(acc, period, format),
    onError: fail,
  });
  const exporting = download.isPending ? download.variables : null;
  const exportAs = (format: 'csv' | 'xlsx') => download.mutate(format);

  const data = statement.data;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / STATEMENT_PAGE_SIZE));

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
            onClick={() => exportAs(format)}
          >
            {t(label)}
          </Button>
        ))}
      />
      <Card padding="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            w={220}
            label={t('period.label')}
            data={PERIOD_PRESETS.map((p) => ({
              value: p,
              label: t(`period.${p}`),
              disabled: p === 'custom',
            }))}
            value={preset}
            onChange={onPreset}
            allowDeselect={false}
          />
          <TextInput
            type="date"
            w={170}
            label={t('period.from')}
            value={period.from}
            max={period.to}
            onChange={(e) => onDate('from', e.currentTarget.value)}
          />
          <TextInput
            type="date"
            w={170}
            label={t('period.to')}
            value={period.to}
            min={period.from}
            onChange={(e) => onDate('to', e.currentTarget.value)}
          />
          <Text fz="xs" c="dimmed" pb={8}>
            {t('period.timezone', {
              timezone: zoneLabel(session.account?.acc.timezone ?? 'America/Sao_Paulo', i18n.language),
            })}
          </Text>
        </Group>
      </Card>
      {statement.isPending ? (
        <CardSkeleton rows={6} />
      ) : statement.isError || !data ? (
        <LoadError error={statement.error} />
      ) : (
        <>
          <StatementTotals totals={data.totals} usage={usage} />
          <StatementChart points={chartPoints(period, data.totals.days, i18n.language)} />
          <Card padding={0}>
            {data.items.length === 0 ? (
              <Center py="xl" data-testid="statement-empty">
                <Text c="dimmed" fz="sm">
                  {t('empty')}
                </Text>
              </Center>
            ) : (
              <>
                <StatementTable
                  items={data.items}
                  onTranscript={(row) => openTranscript(acc, row._id).catch(fail)}
                />
                {pages > 1 && (
                  <Group justify="center" p="md">
                    <Pagination
                      total={pages}
                      value={page}
                      onChange={(p) => setPeriod(period, p)}
                      getItemProps={(n) => ({ 'aria-label': t('pagination.page', { page: n }) })}
                      getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
                    />
                  </Group>
                )}
              </>
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}

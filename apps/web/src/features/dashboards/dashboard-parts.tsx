import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv, IconInfoCircle } from '@tabler/icons-react';
import { hasRole, type TDashboardPeriod } from '@atende/shared';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatNumber } from '../../app/format';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { currentRole, useSession } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { downloadDashboard, type TDashboardRange, type TDashboardTable } from './dashboards-api';
import { formatDay } from '../../app/format';
import { changeOf } from './dashboard-format';
import { chartMax, countAxis } from '../../ui/count-axis';

/** "Data up to yesterday" (spec §9: D-1) and the period shown, in the account's time zone. */
export function DataNotice({ period }: { period: TDashboardPeriod }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const empty = period.to < period.from;
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} p="xs" data-testid="d1-notice">
      <Text fz="sm">
        {empty
          ? t('notice.empty')
          : t('notice.period', { from: formatDay(period.from, lang), to: formatDay(period.to, lang) })}{' '}
        {t('notice.d1')}{' '}
        {period.dataThrough
          ? t('notice.through', { date: formatDay(period.dataThrough, lang) })
          : t('notice.building')}
      </Text>
    </Alert>
  );
}

/** A figure with its change against the previous period (green when it went the good way). */
export function StatCard({
  label,
  value,
  current,
  previous,
  lowerIsBetter = false,
  testId,
}: {
  label: string;
  value: ReactNode;
  current?: number | null;
  previous?: number | null;
  lowerIsBetter?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('dashboard');
  const change = current === undefined ? null : changeOf(current, previous);
  const good = change !== null && (lowerIsBetter ? change < 0 : change > 0);
  return (
    <Card padding="md" data-testid={testId}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} mt={4}>
        {value}
      </Text>
      {change !== null ? (
        <Badge variant="light" color={change === 0 ? 'gray' : good ? 'green' : 'red'} mt={4}>
          {t('compare.change', { value: `${change > 0 ? '+' : ''}${change}%` })}
        </Badge>
      ) : (
        current !== undefined && (
          <Text fz="xs" c="dimmed" mt={6}>
            {t('compare.none')}
          </Text>
        )
      )}
    </Card>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}

/** A dashboard path with the date filter of the current address (the account is added by the link). */
function withRange(path: string, search: string): string {
  const keep = new URLSearchParams(search);
  keep.delete('acc');
  const query = keep.toString();
  return query ? `${path}?${query}` : path;
}

/** The dashboards a manager switches between (operators only have the main one). */
export function DashboardTabs() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const link = useAccLink();
  const location = useLocation();
  if (!hasRole(currentRole(session), 'manager')) return null;
  const tabs = [
    { path: '/dashboard', label: t('tabs.main') },
    { path: '/dashboard/marketing', label: t('tabs.marketing') },
    { path: '/dashboard/performance', label: t('tabs.performance') },
    { path: '/dashboard/agents', label: t('tabs.agents') },
    { path: '/legacy-dashboard', label: t('tabs.legacy') },
  ];
  const active = tabs.find((tab) => location.pathname.endsWith(tab.path))?.path ?? '/dashboard';
  // Links (each dashboard is its own page), drawn as tabs.
  return (
    <Group component="nav" gap={4} aria-label={t('tabs.label')}>
      {tabs.map((tab) => (
        <Button
          key={tab.path}
          component={Link}
          to={link(withRange(tab.path, location.search))}
          variant={tab.path === active ? 'light' : 'subtle'}
          color={tab.path === active ? 'brand' : 'gray'}
          size="sm"
          aria-current={tab.path === active ? 'page' : undefined}
        >
          {tab.label}
        </Button>
      ))}
    </Group>
  );
}

/** CSV and XLSX buttons for one of the dashboard's tables. */
export function ExportButtons({
  acc,
  range,
  table,
}: {
  acc: string;
  range: TDashboardRange;
  table: TDashboardTable;
}) {
  const { t } = useTranslation('dashboard');
  const download = useMutation({
    mutationFn: (format: 'csv' | 'xlsx') => downloadDashboard(acc, range, table, format),
    onError: (err) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
  });
  return (
    <Group gap="xs">
      {(
        [
          ['csv', IconFileTypeCsv],
          ['xlsx', IconFileSpreadsheet],
        ] as const
      ).map(([format, Icon]) => (
        <Button
          key={format}
          size="xs"
          variant="default"
          leftSection={<Icon size={14} />}
          loading={download.isPending && download.variables === format}
          onClick={() => download.mutate(format)}
        >
          {t(`export.${format}`)}
        </Button>
      ))}
    </Group>
  );
}

/** Conversations opened and closed per day. */
export function DaysChart({
  days,
  title,
}: {
  days: Array<{ date: string; opened: number; closed: number }>;
  title: string;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const data = days.map((d) => ({
    label: formatDay(d.date, lang, { day: '2-digit', month: 'short' }),
    opened: d.opened,
    closed: d.closed,
  }));
  return (
    <Card padding="lg" data-testid="days-chart">
      <Title order={2} fz="md" mb="md">
        {title}
      </Title>
      {data.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('empty')}
        </Text>
      ) : (
        <AreaChart
          aria-hidden
          h={220}
          data={data}
          dataKey="label"
          curveType="monotone"
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 36 }}
          yAxisProps={countAxis(chartMax(data, ['opened', 'closed']))}
          valueFormatter={(v) => formatNumber(v, lang)}
          series={[
            { name: 'opened', label: t('figures.opened'), color: 'brand.6' },
            { name: 'closed', label: t('figures.closed'), color: 'teal.6' },
          ]}
        />
      )}
    </Card>
  );
}

export function Section({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="md">
          {title}
        </Title>
        {actions}
      </Group>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

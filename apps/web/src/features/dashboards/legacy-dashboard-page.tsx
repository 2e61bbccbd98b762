import { Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { useAcc } from '../../app/session';
import { DashboardFrame } from './dashboard-frame';
import { DaysChart, ExportButtons, StatCard } from './dashboard-parts';
import { formatDuration } from './dashboard-format';
import { useDashboard } from './dashboards-api';
import { useDashboardRange } from './date-filter';
import { LiveCards } from './live-cards';

/** /legacy-dashboard (operators): the compact single-page overview of the main numbers. */
export function LegacyDashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const acc = useAcc();
  const [range, setRange] = useDashboardRange();
  const query = useDashboard('legacy', acc, range);
  return (
    <DashboardFrame titleKey="legacy" query={query} range={range} onRange={setRange}>
      {(data) => (
        <>
          <LiveCards live={data.live} />
          <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="md">
            <StatCard
              testId="legacy-opened"
              label={t('figures.opened')}
              value={formatNumber(data.totals.opened, lang)}
              current={data.totals.opened}
              previous={data.previous?.opened}
            />
            <StatCard
              label={t('figures.closed')}
              value={formatNumber(data.totals.closed, lang)}
              current={data.totals.closed}
              previous={data.previous?.closed}
            />
            <StatCard
              label={t('figures.messagesIn')}
              value={formatNumber(data.totals.messagesIn, lang)}
              current={data.totals.messagesIn}
              previous={data.previous?.messagesIn}
            />
            <StatCard
              label={t('figures.messagesOut')}
              value={formatNumber(data.totals.messagesOut, lang)}
              current={data.totals.messagesOut}
              previous={data.previous?.messagesOut}
            />
            <StatCard
              label={t('figures.firstResponseMedian')}
              value={formatDuration(data.totals.firstResponse.wall.median, lang)}
              current={data.totals.firstResponse.wall.median}
              previous={data.previous?.firstResponse.wall.median}
              lowerIsBetter
            />
            <StatCard
              label={t('figures.resolutionMedian')}
              value={formatDuration(data.totals.resolution.wall.median, lang)}
              current={data.totals.resolution.wall.median}
              previous={data.previous?.resolution.wall.median}
              lowerIsBetter
            />
          </SimpleGrid>
          <DaysChart days={data.days} title={t('main.days')} />
          <Group justify="flex-end" gap="sm">
            <Text fz="sm" c="dimmed">
              {t('legacy.export')}
            </Text>
            <ExportButtons acc={acc} range={range} table="days" />
          </Group>
        </>
      )}
    </DashboardFrame>
  );
}

import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Table, Title, VisuallyHidden } from '@mantine/core';
import type { TFeedbackReport } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { chartMax, countAxis } from '../../ui/count-axis';
import { BAR_MAX_WIDTH } from '../../ui/bar-width';

const groupOfNps = (score: number) => (score >= 9 ? 'high' : score >= 7 ? 'mid' : 'low');
const groupOfCsat = (score: number) => (score >= 4 ? 'high' : score === 3 ? 'mid' : 'low');

/** One row per score, its count under its group (detractors/passives/promoters), stacked by colour. */
function rowsOf(distribution: Array<{ score: number; count: number }>, groupOf: (s: number) => string) {
  return distribution.map((d) => ({
    score: String(d.score),
    count: d.count,
    low: 0,
    mid: 0,
    high: 0,
    [groupOf(d.score)]: d.count,
  }));
}

function periodLabel(period: string, lang: string): string {
  const [y, m, d] = period.split('-').map(Number);
  const date = new Date(Date.UTC(y, (m ?? 1) - 1, d ?? 1, 12));
  return d
    ? date.toLocaleDateString(lang, { day: '2-digit', month: 'short', timeZone: 'UTC' })
    : date.toLocaleDateString(lang, { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** A chart with the same figures in a hidden table (screen readers). */
function ChartCard({
  title,
  rows,
  columns,
  children,
  testId,
}: {
  title: string;
  rows: Array<Array<string | number>>;
  columns: string[];
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <Card padding="lg" data-testid={testId}>
      <Title order={2} fz="md" mb="md">
        {title}
      </Title>
      {children}
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={String(r[0])}>
                {r.map((cell, i) => (
                  <Table.Td key={columns[i]}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Card>
  );
}

/** Distribution of CSAT (1–5) and NPS (0–10) answers, and NPS/CSAT over time. */
export function FeedbackCharts({ report }: { report: TFeedbackReport }) {
  const { t, i18n } = useTranslation('surveys');
  const csat = rowsOf(report.csat.distribution, groupOfCsat);
  const nps = rowsOf(report.nps.distribution, groupOfNps);
  const series = (kind: 'csat' | 'nps') => [
    { name: 'low', label: t(`charts.${kind}.low`), color: 'red.6' },
    { name: 'mid', label: t(`charts.${kind}.mid`), color: 'yellow.6' },
    { name: 'high', label: t(`charts.${kind}.high`), color: 'teal.6' },
  ];
  const trend = report.trend.map((p) => ({ ...p, label: periodLabel(p.period, i18n.language) }));
  const answers = t('charts.answers');
  // A metric nobody answered (e.g. a CSAT-only account's NPS) gets no empty chart, unless neither has answers.
  const none = report.csat.answers === 0 && report.nps.answers === 0;
  const showCsat = none || report.csat.answers > 0;
  const showNps = none || report.nps.answers > 0;
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: showCsat && showNps ? 2 : 1 }}>
        {showCsat && (
          <ChartCard
            testId="feedback-csat-chart"
            title={t('charts.csatDistribution')}
            columns={[t('charts.score'), answers]}
            rows={csat.map((d) => [d.score, d.count])}
          >
            <BarChart
              maxBarWidth={BAR_MAX_WIDTH}
              h={200}
              data={csat}
              dataKey="score"
              type="stacked"
              withLegend
              legendProps={{ verticalAlign: 'bottom', height: 40 }}
              series={series('csat')}
              yAxisProps={countAxis(chartMax(csat, ['low', 'mid', 'high'], true))}
              aria-hidden
            />
          </ChartCard>
        )}
        {showNps && (
          <ChartCard
            testId="feedback-nps-chart"
            title={t('charts.npsDistribution')}
            columns={[t('charts.score'), answers]}
            rows={nps.map((d) => [d.score, d.count])}
          >
            <BarChart
              maxBarWidth={BAR_MAX_WIDTH}
              h={200}
              data={nps}
              dataKey="score"
              type="stacked"
              withLegend
              legendProps={{ verticalAlign: 'bottom', height: 40 }}
              series={series('nps')}
              yAxisProps={countAxis(chartMax(nps, ['low', 'mid', 'high'], true))}
              aria-hidden
            />
          </ChartCard>
        )}
      </SimpleGrid>
      <ChartCard
        testId="feedback-trend"
        title={t(report.trendUnit === 'month' ? 'charts.trendMonthly' : 'charts.trendDaily')}
        columns={[t('charts.period'), 'NPS', 'CSAT (%)', answers]}
        rows={trend.map((p) => [p.label, p.nps ?? '—', p.csat ?? '—', p.answers])}
      >
        <LineChart
          h={220}
          data={trend}
          dataKey="label"
          connectNulls
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 40 }}
          yAxisProps={{ domain: [-100, 100], ticks: [-100, -50, 0, 50, 100], interval: 0 }}
          series={[
            { name: 'nps', label: 'NPS', color: 'brand.6' },
            { name: 'csat', label: 'CSAT (%)', color: 'orange.6' },
          ]}
          aria-hidden
        />
      </ChartCard>
    </>
  );
}

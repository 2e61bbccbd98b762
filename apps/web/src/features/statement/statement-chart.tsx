import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Group, Table, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TChartPoint } from './period';
import { chartMax, countAxis } from '../../ui/count-axis';
import { BAR_MAX_WIDTH } from '../../ui/bar-width';

/** Conversations per day (or month), counted and not counted, stacked; a hidden table says the same. */
export function StatementChart({ points }: { points: TChartPoint[] }) {
  const { t } = useTranslation('statement');
  const title = t(points[0]?.key.length === 7 ? 'chart.titleMonthly' : 'chart.title');
  return (
    <Card padding="lg" data-testid="statement-chart">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="md">
          {title}
        </Title>
      </Group>
      <BarChart
        maxBarWidth={BAR_MAX_WIDTH}
        h={240}
        data={points}
        dataKey="label"
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'bottom', height: 40 }}
        tickLine="y"
        yAxisProps={countAxis(chartMax(points, ['counted', 'notCounted'], true))}
        barProps={{ radius: [3, 3, 0, 0] }}
        valueFormatter={(v) => String(v)}
        series={[
          { name: 'counted', label: t('totals.counted'), color: 'brand.6' },
          { name: 'notCounted', label: t('totals.notCounted'), color: 'orange.5' },
        ]}
        aria-hidden
      />
      <VisuallyHidden>
        <Table data-testid="statement-chart-table">
          <caption>{title}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.date')}</Table.Th>
              <Table.Th>{t('totals.counted')}</Table.Th>
              <Table.Th>{t('totals.notCounted')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((p) => (
              <Table.Tr key={p.key}>
                <Table.Td>{p.label}</Table.Td>
                <Table.Td>{p.counted}</Table.Td>
                <Table.Td>{p.notCounted}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Card>
  );
}

import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, RingProgress, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { useAcc } from '../../app/session';
import { DashboardFrame } from './dashboard-frame';
import { ExportButtons, Section, StatCard, StatGrid } from './dashboard-parts';
import { formatDay } from '../../app/format';
import { useDashboard } from './dashboards-api';
import { useDashboardRange } from './date-filter';
import { chartMax, countAxis } from '../../ui/count-axis';
import { BAR_MAX_WIDTH } from '../../ui/bar-width';

const SOURCE_COLORS = ['brand.6', 'teal.6', 'orange.5', 'grape.5', 'cyan.6'];
const SWATCH = (i: number) =>
  `var(--mantine-color-${SOURCE_COLORS[i % SOURCE_COLORS.length].replace('.', '-')})`;

/** /dashboard/marketing (managers): contacts growth by source and phase, opt-outs, conversations by origin. */
export function MarketingDashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const acc = useAcc();
  const [range, setRange] = useDashboardRange();
  const query = useDashboard('marketing', acc, range);
  return (
    <DashboardFrame titleKey="marketing" query={query} range={range} onRange={setRange}>
      {(data) => (
        <>
          <StatGrid>
            <StatCard
              testId="new-contacts"
              label={t('marketing.newContacts')}
              value={formatNumber(data.totals.newContacts, lang)}
              current={data.totals.newContacts}
              previous={data.previous?.newContacts}
            />
            <StatCard
              label={t('marketing.phaseEntries')}
              value={formatNumber(data.totals.phaseEntries, lang)}
              current={data.totals.phaseEntries}
              previous={data.previous?.phaseEntries}
            />
            <StatCard
              label={t('marketing.optOuts')}
              value={formatNumber(data.totals.optOuts, lang)}
              current={data.totals.optOuts}
              previous={data.previous?.optOuts}
              lowerIsBetter
            />
            <StatCard
              label={t('marketing.campaignConversations')}
              value={formatNumber(data.totals.campaignConversations, lang)}
              current={data.totals.campaignConversations}
              previous={data.previous?.campaignConversations}
            />
          </StatGrid>
          <Section
            title={t('marketing.growth')}
            actions={<ExportButtons acc={acc} range={range} table="marketing" />}
          >
            {data.days.length === 0 ? (
              <Text c="dimmed" fz="sm">
                {t('empty')}
              </Text>
            ) : (
              <BarChart
                maxBarWidth={BAR_MAX_WIDTH}
                aria-hidden
                h={220}
                data={data.days.map((d) => ({
                  ...d,
                  label: formatDay(d.date, lang, { day: '2-digit', month: 'short' }),
                }))}
                dataKey="label"
                withLegend
                legendProps={{ verticalAlign: 'bottom', height: 36 }}
                yAxisProps={countAxis(chartMax(data.days, ['newContacts', 'phaseEntries', 'optOuts']))}
                valueFormatter={(v) => formatNumber(v, lang)}
                series={[
                  { name: 'newContacts', label: t('marketing.newContacts'), color: 'brand.6' },
                  { name: 'phaseEntries', label: t('marketing.phaseEntries'), color: 'teal.6' },
                  { name: 'optOuts', label: t('marketing.optOuts'), color: 'red.5' },
                ]}
              />
            )}
          </Section>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            <Section title={t('marketing.bySource')}>
              {data.bySource.length === 0 ? (
                <Text c="dimmed" fz="sm">
                  {t('empty')}
                </Text>
              ) : (
                <Group justify="center">
                  <RingProgress
                    aria-hidden
                    size={150}
                    thickness={22}
                    sections={(() => {
                      const total = data.bySource.reduce((n, x) => n + x.count, 0) || 1;
                      return data.bySource.map((x, i) => ({
                        value: (x.count / total) * 100,
                        color: SOURCE_COLORS[i % SOURCE_COLORS.length],
                      }));
                    })()}
                  />
                  <Table withRowBorders={false} fz="sm" w="auto">
                    <Table.Tbody>
                      {data.bySource.map((s, i) => (
                        <Table.Tr key={s.source}>
                          <Table.Td>
                            <span
                              aria-hidden
                              style={{
                                display: 'inline-block',
                                width: 10,
                                height: 10,
                                borderRadius: 5,
                                marginRight: 6,
                                background: SWATCH(i),
                              }}
                            />
                            {t(`sources.${s.source}`, { defaultValue: s.source })}
                          </Table.Td>
                          <Table.Td ta="right">{formatNumber(s.count, lang)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Group>
              )}
            </Section>
            <Section title={t('marketing.byPhase')}>
              <Table fz="sm" data-testid="by-phase">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('marketing.phase')}</Table.Th>
                    <Table.Th ta="right">{t('marketing.newContacts')}</Table.Th>
                    <Table.Th ta="right">{t('marketing.phaseEntries')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.byPhase.map((p) => (
                    <Table.Tr key={p.phaseId ?? 'none'}>
                      <Table.Td>{p.name ?? t('marketing.noPhase')}</Table.Td>
                      <Table.Td ta="right">{formatNumber(p.newContacts, lang)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(p.entries, lang)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Section>
            <Section title={t('marketing.byOrigin')}>
              <Table fz="sm" data-testid="by-origin">
                <Table.Tbody>
                  {data.byOrigin.map((o) => (
                    <Table.Tr key={o.origin}>
                      <Table.Td>{t(`origins.${o.origin}`, { defaultValue: o.origin })}</Table.Td>
                      <Table.Td ta="right">{formatNumber(o.opened, lang)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Section>
          </SimpleGrid>
        </>
      )}
    </DashboardFrame>
  );
}

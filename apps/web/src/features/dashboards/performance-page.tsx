import { Button, Group, NumberInput, SegmentedControl, Table, Text } from '@mantine/core';
import { hasRole, type TDashboardPerformance, type TDashboardTargets } from '@atende/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { currentRole, useAcc, useSession } from '../../app/session';
import { DashboardFrame } from './dashboard-frame';
import { DaysChart, ExportButtons, Section, StatCard, StatGrid } from './dashboard-parts';
import { formatDuration, formatPercent } from './dashboard-format';
import { useDashboard, useSaveTargets } from './dashboards-api';
import { useDashboardRange } from './date-filter';
import { HeatmapGrid } from './heatmap-grid';

type TClock = 'wall' | 'business';

/** /dashboard/performance (managers): volumes by weekday and hour, response and resolution times, targets. */
export function PerformanceDashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const acc = useAcc();
  const [range, setRange] = useDashboardRange();
  const [clock, setClock] = useState<TClock>('wall');
  const query = useDashboard('performance', acc, range);
  return (
    <DashboardFrame titleKey="performance" query={query} range={range} onRange={setRange}>
      {(data) => (
        <>
          <Group justify="flex-end">
            <SegmentedControl
              size="xs"
              value={clock}
              onChange={(v) => setClock(v as TClock)}
              data={[
                { value: 'wall', label: t('performance.wall') },
                { value: 'business', label: t('performance.business') },
              ]}
            />
          </Group>
          <StatGrid>
            {(
              [
                ['firstResponse', 'median'],
                ['firstResponse', 'p90'],
                ['resolution', 'median'],
                ['resolution', 'p90'],
              ] as const
            ).map(([metric, stat]) => (
              <StatCard
                key={`${metric}-${stat}`}
                testId={`${metric}-${stat}`}
                label={t(`performance.${metric}.${stat}`)}
                value={formatDuration(data.totals[metric][clock][stat], lang)}
                current={data.totals[metric][clock][stat]}
                previous={data.previous?.[metric][clock][stat]}
                lowerIsBetter
              />
            ))}
          </StatGrid>
          <Section title={t('performance.heatmap')}>
            <HeatmapGrid cells={data.heatmap} />
          </Section>
          <TargetsCard acc={acc} data={data} />
          <Section
            title={t('performance.byChannel')}
            actions={<ExportButtons acc={acc} range={range} table="performance" />}
          >
            <Breakdown rows={data.byChannel} clock={clock} empty={t('performance.noChannel')} />
          </Section>
          <Section title={t('performance.byDepartment')}>
            <Breakdown rows={data.byDepartment} clock={clock} empty={t('performance.noDepartment')} />
          </Section>
          <DaysChart days={data.days} title={t('performance.days')} />
        </>
      )}
    </DashboardFrame>
  );
}

function Breakdown({
  rows,
  clock,
  empty,
}: {
  rows: TDashboardPerformance['byDepartment'];
  clock: TClock;
  empty: string;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  if (rows.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        {t('empty')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table fz="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('performance.name')}</Table.Th>
            <Table.Th ta="right">{t('figures.opened')}</Table.Th>
            <Table.Th ta="right">{t('figures.closed')}</Table.Th>
            <Table.Th ta="right">{t('performance.firstResponse.median')}</Table.Th>
            <Table.Th ta="right">{t('performance.firstResponse.p90')}</Table.Th>
            <Table.Th ta="right">{t('performance.resolution.median')}</Table.Th>
            <Table.Th ta="right">{t('performance.resolution.p90')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id ?? 'none'}>
              <Table.Td>{r.name ?? empty}</Table.Td>
              <Table.Td ta="right">{formatNumber(r.opened, lang)}</Table.Td>
              <Table.Td ta="right">{formatNumber(r.closed, lang)}</Table.Td>
              <Table.Td ta="right">{formatDuration(r.firstResponse[clock].median, lang)}</Table.Td>
              <Table.Td ta="right">{formatDuration(r.firstResponse[clock].p90, lang)}</Table.Td>
              <Table.Td ta="right">{formatDuration(r.resolution[clock].median, lang)}</Table.Td>
              <Table.Td ta="right">{formatDuration(r.resolution[clock].p90, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const toMinutes = (s: number | null) => (s === null ? '' : Math.round(s / 60));

/** The targets (minutes) and the share of the period within them; admins edit them. */
function TargetsCard({ acc, data }: { acc: string; data: TDashboardPerformance }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const admin = hasRole(currentRole(useSession()), 'admin');
  const save = useSaveTargets(acc);
  const [first, setFirst] = useState<number | string>(toMinutes(data.targets.firstResponseSeconds));
  const [resolution, setResolution] = useState<number | string>(toMinutes(data.targets.resolutionSeconds));
  useEffect(() => {
    setFirst(toMinutes(data.targets.firstResponseSeconds));
    setResolution(toMinutes(data.targets.resolutionSeconds));
  }, [data.targets.firstResponseSeconds, data.targets.resolutionSeconds]);
  const seconds = (v: number | string) => (v === '' || v === null ? null : Math.round(Number(v) * 60));
  const submit = () => {
    const body: TDashboardTargets = {
      firstResponseSeconds: seconds(first),
      resolutionSeconds: seconds(resolution),
    };
    save.mutate(body, {
      onSuccess: () => notify({ color: 'green', message: (t) => t('dashboard:performance.targets.saved') }),
      onError: (err) =>
        notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
    });
  };
  return (
    <Section title={t('performance.targets.title')}>
      <Text fz="sm" c="dimmed">
        {t('performance.targets.help')}
      </Text>
      <Group grow align="flex-start">
        <NumberInput
          label={t('performance.targets.firstResponse')}
          value={first}
          onChange={setFirst}
          min={1}
          max={43_200}
          allowDecimal={false}
          disabled={!admin}
          suffix=" min"
        />
        <NumberInput
          label={t('performance.targets.resolution')}
          value={resolution}
          onChange={setResolution}
          min={1}
          max={43_200}
          allowDecimal={false}
          disabled={!admin}
          suffix=" min"
        />
      </Group>
      <Group gap="lg" data-testid="within-target">
        <Text fz="sm">
          {t('performance.targets.withinFirst', {
            value: formatPercent(data.withinTarget.firstResponse, lang),
          })}
        </Text>
        <Text fz="sm">
          {t('performance.targets.withinResolution', {
            value: formatPercent(data.withinTarget.resolution, lang),
          })}
        </Text>
      </Group>
      {admin && (
        <Group justify="flex-end">
          <Button size="xs" onClick={submit} loading={save.isPending}>
            {t('performance.targets.save')}
          </Button>
        </Group>
      )}
    </Section>
  );
}

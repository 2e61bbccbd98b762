import { Box, Table, Text, Tooltip } from '@mantine/core';
import type { TDashboardPerformance } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** Conversations opened by weekday (Monday first, spec §9) and local hour, shaded by volume. */
export function HeatmapGrid({ cells }: { cells: TDashboardPerformance['heatmap'] }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const value = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c.opened]));
  const max = Math.max(1, ...cells.map((c) => c.opened));
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={2} fz="xs" data-testid="heatmap">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {HOURS.map((h) => (
              <Table.Th key={h} ta="center" fw={500} c="dimmed">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {WEEKDAYS.map((day, w) => (
            <Table.Tr key={day}>
              <Table.Td pr="xs">
                <Text fz="xs" c="dimmed">
                  {t(`weekdays.${day}`)}
                </Text>
              </Table.Td>
              {HOURS.map((h) => {
                const n = value.get(`${w}:${h}`) ?? 0;
                const label = t('performance.heatCell', {
                  day: t(`weekdays.${day}`),
                  hour: h,
                  count: n,
                  value: formatNumber(n, lang),
                });
                return (
                  <Table.Td key={h} p={1}>
                    <Tooltip label={label} withinPortal>
                      <Box
                        role="img"
                        aria-label={label}
                        h={22}
                        miw={22}
                        style={{
                          borderRadius: 4,
                          background: n
                            ? `color-mix(in srgb, var(--mantine-color-brand-6) ${Math.round(15 + (n / max) * 85)}%, transparent)`
                            : 'var(--mantine-color-gray-1)',
                        }}
                      />
                    </Tooltip>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

import { Card, Group, Progress, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMessages } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TStatement } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../app/format';
import { planUsageColor, type TPlanUsage } from '../../app/plan-usage';

/** One total: its icon and label, the number, and a line about it. */
function TotalCard({
  icon,
  color,
  label,
  value,
  valueColor,
  testId,
  children,
}: {
  icon: ReactNode;
  color?: string;
  label: string;
  value: string;
  valueColor?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card padding="lg">
      <Group gap="sm" mb={6}>
        <ThemeIcon variant="light" color={color} radius="xl">
          {icon}
        </ThemeIcon>
        <Text fz="sm" c="dimmed">
          {label}
        </Text>
      </Group>
      <Text fz={28} fw={700} c={valueColor} data-testid={testId}>
        {value}
      </Text>
      {children}
    </Card>
  );
}

/**
 * Counted / not counted / total in the chosen period; under the counted total, the plan's own
 * usage in its current period (the number the limit applies to, the same as the dashboard's and
 * the inbox's), not the chosen period's count set against it.
 */
export function StatementTotals({
  totals,
  usage,
}: {
  totals: TStatement['totals'];
  usage: TPlanUsage | null;
}) {
  const { t, i18n } = useTranslation('statement');
  const n = (v: number) => formatNumber(v, i18n.language);
  const planLine = usage
    ? t('totals.planPeriod', {
        used: n(usage.used),
        limit: n(usage.limit),
        start: formatDate(usage.periodStart, i18n.language),
        end: formatDate(usage.periodEnd, i18n.language),
      })
    : '';
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="statement-totals">
      <TotalCard
        icon={<IconCircleCheck size={18} />}
        label={t('totals.counted')}
        value={n(totals.counted)}
        testId="total-counted"
      >
        {usage && (
          <>
            <Text fz="xs" c="dimmed" mb={6} data-testid="plan-limit">
              {planLine}
            </Text>
            <Progress value={usage.percent} color={planUsageColor(usage.percent)} aria-label={planLine} />
          </>
        )}
      </TotalCard>
      <TotalCard
        icon={<IconAlertTriangle size={18} />}
        color="orange"
        label={t('totals.notCounted')}
        value={n(totals.notCounted)}
        valueColor={totals.notCounted > 0 ? 'orange.9' : undefined}
        testId="total-not-counted"
      >
        <Text fz="xs" c="dimmed">
          {t('totals.notCountedHelp')}
        </Text>
      </TotalCard>
      <TotalCard
        icon={<IconMessages size={18} />}
        color="gray"
        label={t('totals.total')}
        value={n(totals.counted + totals.notCounted)}
        testId="total-all"
      >
        <Text fz="xs" c="dimmed">
          {t('totals.totalHelp')}
        </Text>
      </TotalCard>
    </SimpleGrid>
  );
}

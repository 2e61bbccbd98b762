import { Card, Group, Progress, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMessages } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TStatement } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';

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

/** Counted / not counted / total in the period, against the plan's monthly limit. */
export function StatementTotals({
  totals,
  limit,
  monthly,
}: {
  totals: TStatement['totals'];
  /** The plan's conversations per month. */
  limit: number | null;
  /** The period lies in one month: the counted total can be compared with the limit. */
  monthly: boolean;
}) {
  const { t, i18n } = useTranslation('statement');
  const n = (v: number) => formatNumber(v, i18n.language);
  const share = limit ? Math.min(100, (totals.counted / limit) * 100) : 0;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="statement-totals">
      <TotalCard
        icon={<IconCircleCheck size={18} />}
        label={t('totals.counted')}
        value={n(totals.counted)}
        testId="total-counted"
      >
        {limit !== null && (
          <>
            <Text fz="xs" c="dimmed" mb={6} data-testid="plan-limit">
              {monthly
                ? t('totals.ofLimit', { used: n(totals.counted), limit: n(limit) })
                : t('totals.limitPerMonth', { limit: n(limit) })}
            </Text>
            {monthly && (
              <Progress
                value={share}
                color={share >= 100 ? 'red' : share >= 80 ? 'orange' : 'brand'}
                aria-label={t('totals.ofLimit', { used: n(totals.counted), limit: n(limit) })}
              />
            )}
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

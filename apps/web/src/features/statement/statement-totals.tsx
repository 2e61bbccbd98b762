import { Card, Group, Progress, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMessages } from '@tabler/icons-react';
import type { TStatement } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../billing/format';

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
      <Card padding="lg">
        <Group gap="sm" mb={6}>
          <ThemeIcon variant="light" radius="xl">
            <IconCircleCheck size={18} />
          </ThemeIcon>
          <Text fz="sm" c="dimmed">
            {t('totals.counted')}
          </Text>
        </Group>
        <Text fz={28} fw={700} data-testid="total-counted">
          {n(totals.counted)}
        </Text>
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
      </Card>
      <Card padding="lg">
        <Group gap="sm" mb={6}>
          <ThemeIcon variant="light" color="orange" radius="xl">
            <IconAlertTriangle size={18} />
          </ThemeIcon>
          <Text fz="sm" c="dimmed">
            {t('totals.notCounted')}
          </Text>
        </Group>
        <Text
          fz={28}
          fw={700}
          c={totals.notCounted > 0 ? 'orange.9' : undefined}
          data-testid="total-not-counted"
        >
          {n(totals.notCounted)}
        </Text>
        <Text fz="xs" c="dimmed">
          {t('totals.notCountedHelp')}
        </Text>
      </Card>
      <Card padding="lg">
        <Group gap="sm" mb={6}>
          <ThemeIcon variant="light" color="gray" radius="xl">
            <IconMessages size={18} />
          </ThemeIcon>
          <Text fz="sm" c="dimmed">
            {t('totals.total')}
          </Text>
        </Group>
        <Text fz={28} fw={700} data-testid="total-all">
          {n(totals.counted + totals.notCounted)}
        </Text>
        <Text fz="xs" c="dimmed">
          {t('totals.totalHelp')}
        </Text>
      </Card>
    </SimpleGrid>
  );
}

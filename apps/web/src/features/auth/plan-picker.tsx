import { Badge, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { PLANS, type TPlanId } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPrice } from '../../app/format';

/** The four plans as radio cards (setup). */
export function PlanPicker({
  value,
  onChange,
  error,
}: {
  value: TPlanId;
  onChange: (plan: TPlanId) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation('billing');
  return (
    <Radio.Group
      value={value}
      onChange={(v) => onChange(v as TPlanId)}
      label={t('auth:fields.plan')}
      error={error}
      required
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={6}>
        {PLANS.map((plan) => (
          <Radio.Card
            key={plan.id}
            value={plan.id}
            p="sm"
            radius="md"
            data-checked={value === plan.id || undefined}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={2}>
                <Group gap={6}>
                  <Text fw={650} fz="sm">
                    {t(`plans.${plan.id}.name`)}
                  </Text>
                  {plan.trialDays > 0 && (
                    <Badge size="xs" variant="light" color="brand">
                      {t('trialDays', { count: plan.trialDays })}
                    </Badge>
                  )}
                </Group>
                <Text fz="xs" c="dimmed">
                  {plan.price === 0 ? t('free') : `${formatPrice(plan.price, i18n.language)}${t('perMonth')}`}
                </Text>
                <Text fz="xs" c="dimmed">
                  {t('conversationsPerMonth', {
                    count: plan.planParameters.conversations,
                    formatted: formatNumber(plan.planParameters.conversations, i18n.language),
                  })}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

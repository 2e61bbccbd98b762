import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { TPlan } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { PageHeader } from '../../ui/page-header';
import { canStartTrial, isCurrentPlan, usePlans } from './billing-api';
import { formatDate, formatNumber, formatPrice } from '../../app/format';
import { trialInfo } from './trial';

function PlanCard({
  plan,
  current,
  trial,
  onTrial,
  trialEnd,
}: {
  plan: TPlan;
  current: boolean;
  trial: boolean;
  /** The account is trying this plan now. */
  onTrial: boolean;
  trialEnd?: string | null;
}) {
  const { t, i18n } = useTranslation('billing');
  const link = useAccLink();
  const featured = plan.id === 'pro';
  return (
    <Card
      padding="xl"
      data-testid={`plan-${plan.id}`}
      style={featured ? { borderColor: 'var(--mantine-color-brand-6)', borderWidth: 2 } : undefined}
      shadow={featured ? 'md' : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between">
          <Title order={2} fz="xl">
            {t(`plans.${plan.id}.name`)}
          </Title>
          {current ? (
            <Badge variant="filled" color="dark">
              {t('current')}
            </Badge>
          ) : onTrial ? (
            <Badge variant="filled" color="brand.8">
              {t('inTrial')}
            </Badge>
          ) : featured ? (
            <Badge variant="light">{t('popular')}</Badge>
          ) : null}
        </Group>
        <Text c="dimmed" fz="sm" mih={40}>
          {t(`plans.${plan.id}.description`)}
        </Text>
        <Group gap={4} align="baseline">
          <Text fz={32} fw={750} lh={1}>
            {plan.price === 0 ? t('free') : formatPrice(plan.price, i18n.language)}
          </Text>
          {plan.price > 0 && (
            <Text c="dimmed" fz="sm">
              {t('perMonth')}
            </Text>
          )}
        </Group>
        {onTrial && trialEnd ? (
          <Text fz="sm" fw={600} c="brand.8" mih={26}>
            {t('trialEnds', { date: formatDate(trialEnd, i18n.language) })}
          </Text>
        ) : plan.trialDays > 0 ? (
          <Badge variant="light" color="brand" size="lg" w="fit-content">
            {t('trialDays', { count: plan.trialDays })}
          </Badge>
        ) : (
          <Text fz="sm" c="dimmed" h={26}>
            {t('noTrial')}
          </Text>
        )}
        <List
          spacing="xs"
          fz="sm"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light">
              <IconCheck size={12} />
            </ThemeIcon>
          }
          style={{ flex: 1 }}
        >
          <List.Item>
            {t('conversationsPerMonth', {
              count: plan.planParameters.conversations,
              formatted: formatNumber(plan.planParameters.conversations, i18n.language),
            })}
          </List.Item>
          <List.Item>{t('chatbots', { count: plan.planParameters.chatbots })}</List.Item>
          <List.Item>{t('features.inbox')}</List.Item>
          <List.Item>{t('features.team')}</List.Item>
        </List>
        <Button
          component={Link}
          to={link(`/plans/checkout/${plan.id}`)}
          variant={featured ? 'filled' : 'default'}
          disabled={current}
          fullWidth
        >
          {current
            ? t('current')
            : trial
              ? t('startTrial')
              : plan.price === 0
                ? t('chooseFree')
                : t('choose')}
        </Button>
      </Stack>
    </Card>
  );
}

/** /plans: Free, Pro, Business and Advanced with their limits; Pro has a 7-day trial. */
export function PlansPage() {
  const { t } = useTranslation('billing');
  const session = useSession();
  const plans = usePlans();
  const details = session.account;
  const trial = trialInfo(details);
  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} description={t('subtitle')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {(plans.data ?? []).map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            current={isCurrentPlan(plan, details)}
            trial={canStartTrial(plan, details)}
            onTrial={trial.active && trial.planId === plan.id}
            trialEnd={trial.endDate}
          />
        ))}
      </SimpleGrid>
      <Text c="dimmed" fz="xs" ta="center">
        {t('footnote')}
      </Text>
    </Stack>
  );
}

import { useEffect } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  Progress,
  RingProgress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCircleCheckFilled,
  IconCircleDashed,
  IconPlugConnected,
  IconRobot,
  IconUsersPlus,
} from '@tabler/icons-react';
import { hasRole } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentRole, refreshAccount, useAcc, useSession } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { PageHeader } from '../../ui/page-header';
import { formatDate, formatNumber } from '../../app/format';
import { planUsageColor, planUsageOf } from '../../app/plan-usage';
import { trialInfo } from '../billing/trial';
import { CardSkeleton } from '../../ui/card-skeleton';
import { LoadError } from '../../ui/load-error';
import { useDashboard } from './dashboards-api';
import { DashboardTabs, DataNotice, DaysChart, StatCard, StatGrid } from './dashboard-parts';
import { DateFilter, useDashboardRange } from './date-filter';
import { formatDuration } from './dashboard-format';
import { LiveCards } from './live-cards';

/**
 * /dashboard (operators): today's queue (live), the user's own figures of the period with the
 * previous one, the plan and, until every step is done, the getting-started checklist computed
 * from the account's state (a channel, a published chatbot, a teammate).
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const session = useSession();
  const link = useAccLink();
  const role = currentRole(session);
  const admin = hasRole(role, 'admin');
  const details = session.account;
  const acc = useAcc();
  const [range, setRange] = useDashboardRange();
  const main = useDashboard('main', acc, range);

  useEffect(() => {
    void refreshAccount();
  }, []);

  if (!details) return null;
  const trial = trialInfo(details);
  const { used, limit, percent, periodStart, periodEnd } = planUsageOf(details);
  const lang = i18n.language;
  const firstName = (session.user?.displayName || session.user?.name || '').split(' ')[0];
  const checklist = main.data?.checklist;
  const steps = [
    {
      key: 'channel',
      icon: IconPlugConnected,
      to: '/settings',
      done: !!checklist?.channel,
      minRole: 'admin' as const,
    },
    {
      key: 'team',
      icon: IconUsersPlus,
      to: '/acc/users',
      done: !!checklist?.team,
      minRole: 'admin' as const,
    },
    {
      key: 'chatbot',
      icon: IconRobot,
      to: '/apps/chatbots',
      done: !!checklist?.chatbot,
      minRole: 'admin' as const,
    },
  ];
  const doneCount = steps.filter((s) => s.done).length;
  const showChecklist = !!checklist && doneCount < steps.length;
  const data = main.data;
  const yesterday = data?.period.dataThrough ?? data?.period.to ?? '';

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('greeting', { name: firstName })}
        description={t('subtitle', { account: details.acc.name })}
        actions={<DateFilter range={range} onChange={setRange} yesterday={yesterday} />}
      />
      <DashboardTabs />
      {main.isPending ? (
        <CardSkeleton rows={4} />
      ) : main.isError || !data ? (
        <LoadError error={main.error} />
      ) : (
        <>
          <LiveCards live={data.live} />
          <DataNotice period={data.period} />
          <Text fw={650}>{t('main.mine')}</Text>
          <StatGrid>
            <StatCard
              testId="mine-closed"
              label={t('figures.closed')}
              value={formatNumber(data.mine.closed, lang)}
              current={data.mine.closed}
              previous={data.minePrevious?.closed}
            />
            <StatCard
              label={t('figures.messagesOut')}
              value={formatNumber(data.mine.messagesOut, lang)}
              current={data.mine.messagesOut}
              previous={data.minePrevious?.messagesOut}
            />
            <StatCard
              label={t('figures.firstResponseMedian')}
              value={formatDuration(data.mine.firstResponse.wall.median, lang)}
              current={data.mine.firstResponse.wall.median}
              previous={data.minePrevious?.firstResponse.wall.median}
              lowerIsBetter
            />
            <StatCard
              label={t('figures.resolutionMedian')}
              value={formatDuration(data.mine.resolution.wall.median, lang)}
              current={data.mine.resolution.wall.median}
              previous={data.minePrevious?.resolution.wall.median}
              lowerIsBetter
            />
          </StatGrid>
          <DaysChart days={data.days} title={t('main.days')} />
        </>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card padding="lg" data-testid="plan-card">
          <Group justify="space-between" mb="xs">
            <Text fw={650}>{t('plan.title')}</Text>
            {trial.active ? (
              <Badge color="brand" variant="light" data-testid="trial-status">
                {t('plan.trialActive')}
              </Badge>
            ) : details.accFinancial.isPaying || details.acc.accIsPaying ? (
              <Badge color="green" variant="light" data-testid="trial-status">
                {t('plan.paying')}
              </Badge>
            ) : (
              <Badge color="gray" variant="light" data-testid="trial-status">
                {details.accPlan.trialEndDate ? t('plan.trialEnded') : t('plan.noTrial')}
              </Badge>
            )}
          </Group>
          <Title order={2} fz={28} mb={4}>
            {t(`billing:plans.${details.plan.id}.name`)}
          </Title>
          {trial.active ? (
            <Text c="dimmed" fz="sm" data-testid="trial-days">
              {t('plan.daysLeft', { count: trial.days, date: formatDate(trial.endDate, lang) })}
            </Text>
          ) : (
            <Text c="dimmed" fz="sm">
              {t('plan.chatbots', { count: details.plan.planParameters.chatbots })}
            </Text>
          )}
          {admin && (
            <Button component={Link} to={link('/plans')} variant="light" mt="md" w="fit-content">
              {t('plan.cta')}
            </Button>
          )}
        </Card>
        <Card padding="lg" data-testid="usage-card">
          <Text fw={650} mb="xs">
            {t('usage.title')}
          </Text>
          <Group align="center" gap="lg" wrap="nowrap">
            <RingProgress
              size={96}
              thickness={10}
              roundCaps
              sections={[{ value: percent, color: planUsageColor(percent) }]}
              label={
                <Text ta="center" fz="sm" fw={700}>
                  {percent}%
                </Text>
              }
            />
            <Stack gap={4} style={{ flex: 1 }}>
              <Text fz={22} fw={700} data-testid="usage-value">
                {t('usage.value', { used: formatNumber(used, lang), limit: formatNumber(limit, lang) })}
              </Text>
              <Text c="dimmed" fz="sm">
                {periodEnd
                  ? t('usage.period', {
                      start: formatDate(periodStart, lang),
                      end: formatDate(periodEnd, lang),
                    })
                  : t('usage.conversations')}
              </Text>
              <Progress value={percent} size="sm" aria-label={t('usage.title')} />
            </Stack>
          </Group>
        </Card>
      </SimpleGrid>
      {showChecklist && (
        <Card padding="lg" data-testid="checklist">
          <Group justify="space-between" mb="md">
            <div>
              <Text fw={650}>{t('checklist.title')}</Text>
              <Text c="dimmed" fz="sm">
                {t('checklist.subtitle')}
              </Text>
            </div>
            <Badge variant="light" size="lg">
              {t('checklist.progress', { done: doneCount, total: steps.length })}
            </Badge>
          </Group>
          <Stack gap="sm">
            {steps.map((step) => {
              const Icon = step.icon;
              const allowed = hasRole(role, step.minRole);
              return (
                <Card
                  key={step.key}
                  withBorder
                  padding="md"
                  radius="md"
                  bg={step.done ? 'gray.0' : undefined}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Group wrap="nowrap" gap="md">
                      <ThemeIcon variant="light" size={40} radius="md">
                        <Icon size={20} />
                      </ThemeIcon>
                      <div>
                        <Group gap={6}>
                          {step.done ? (
                            <IconCircleCheckFilled
                              size={16}
                              color="var(--mantine-color-green-7)"
                              aria-label={t('checklist.done')}
                            />
                          ) : (
                            <IconCircleDashed
                              size={16}
                              color="var(--mantine-color-gray-6)"
                              aria-hidden="true"
                            />
                          )}
                          <Text fw={600} fz="sm">
                            {t(`checklist.${step.key}.title`)}
                          </Text>
                        </Group>
                        <Text c="dimmed" fz="sm">
                          {t(`checklist.${step.key}.description`)}
                        </Text>
                      </div>
                    </Group>
                    {allowed && (
                      <Button
                        component={Link}
                        to={link(step.to)}
                        variant={step.done ? 'default' : 'light'}
                        size="xs"
                      >
                        {t(`checklist.${step.key}.cta`)}
                      </Button>
                    )}
                  </Group>
                </Card>
              );
            })}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

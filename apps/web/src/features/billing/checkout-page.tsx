import { useCallback, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Divider,
  Grid,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { findPlan, type TCouponQuote, type TPlanId } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { errorText } from '../../app/i18n';
import { refreshAccount, useSession, useAcc } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { PageHeader } from '../../ui/page-header';
import { canStartTrial, type TBillingPeriod, useChangePlan, useCheckoutInfo } from './billing-api';
import { formatNumber, formatPrice } from '../../app/format';
import { notify } from '../../app/notify';
import { CouponField } from './coupon-field';
import { CheckoutNote } from './checkout-note';

/** /plans/checkout/{plan}: order summary and payment through the configured provider (sandbox or Stripe). */
export function CheckoutPage() {
  const { t, i18n } = useTranslation('billing');
  const { plan: planId = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const link = useAccLink();
  const [period, setPeriod] = useState<TBillingPeriod>('monthly');
  const [quote, setQuote] = useState<TCouponQuote | null>(null);
  const onQuote = useCallback((q: TCouponQuote | null) => setQuote(q), []);
  const acc = useAcc();
  const plan = findPlan(planId);
  const checkoutInfo = useCheckoutInfo(acc);
  const change = useChangePlan(acc, {
    onSuccess: async (result, { plan: paid }) => {
      if (result.status === 'redirect' && result.url) {
        window.location.assign(result.url);
        return;
      }
      await refreshAccount();
      notify(
        result.status === 'trial'
          ? {
              color: 'green',
              title: (t) => t('billing:checkout.trialTitle'),
              message: (t) =>
                t('billing:checkout.trialStarted', {
                  plan: t(`billing:plans.${paid}.name`),
                  count: findPlan(paid)?.trialDays,
                }),
            }
          : {
              color: 'green',
              title: (t) => t('billing:checkout.successTitle'),
              message: (t) => t('billing:checkout.success', { plan: t(`billing:plans.${paid}.name`) }),
            },
      );
      navigate(link('/dashboard'), { replace: true });
    },
  });
  if (!plan) return <Navigate to="/error-404" replace />;
  const listTotal = period === 'yearly' ? plan.price * 10 : plan.price;
  const trial = canStartTrial(plan, session.account);
  // Issue 13: a coupon applies to paid checkouts only; its discount shows before paying.
  const couponable = !trial && plan.price > 0;
  const applied = couponable && quote?.amount === listTotal ? quote : null;
  const total = applied ? applied.total : listTotal;

  const pay = () => change.mutate({ plan: plan.id as TPlanId, period, coupon: applied?.code });
  const busy = change.isPending;
  const info = checkoutInfo.data;
  // Paid plans wait for the provider to be known, and cannot be bought when payments are off.
  const paid = !trial && plan.price > 0;
  const blocked = paid && !info?.available;
  const failure = change.error ?? (paid ? checkoutInfo.error : null);
  const error = failure ? errorText(t, failure) : null;

  return (
    <Stack gap="lg">
      <PageHeader title={t('checkout.title')} description={t('checkout.subtitle')} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card padding="xl">
            <Stack>
              <Text fw={650}>{t('checkout.period')}</Text>
              <SegmentedControl
                value={period}
                onChange={(v) => setPeriod(v as 'monthly' | 'yearly')}
                data={[
                  { value: 'monthly', label: t('checkout.monthly') },
                  { value: 'yearly', label: t('checkout.yearly') },
                ]}
                disabled={plan.price === 0 || trial}
              />
              {couponable && <CouponField acc={acc} planId={plan.id} period={period} onQuote={onQuote} />}
              <CheckoutNote
                info={info}
                loading={checkoutInfo.isPending}
                trialDays={trial ? plan.trialDays : null}
                free={plan.price === 0}
              />
              {error && (
                <Alert color="red" variant="light" role="alert">
                  {error}
                </Alert>
              )}
              <Button
                size="md"
                leftSection={<IconLock size={16} />}
                onClick={pay}
                loading={busy}
                disabled={blocked}
                data-testid="checkout-pay"
              >
                {trial
                  ? t('checkout.startTrial', { count: plan.trialDays })
                  : plan.price === 0
                    ? t('checkout.confirmFree')
                    : t(info?.provider === 'stripe' ? 'checkout.payStripe' : 'checkout.pay', {
                        amount: formatPrice(total, i18n.language),
                      })}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card padding="xl" bg="gray.0">
            <Stack gap="sm">
              <Text c="dimmed" fz="sm" fw={600} tt="uppercase">
                {t('checkout.summary')}
              </Text>
              <Title order={2} fz="xl">
                {t(`plans.${plan.id}.name`)}
              </Title>
              <Text fz="sm">
                {t('conversationsPerMonth', {
                  count: plan.planParameters.conversations,
                  formatted: formatNumber(plan.planParameters.conversations, i18n.language),
                })}
              </Text>
              <Text fz="sm">{t('chatbots', { count: plan.planParameters.chatbots })}</Text>
              <Divider />
              {applied && (
                <>
                  <Group justify="space-between">
                    <Text fz="sm">{t('checkout.subtotal')}</Text>
                    <Text fz="sm">{formatPrice(applied.amount, i18n.language)}</Text>
                  </Group>
                  <Group justify="space-between">
                    <Text fz="sm">{t('checkout.discount', { code: applied.code })}</Text>
                    <Text fz="sm" fw={600} data-testid="checkout-discount">
                      −{formatPrice(applied.discount, i18n.language)}
                    </Text>
                  </Group>
                </>
              )}
              <Group justify="space-between">
                <Text fw={600}>{trial ? t('checkout.dueToday') : t('checkout.total')}</Text>
                <Text fw={750} fz="lg" data-testid="checkout-total">
                  {trial
                    ? formatPrice(0, i18n.language)
                    : plan.price === 0
                      ? t('free')
                      : formatPrice(total, i18n.language)}
                  {plan.price > 0 && !trial && (
                    <Text span c="dimmed" fz="sm" fw={400}>
                      {period === 'yearly' ? t('perYear') : t('perMonth')}
                    </Text>
                  )}
                </Text>
              </Group>
              {trial && (
                <Text c="dimmed" fz="sm" ta="right">
                  {t('checkout.afterTrial', {
                    count: plan.trialDays,
                    amount: `${formatPrice(plan.price, i18n.language)}${t('perMonth')}`,
                  })}
                </Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import type { TCheckoutInfo } from '@atende/shared';
import { useTranslation } from 'react-i18next';

/**
 * What paying does on this installation (issue 13): a trial note, the sandbox note (nothing is
 * charged), Stripe's hosted payment page, or – in production without Stripe – that payments are off.
 */
export function CheckoutNote({
  info,
  loading,
  trialDays,
  free,
}: {
  info: TCheckoutInfo | undefined;
  loading: boolean;
  trialDays: number | null;
  free: boolean;
}) {
  const { t } = useTranslation('billing');
  if (trialDays !== null)
    return (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
        {t('checkout.trialNote', { count: trialDays })}
      </Alert>
    );
  if (free)
    return (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
        {t('checkout.freeNote')}
      </Alert>
    );
  if (!info) {
    if (!loading) return null;
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text fz="sm" c="dimmed">
          {t('checkout.loadingProvider')}
        </Text>
      </Group>
    );
  }
  if (!info.available)
    return (
      <Alert
        variant="light"
        color="yellow"
        icon={<IconAlertTriangle size={18} />}
        data-testid="checkout-note"
      >
        {t('checkout.unavailable')}
      </Alert>
    );
  if (info.sandbox)
    return (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} data-testid="checkout-note">
        {t('checkout.sandbox')}
      </Alert>
    );
  return (
    <Alert
      variant="light"
      color="indigo"
      icon={<IconCreditCard size={18} />}
      title={t('checkout.stripeTitle')}
      data-testid="checkout-note"
    >
      {t('checkout.stripe')}
    </Alert>
  );
}

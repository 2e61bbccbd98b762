import { useEffect, useState } from 'react';
import { Button, TextInput } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import type { TCouponQuote } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { type TBillingPeriod, useCouponQuote } from './billing-api';

/**
 * The checkout's coupon (issue 13): the admin types a code and applies it; the server answers the
 * discount on this plan and period (shown in the summary before paying) or 'Cupom inválido'.
 */
export function CouponField({
  acc,
  planId,
  period,
  onQuote,
}: {
  acc: string;
  planId: string;
  period: TBillingPeriod;
  onQuote: (quote: TCouponQuote | null) => void;
}) {
  const { t } = useTranslation('billing');
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<string | null>(null);
  const quote = useCouponQuote(acc, planId, period, applied);
  const current = applied && quote.isSuccess ? quote.data : null;
  useEffect(() => onQuote(current), [current, onQuote]);

  const apply = () => {
    const value = code.trim();
    if (value) setApplied(value);
  };
  const remove = () => {
    setApplied(null);
    setCode('');
  };
  return (
    <TextInput
      label={t('checkout.coupon')}
      placeholder={t('checkout.couponPlaceholder')}
      leftSection={<IconTicket size={16} />}
      value={code}
      onChange={(e) => {
        setCode(e.currentTarget.value);
        if (applied) setApplied(null);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      maxLength={40}
      error={applied && quote.isError ? errorText(t, quote.error) : undefined}
      description={current ? t('checkout.couponApplied', { code: current.code }) : undefined}
      data-testid="coupon-input"
      rightSectionWidth={100}
      rightSection={
        current ? (
          <Button size="compact-sm" variant="subtle" color="gray" onClick={remove}>
            {t('checkout.removeCoupon')}
          </Button>
        ) : (
          <Button
            size="compact-sm"
            variant="light"
            onClick={apply}
            loading={quote.isFetching}
            disabled={!code.trim()}
          >
            {t('checkout.applyCoupon')}
          </Button>
        )
      }
    />
  );
}

import { Alert } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * Back from Stripe's payment page (`?sms=success` or `?sms=cancel`): what happened to the SMS
 * credit purchase. After paying, the credit arrives when Stripe confirms (`waiting`: a purchase is
 * still pending); leaving the page charged nothing. Closing the notice drops `sms` from the URL.
 */
export function SmsPurchaseNotice({ waiting }: { waiting: boolean }) {
  const { t } = useTranslation('campaigns');
  const [params, setParams] = useSearchParams();
  const outcome = params.get('sms');
  if (outcome !== 'success' && outcome !== 'cancel') return null;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('sms');
        return next;
      },
      { replace: true },
    );
  const success = outcome === 'success';
  return (
    <Alert
      variant="light"
      color={success ? 'green' : 'gray'}
      icon={success ? <IconCircleCheck size={18} /> : <IconInfoCircle size={18} />}
      title={t(success ? 'sms.notice.successTitle' : 'sms.notice.cancelTitle')}
      withCloseButton
      closeButtonLabel={t('common:close')}
      onClose={close}
      data-testid="sms-purchase-notice"
    >
      {success ? t(waiting ? 'sms.notice.successWaiting' : 'sms.notice.successDone') : t('sms.notice.cancel')}
    </Alert>
  );
}

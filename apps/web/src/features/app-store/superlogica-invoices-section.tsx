import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../app/format';
import { useSuperlogicaInvoices } from './app-store-api';

/**
 * The contact panel's Superlógica section (the app's 'contact-panel' slot): the contact's open
 * invoices, shown only when the account has the app and the contact came from Superlógica.
 */
export function SuperlogicaInvoicesSection({ acc, contactId }: { acc: string; contactId: string }) {
  const { t, i18n } = useTranslation('app-store');
  const query = useSuperlogicaInvoices(acc, contactId);
  const data = query.data;
  if (!data?.installed || !data.customerId) return null;
  return (
    <Stack gap={6} data-testid="superlogica-invoices">
      <Text fz="xs" fw={600} tt="uppercase" c="dimmed">
        {t('superlogica.invoicesTitle')}
      </Text>
      {data.failed ? (
        <Text fz="sm" c="red.8">
          {t('superlogica.invoicesFailed')}
        </Text>
      ) : data.invoices.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('superlogica.noInvoices')}
        </Text>
      ) : (
        data.invoices.map((invoice) => (
          <Group key={invoice.id} justify="space-between" wrap="nowrap" gap="xs">
            <Text fz="sm">{t('superlogica.dueOn', { date: invoice.dueDate })}</Text>
            <Group gap="xs" wrap="nowrap">
              <Text fz="sm" fw={500}>
                {formatPrice(Math.round(invoice.amount * 100), i18n.language)}
              </Text>
              {invoice.link && (
                <Anchor href={invoice.link} target="_blank" rel="noreferrer" fz="sm">
                  {t('superlogica.secondCopy')}
                </Anchor>
              )}
            </Group>
          </Group>
        ))
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCreditCard, IconMessage } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate, formatNumber, formatPrice } from '../../app/format';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { LoadError } from '../../ui/load-error';
import { buySmsCredit, pendingPurchase, smsCreditKey, useSmsCredit } from './campaigns-api';
import { SmsPurchaseNotice } from './sms-purchase-notice';

/**
 * Admins: the SMS balance, its history, and buying a credit package (sandbox unless Stripe is set:
 * then the browser goes to Stripe's page and comes back here with ?sms=success or ?sms=cancel).
 */
export function SmsCreditCard({ acc }: { acc: string }) {
  const { t, i18n } = useTranslation('campaigns');
  const lang = i18n.language;
  const [params] = useSearchParams();
  const credit = useSmsCredit(acc, { waitForPayment: params.get('sms') === 'success' });
  const queryClient = useQueryClient();
  const [buying, setBuying] = useState(false);
  const [redirecting, setRedirecting] = useState<string | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const buy = useMutation({
    mutationFn: (packageId: string) => buySmsCredit(acc, packageId),
    onSuccess: async (result, packageId) => {
      // Stripe: pay on its page; back at /apps/campaigns?sms=success|cancel (SmsPurchaseNotice).
      if (result.status === 'redirect' && result.url) {
        setRedirecting(packageId);
        window.location.assign(result.url);
        return;
      }
      const pack = credit.data?.packages.find((p) => p.id === packageId);
      notify({
        color: 'green',
        message: (t) =>
          `${t('campaigns:sms.bought', { count: pack?.credits ?? 0 })}${result.sandbox ? ` ${t('campaigns:sms.sandbox')}` : ''}`,
      });
      setBuying(false);
      await queryClient.invalidateQueries({ queryKey: smsCreditKey(acc) });
    },
    onError: (error) => notify({ color: 'red', message: (t) => errorText(t, error) }),
  });
  if (credit.isError) return <LoadError error={credit.error} />;
  const data = credit.data;
  return (
    <>
      <SmsPurchaseNotice waiting={!data || pendingPurchase(data)} />
      <Card withBorder data-testid="sms-credit">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <IconMessage size={22} aria-hidden />
            <Stack gap={0}>
              <Text fw={600}>{t('sms.title')}</Text>
              <Text fz="sm" c="dimmed">
                {t('sms.help')}
              </Text>
            </Stack>
          </Group>
          <Group gap="sm">
            <Title order={3} fz={22} data-testid="sms-balance">
              {data ? t('sms.balance', { count: formatNumber(data.balance, lang) }) : ''}
            </Title>
            <Button variant="default" onClick={() => setShowHistory((v) => !v)}>
              {t('sms.history')}
            </Button>
            <Button
              leftSection={<IconCreditCard size={16} />}
              onClick={() => setBuying(true)}
              data-testid="sms-buy"
            >
              {t('sms.buy')}
            </Button>
          </Group>
        </Group>
        {showHistory && data && (
          <Table mt="md" data-testid="sms-history">
            <Table.Tbody>
              {data.history.length === 0 ? (
                <Table.Tr>
                  <Table.Td c="dimmed">{t('sms.noHistory')}</Table.Td>
                </Table.Tr>
              ) : (
                data.history.map((entry) => (
                  <Table.Tr key={entry._id}>
                    <Table.Td>{formatDate(entry.createdAt, lang, true)}</Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        <Badge variant="light" color={entry.amount >= 0 ? 'green' : 'gray'}>
                          {t(`sms.kind.${entry.kind}`)}
                        </Badge>
                        {entry.status !== 'done' && (
                          <Badge variant="outline" color={entry.status === 'pending' ? 'yellow' : 'gray'}>
                            {t(`sms.status.${entry.status === 'pending' ? 'pending' : 'canceled'}`)}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{`${entry.amount > 0 ? '+' : ''}${formatNumber(entry.amount, lang)}`}</Table.Td>
                    <Table.Td ta="right" c="dimmed">
                      {entry.balanceAfter === null ? '' : formatNumber(entry.balanceAfter, lang)}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        )}
        <Modal opened={buying} onClose={() => setBuying(false)} title={t('sms.buyTitle')} centered size="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {(data?.packages ?? []).map((pack) => (
              <Card key={pack.id} withBorder>
                <Stack gap="xs" align="center">
                  <Text fw={700}>{t('sms.package', { credits: formatNumber(pack.credits, lang) })}</Text>
                  <Text c="dimmed">{formatPrice(pack.price, lang)}</Text>
                  <Button
                    fullWidth
                    loading={(buy.isPending && buy.variables === pack.id) || redirecting === pack.id}
                    disabled={redirecting !== null && redirecting !== pack.id}
                    onClick={() => buy.mutate(pack.id)}
                    data-testid={`sms-buy-${pack.id}`}
                  >
                    {t('sms.buyPackage')}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Modal>
      </Card>
    </>
  );
}

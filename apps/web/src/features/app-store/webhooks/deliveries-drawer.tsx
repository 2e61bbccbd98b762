import { useState } from 'react';
import { Badge, Button, Code, Drawer, Select, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  type TWebhookDelivery,
  type TWebhookEndpoint,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_LIMITS,
} from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/format';
import { errorText } from '../../../app/i18n';
import { notify } from '../../../app/notify';
import { useAcc } from '../../../app/session';
import { ListPager } from '../../../ui/list-pager';
import { EmptyLine } from '../../../ui/list-state';
import { ExpandToggle, LogTable } from '../../../ui/log-table';
import { useKeptWhileClosing } from '../../../ui/use-kept-while-closing';
import {
  appStoreKey,
  DELIVERIES_PAGE_SIZE,
  endpointDeliveriesKey,
  replayDelivery,
  type TList,
  useDeliveries,
} from '../app-store-api';

const COLORS: Record<TWebhookDelivery['status'], string> = {
  pending: 'gray',
  sending: 'blue',
  retrying: 'yellow',
  success: 'green',
  failed: 'red',
};

/** An endpoint's delivery log: status, attempts, HTTP answer, latency; a row opens its details; replay. */
export function DeliveriesDrawer({
  endpoint,
  onClose,
}: {
  endpoint: TWebhookEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('app-store');
  // Closing clears the endpoint: its log stays while the drawer slides out.
  const shown = useKeptWhileClosing(endpoint);
  return (
    <Drawer
      opened={Boolean(endpoint)}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('webhooks.deliveriesTitle')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {shown && <DeliveryLog key={shown._id} endpoint={shown} />}
    </Drawer>
  );
}

function DeliveryLog({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const { t, i18n } = useTranslation('app-store');
  const acc = useAcc();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const log = useDeliveries(acc, endpoint._id, { status: status ?? undefined, page });
  const replay = async (delivery: TWebhookDelivery) => {
    try {
      const queued = await replayDelivery(acc, delivery._id);
      // The row reads as queued at once (no previous answer beside it) until the new result comes.
      queryClient.setQueriesData<TList<TWebhookDelivery>>(
        { queryKey: endpointDeliveriesKey(acc, endpoint._id) },
        (data) => data && { ...data, items: data.items.map((d) => (d._id === queued._id ? queued : d)) },
      );
      notify({ color: 'green', message: (t) => t('app-store:webhooks.replayed') });
    } catch (err) {
      notify({ color: 'red', message: (t) => errorText(t, err) });
    }
    await queryClient.invalidateQueries({ queryKey: appStoreKey(acc) });
  };

  return (
    <Stack gap="md">
      <Text fz="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {endpoint.url}
      </Text>
      <Text fz="xs" c="dimmed" data-testid="deliveries-kept">
        {t('webhooks.logKept', { days: WEBHOOK_LIMITS.logDays })}
      </Text>
      <Select
        w={240}
        label={t('webhooks.filterStatus')}
        clearable
        placeholder={t('all')}
        data={WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`deliveryStatus.${s}`) }))}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      <LogTable
        query={log}
        skeletonRows={4}
        empty={
          <EmptyLine testId="deliveries-empty" py="lg">
            {t('webhooks.noDeliveries')}
          </EmptyLine>
        }
        testId="deliveries-table"
        minWidth={640}
        columns={[
          { label: t('webhooks.columns.event') },
          { label: t('webhooks.columns.status'), w: 150 },
          { label: t('webhooks.columns.response'), w: 110 },
          { label: t('webhooks.columns.when'), w: 150 },
          { label: t('webhooks.columns.actions'), w: 110, hidden: true },
        ]}
        rowTestId="delivery-row"
        cells={(d, open) => (
          <>
            <Table.Td>
              <ExpandToggle open={open}>
                {t(`events.${d.event}`, { defaultValue: t('events.other') })}
              </ExpandToggle>
              <Text fz="xs" c="dimmed">
                {t('webhooks.attempts', { count: d.attempts })}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge color={COLORS[d.status]} variant="light" data-testid="delivery-status">
                {t(`deliveryStatus.${d.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{d.responseStatus ?? '—'}</Text>
              <Text fz="xs" c="dimmed">
                {d.latencyMs === null ? '' : t('ms', { value: d.latencyMs })}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{formatDate(d.createdAt, i18n.language, true)}</Text>
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} />}
                onClick={(e) => {
                  e.stopPropagation();
                  void replay(d);
                }}
              >
                {t('webhooks.replay')}
              </Button>
            </Table.Td>
          </>
        )}
        details={(d) => <DeliveryDetails delivery={d} />}
        footer={(data) => (
          <ListPager count={data.count} limit={DELIVERIES_PAGE_SIZE} page={page} onChange={setPage} />
        )}
      />
    </Stack>
  );
}

/** What a delivery's row opens: the error, the next attempt, the answer's excerpt and the payload sent. */
function DeliveryDetails({ delivery: d }: { delivery: TWebhookDelivery }) {
  const { t, i18n } = useTranslation('app-store');
  return (
    <Stack gap={6}>
      {d.error && (
        <Text fz="xs" c="red.8">
          {t('webhooks.error', { error: d.error })}
        </Text>
      )}
      {d.nextAttemptAt && (
        <Text fz="xs">
          {t('webhooks.nextAttempt', {
            when: formatDate(d.nextAttemptAt, i18n.language, true),
          })}
        </Text>
      )}
      <Text fz="xs" fw={500}>
        {t('webhooks.responseExcerpt')}
      </Text>
      <Code block>{d.responseExcerpt || '—'}</Code>
      <Text fz="xs" fw={500}>
        {t('webhooks.payload')}
      </Text>
      <Code block style={{ maxHeight: 240, overflow: 'auto' }}>
        {JSON.stringify(d.payload, null, 2)}
      </Code>
    </Stack>
  );
}

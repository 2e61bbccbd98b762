import { useState } from 'react';
import { Badge, Button, Card, Group, Menu, Stack, Table, Text, Title } from '@mantine/core';
import { IconDots, IconList, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type TWebhookEndpoint, WEBHOOK_LIMITS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify';
import { useAcc } from '../../../app/session';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { DataTable } from '../../../ui/data-table';
import { EmptyLine, ListState } from '../../../ui/list-state';
import {
  appStoreKey,
  deleteEndpoint,
  rotateEndpointSecret,
  saveEndpoint,
  useEndpoints,
} from '../app-store-api';
import { DeliveriesDrawer } from './deliveries-drawer';
import { EndpointModal } from './endpoint-modal';
import { SecretModal } from './secret-modal';

/** The Webhooks app's endpoints: add/edit, the delivery log of each, secret rotation, removal. */
export function WebhooksPanel() {
  const { t } = useTranslation('app-store');
  const acc = useAcc();
  const queryClient = useQueryClient();
  const endpoints = useEndpoints(acc);
  const [editing, setEditing] = useState<TWebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<TWebhookEndpoint | null>(null);
  // The confirmations keep their texts (the URL) while they fade out (ConfirmModal).
  const [removing, setRemoving] = useState<TWebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<TWebhookEndpoint | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: appStoreKey(acc) });

  return (
    <Card withBorder padding="lg" data-testid="webhooks-panel">
      <Group justify="space-between" mb="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {t('webhooks.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('webhooks.subtitle')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('webhooks.add')}
        </Button>
      </Group>
      <ListState
        query={endpoints}
        skeletonRows={2}
        empty={
          <EmptyLine testId="endpoints-empty" py="md">
            {t('webhooks.empty')}
          </EmptyLine>
        }
      >
        {(list) => (
          <DataTable
            testId="endpoints-table"
            minWidth={640}
            columns={[
              { label: t('webhooks.columns.url') },
              { label: t('webhooks.columns.events'), w: 120 },
              { label: t('webhooks.columns.state'), w: 110 },
              { label: t('webhooks.columns.actions'), w: 170, hidden: true },
            ]}
          >
            {list.map((e) => (
              <Table.Tr key={e._id} data-testid="endpoint-row">
                <Table.Td>
                  <Text fz="sm" ff="monospace" lineClamp={1} style={{ wordBreak: 'break-all' }}>
                    {e.url}
                  </Text>
                  {e.description && (
                    <Text fz="xs" c="dimmed">
                      {e.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{t('webhooks.eventCount', { count: e.events.length })}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={e.enabled ? 'green' : 'gray'} variant="light">
                    {t(e.enabled ? 'webhooks.on' : 'webhooks.off')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconList size={14} />}
                      onClick={() => setLog(e)}
                    >
                      {t('webhooks.deliveries')}
                    </Button>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="gray"
                          px={6}
                          aria-label={t('webhooks.moreActions')}
                        >
                          <IconDots size={16} />
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => setEditing(e)}>{t('webhooks.edit')}</Menu.Item>
                        <Menu.Item onClick={() => setRotating(e)}>{t('webhooks.rotate')}</Menu.Item>
                        <Menu.Item color="red" onClick={() => setRemoving(e)}>
                          {t('webhooks.remove')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </ListState>
      <EndpointModal
        opened={editing !== null}
        endpoint={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSave={async (body) => {
          const saved = await saveEndpoint(acc, editing === 'new' || !editing ? null : editing._id, body);
          setEditing(null);
          if (saved.secret) setSecret(saved.secret);
          else notify({ color: 'green', message: (t) => t('app-store:webhooks.saved') });
          await refresh();
        }}
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <DeliveriesDrawer endpoint={log} onClose={() => setLog(null)} />
      <ConfirmModal
        opened={rotating !== null}
        title={t('webhooks.rotateTitle')}
        message={t('webhooks.rotateConfirm', {
          url: rotating?.url ?? '',
          hours: WEBHOOK_LIMITS.retryWindowHours,
        })}
        confirm={t('webhooks.rotate')}
        onClose={() => setRotating(null)}
        onConfirm={async () => {
          if (!rotating) return;
          const rotated = await rotateEndpointSecret(acc, rotating._id);
          setRotating(null);
          setSecret(rotated.secret ?? null);
        }}
      />
      <ConfirmModal
        opened={removing !== null}
        title={t('webhooks.removeTitle')}
        message={t('webhooks.removeConfirm', { url: removing?.url ?? '' })}
        confirm={t('webhooks.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await deleteEndpoint(acc, removing._id);
          setRemoving(null);
          notify({ color: 'green', message: (t) => t('app-store:webhooks.removed') });
          await refresh();
        }}
      />
    </Card>
  );
}

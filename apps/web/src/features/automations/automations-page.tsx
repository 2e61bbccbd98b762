import { ActionIcon, Button, Card, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconBolt, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAutomationListItem } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../app/format';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useAcc } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { CardSkeleton } from '../../ui/card-skeleton';
import { ConfirmDelete } from '../../ui/confirm-modal';
import { DataTable, DimmedCell } from '../../ui/data-table';
import { EmptyCard } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { PageHeader } from '../../ui/page-header';
import { EditDeleteActions } from '../../ui/row-action';
import { triggerText } from './automation-builder';
import {
  automationsKey,
  deleteAutomation,
  reorderAutomations,
  setAutomationActive,
  useAutomations,
} from './automations-api';
import classes from './automations-page.module.css';

/** /apps/automation: the account's rules in their order, each with its trigger, switch, last fire, fires and errors (7 days). */
export function AutomationsPage() {
  const { t, i18n } = useTranslation('automations');
  const acc = useAcc();
  const link = useAccLink();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useAutomations(acc);
  const [deleting, setDeleting] = useState<TAutomationListItem | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: automationsKey(acc) });
  const fail = (error: unknown) => notify({ color: 'red', message: (t) => errorText(t, error) });
  const toggle = useMutation({
    mutationFn: (v: { id: string; active: boolean }) => setAutomationActive(acc, v.id, v.active),
    onSuccess: refresh,
    onError: fail,
  });
  const reorder = useMutation({
    mutationFn: (ids: string[]) => reorderAutomations(acc, ids),
    onSuccess: refresh,
    onError: fail,
  });
  const items = list.data?.items ?? [];
  const move = (from: number, to: number) => {
    const ids = items.map((r) => r._id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id);
    reorder.mutate(ids);
  };
  const full = !!list.data && items.length >= list.data.limit;
  const newButton = (
    <Button
      component={Link}
      to={link('/apps/new-automation')}
      leftSection={<IconPlus size={16} />}
      disabled={full}
      data-testid="new-automation"
    >
      {t('new')}
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} description={t('subtitle')} actions={newButton} />
      {list.isPending ? (
        <CardSkeleton rows={5} />
      ) : list.isError ? (
        <LoadError error={list.error} />
      ) : items.length === 0 ? (
        <EmptyCard
          testId="automations-empty"
          icon={<IconBolt size={40} color="var(--mantine-color-gray-5)" aria-hidden />}
          title={t('emptyTitle')}
          text={t('empty')}
          maw={480}
          action={newButton}
        />
      ) : (
        <Card padding={0} className={classes.rules}>
          <Group p="md" justify="space-between">
            <Text fz="sm" c="dimmed">
              {t('orderHelp')}
            </Text>
            <Text fz="sm" c={full ? 'red.9' : 'dimmed'} data-testid="automations-count">
              {t('count', { count: items.length, limit: list.data.limit })}
            </Text>
          </Group>
          <DataTable
            testId="automations-table"
            minWidth={980}
            columns={[
              { label: t('columns.order'), w: 90 },
              { label: t('columns.name') },
              { label: t('columns.trigger') },
              { label: t('columns.active'), w: 90 },
              { label: t('columns.lastFired'), w: 150 },
              { label: t('columns.fires'), w: 110 },
              { label: t('columns.errors'), w: 100 },
              { label: t('columns.actions'), w: 100, hidden: true },
            ]}
          >
            {items.map((r, i) => (
              <Table.Tr key={r._id} data-testid="automation-row">
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <Text fz="sm" w={18}>
                      {i + 1}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={t('moveUpNamed', { name: r.name })}
                      disabled={i === 0 || reorder.isPending}
                      onClick={() => move(i, i - 1)}
                    >
                      <IconArrowUp size={14} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={t('moveDownNamed', { name: r.name })}
                      disabled={i === items.length - 1 || reorder.isPending}
                      onClick={() => move(i, i + 1)}
                    >
                      <IconArrowDown size={14} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {r.name}
                  </Text>
                  {r.disabledReason && (
                    <Text fz="xs" c="orange.8" maw={280} data-testid="automation-disabled">
                      {t(`disabledReasons.${r.disabledReason}`, { defaultValue: t('turnedOff') })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{triggerText(t, r.trigger)}</Text>
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={t('activeNamed', { name: r.name })}
                    checked={r.active}
                    onChange={(e) => toggle.mutate({ id: r._id, active: e.currentTarget.checked })}
                  />
                </Table.Td>
                <DimmedCell>
                  {r.lastFiredAt ? formatDate(r.lastFiredAt, i18n.language, true) : t('never')}
                </DimmedCell>
                <Table.Td>
                  <Text fz="sm">{r.fires7d}</Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" c={r.errors7d ? 'red.9' : undefined}>
                    {r.errors7d}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <EditDeleteActions
                    edit={t('edit')}
                    editLabel={t('editNamed', { name: r.name })}
                    remove={t('delete')}
                    removeLabel={t('deleteNamed', { name: r.name })}
                    onEdit={() => navigate(link(`/apps/automation/${r._id}`))}
                    onRemove={() => setDeleting(r)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Card>
      )}
      <ConfirmDelete
        item={deleting}
        title={t('deleteTitle')}
        message={t('deleteConfirm', { name: deleting?.name })}
        confirm={t('delete')}
        onClose={() => setDeleting(null)}
        remove={async (r) => {
          await deleteAutomation(acc, r._id);
          return (t) => t('automations:deleted', { name: r.name });
        }}
        onDeleted={refresh}
      />
    </Stack>
  );
}

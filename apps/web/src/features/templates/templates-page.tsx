import { useState } from 'react';
import { Button, Card, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconBrandWhatsapp, IconPlus, IconRefresh, IconTemplate } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { TEMPLATE_STATUSES, type TTemplate, type TTemplateStatus } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useAcc } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { PageHeader } from '../../ui/page-header';
import { CardSkeleton } from '../../ui/card-skeleton';
import { useListEditor } from '../../ui/use-list-editor';
import { ConfirmDelete } from '../../ui/confirm-modal';
import { EmptyCard } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { useChannels } from '../settings/settings-api';
import { TemplateModal } from './template-modal';
import {
  deleteTemplate,
  saveTemplate,
  templatesKey,
  useSubmitTemplate,
  useSyncTemplates,
  useTemplates,
} from './templates-api';
import { TemplatesTable } from './templates-table';

/** /templates (admins): WhatsApp message templates — create, submit for Meta's review, resubmit, sync status. */
export function TemplatesPage() {
  const { t } = useTranslation('templates');
  const acc = useAcc();
  const link = useAccLink();
  const queryClient = useQueryClient();
  const channels = useChannels(acc);
  const templates = useTemplates(acc);
  const [filter, setFilter] = useState<'all' | TTemplateStatus>('all');
  const refresh = () => queryClient.invalidateQueries({ queryKey: templatesKey(acc) });
  const editor = useListEditor<TTemplate>(refresh);
  const fail = (err: unknown) =>
    notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) });
  const whatsapp = (channels.data ?? []).filter((c) => c.kind === 'whatsapp-cloud');
  const { current } = editor;

  const syncing = useSyncTemplates(acc, {
    onSuccess: () => notify({ color: 'green', message: (t) => t('templates:synced') }),
    onError: fail,
  });
  const submitting = useSubmitTemplate(acc, {
    onSuccess: (_, tpl) =>
      notify({ color: 'green', message: (t) => t('templates:submitted', { name: tpl.name }) }),
    onError: fail,
  });
  const sync = () => syncing.mutate();
  const submit = (tpl: TTemplate) => submitting.mutate(tpl);

  const loading = channels.isPending || templates.isPending;
  const error = channels.error ?? templates.error;
  const all = templates.data?.items ?? [];
  const items = filter === 'all' ? all : all.filter((x) => x.status === filter);
  const canCreate = whatsapp.length > 0;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          canCreate && (
            <>
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                loading={syncing.isPending}
                onClick={sync}
              >
                {t('sync')}
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => editor.edit('new')}>
                {t('new')}
              </Button>
            </>
          )
        }
      />
      {loading ? (
        <CardSkeleton rows={5} />
      ) : error ? (
        <LoadError error={error} />
      ) : !canCreate && all.length === 0 ? (
        <EmptyCard
          testId="templates-empty"
          maw={480}
          icon={<IconBrandWhatsapp size={40} color="var(--mantine-color-green-7)" aria-hidden />}
          title={t('noChannelTitle')}
          text={t('noChannel')}
          action={
            <Button mt="sm" component={Link} to={link('/settings?tab=channels')}>
              {t('connectWhatsapp')}
            </Button>
          }
        />
      ) : all.length === 0 ? (
        <EmptyCard
          testId="templates-empty"
          maw={480}
          icon={<IconTemplate size={40} color="var(--mantine-color-gray-5)" aria-hidden />}
          title={t('emptyTitle')}
          text={t('empty')}
          action={
            <Button mt="sm" leftSection={<IconPlus size={16} />} onClick={() => editor.edit('new')}>
              {t('new')}
            </Button>
          }
        />
      ) : (
        <Card padding={0}>
          <Group p="md">
            <SegmentedControl
              value={filter}
              onChange={(value) => setFilter(value as typeof filter)}
              data={[
                { value: 'all', label: t('filterAll', { count: all.length }) },
                ...TEMPLATE_STATUSES.map((s) => ({
                  value: s,
                  label: `${t(`status.${s}`)} (${all.filter((x) => x.status === s).length})`,
                })),
              ]}
              aria-label={t('filter')}
            />
          </Group>
          <TemplatesTable
            items={items}
            channels={channels.data ?? []}
            submitting={submitting.isPending ? (submitting.variables?._id ?? null) : null}
            onEdit={editor.edit}
            onDelete={editor.askDelete}
            onSubmit={submit}
          />
        </Card>
      )}
      <TemplateModal
        opened={editor.opened}
        template={current}
        channels={whatsapp}
        onClose={editor.close}
        onSave={async (body) => {
          await saveTemplate(acc, current?._id ?? null, body);
          await editor.saved((t) =>
            t(current ? 'templates:saved' : 'templates:created', { name: body.name }),
          );
        }}
      />
      <ConfirmDelete
        item={editor.deleting}
        title={t('deleteTitle')}
        message={t('deleteConfirm', { name: editor.deleting?.name })}
        confirm={t('delete')}
        onClose={editor.closeDelete}
        remove={async (tpl) => {
          await deleteTemplate(acc, tpl._id);
          return (t) => t('templates:deleted', { name: tpl.name });
        }}
        onDeleted={refresh}
      />
    </Stack>
  );
}

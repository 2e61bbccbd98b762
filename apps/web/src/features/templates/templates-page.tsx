import { useState, type ReactNode } from 'react';
import { Button, Card, Center, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconPlus, IconRefresh, IconTemplate } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { TEMPLATE_STATUSES, type TTemplate, type TTemplateStatus } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { PageHeader } from '../../ui/page-header';
import { CardSkeleton } from '../settings/card-skeleton';
import { ConfirmModal } from '../settings/confirm-modal';
import { useChannels } from '../settings/settings-api';
import { TemplateModal } from './template-modal';
import {
  deleteTemplate,
  saveTemplate,
  submitTemplate,
  syncTemplates,
  templatesKey,
  useTemplates,
} from './templates-api';
import { TemplatesTable } from './templates-table';

function Empty({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Card padding="xl" data-testid="templates-empty">
      <Center>
        <Stack align="center" gap="xs" maw={480}>
          {icon}
          <Text fw={650}>{title}</Text>
          <Text c="dimmed" fz="sm" ta="center">
            {text}
          </Text>
          {action}
        </Stack>
      </Center>
    </Card>
  );
}

/** /templates (admins): WhatsApp message templates — create, submit for Meta's review, resubmit, sync status. */
export function TemplatesPage() {
  const { t } = useTranslation('templates');
  const acc = useSession().account!.acc._id;
  const link = useAccLink();
  const queryClient = useQueryClient();
  const channels = useChannels(acc);
  const templates = useTemplates(acc);
  const [filter, setFilter] = useState<'all' | TTemplateStatus>('all');
  const [editing, setEditing] = useState<TTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TTemplate | null>(null);
  const [submitting, setSubmitting] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: templatesKey(acc) });
  const fail = (err: unknown) =>
    notify({ color: 'red', title: t('common:error'), message: errorText(t, err) });
  const whatsapp = (channels.data ?? []).filter((c) => c.kind === 'whatsapp-cloud');
  const current = editing === 'new' ? null : editing;

  const sync = async () => {
    setSyncing(true);
    try {
      queryClient.setQueryData(templatesKey(acc), await syncTemplates(acc));
      notify({ color: 'green', message: t('synced') });
    } catch (err) {
      fail(err);
    } finally {
      setSyncing(false);
    }
  };
  const submit = async (tpl: TTemplate) => {
    setSubmitting(tpl._id);
    try {
      await submitTemplate(acc, tpl);
      notify({ color: 'green', message: t('submitted', { name: tpl.name }) });
      await refresh();
    } catch (err) {
      fail(err);
    } finally {
      setSubmitting(null);
    }
  };

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
                loading={syncing}
                onClick={sync}
              >
                {t('sync')}
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                {t('new')}
              </Button>
            </>
          )
        }
      />
      {loading ? (
        <CardSkeleton rows={5} />
      ) : error ? (
        <Text c="red.8" role="alert">
          {errorText(t, error)}
        </Text>
      ) : !canCreate && all.length === 0 ? (
        <Empty
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
        <Empty
          icon={<IconTemplate size={40} color="var(--mantine-color-gray-5)" aria-hidden />}
          title={t('emptyTitle')}
          text={t('empty')}
          action={
            <Button mt="sm" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
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
            submitting={submitting}
            onEdit={setEditing}
            onDelete={setDeleting}
            onSubmit={submit}
          />
        </Card>
      )}
      <TemplateModal
        opened={editing !== null}
        template={current}
        channels={whatsapp}
        onClose={() => setEditing(null)}
        onSave={async (body) => {
          await saveTemplate(acc, current?._id ?? null, body);
          notify({ color: 'green', message: t(current ? 'saved' : 'created', { name: body.name }) });
          setEditing(null);
          await refresh();
        }}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteConfirm', { name: deleting?.name })}
        confirm={t('delete')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteTemplate(acc, deleting._id);
          notify({ color: 'green', message: t('deleted', { name: deleting.name }) });
          setDeleting(null);
          await refresh();
        }}
      />
    </Stack>
  );
}

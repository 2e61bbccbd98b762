import { useState } from 'react';
import {
  Anchor,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconMessage,
  IconMessageOff,
  IconSearch,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES, hasRole, type TCampaign } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '../../app/format';
import { currentRole, useAcc, useSession } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { CardSkeleton } from '../../ui/card-skeleton';
import { DataTable, DimmedCell } from '../../ui/data-table';
import { EmptyCard } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { PageHeader } from '../../ui/page-header';
import { CampaignActions } from './campaign-actions';
import { CampaignProgressBar, CampaignStatusBadge } from './campaign-labels';
import { useCampaigns } from './campaigns-api';
import { OptOutWordsModal } from './opt-out-words-modal';
import { SmsCreditCard } from './sms-credit-card';

/** /apps/campaigns (admins): every campaign with its status, progress and counts; the SMS balance. */
export function CampaignsPage() {
  const { t, i18n } = useTranslation('campaigns');
  const lang = i18n.language;
  const acc = useAcc();
  const session = useSession();
  const link = useAccLink();
  const [status, setStatus] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [optOutOpen, setOptOutOpen] = useState(false);
  const list = useCampaigns(acc, {
    status: status ?? undefined,
    type: type ?? undefined,
    search: search.trim() || undefined,
    page,
  });
  const smsEnabled = Boolean(session.account?.acc.smsDispatchEnable);
  const isAdmin = hasRole(currentRole(session), 'admin');
  const n = (v: number) => formatNumber(v, lang);

  const actions = (
    <>
      {isAdmin && (
        <Button
          variant="default"
          leftSection={<IconMessageOff size={16} />}
          onClick={() => setOptOutOpen(true)}
          data-testid="opt-out-settings"
        >
          {t('optOut.open')}
        </Button>
      )}
      <Button component={Link} to={link('/apps/campaigns/new')} leftSection={<IconBrandWhatsapp size={16} />}>
        {t('newWhatsapp')}
      </Button>
      {smsEnabled && (
        <Button
          component={Link}
          to={link('/apps/campaigns/sms/new')}
          variant="default"
          leftSection={<IconMessage size={16} />}
        >
          {t('newSms')}
        </Button>
      )}
    </>
  );

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} description={t('subtitle')} actions={actions} />
      {isAdmin && <OptOutWordsModal acc={acc} opened={optOutOpen} onClose={() => setOptOutOpen(false)} />}
      {isAdmin && smsEnabled && <SmsCreditCard acc={acc} />}
      <Card padding={0}>
        <Group p="md" gap="sm" wrap="wrap">
          <TextInput
            type="search"
            w={260}
            leftSection={<IconSearch size={16} />}
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            w={190}
            aria-label={t('columns.status')}
            placeholder={t('allStatuses')}
            clearable
            data={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
          />
          <Select
            w={160}
            aria-label={t('columns.type')}
            placeholder={t('allTypes')}
            clearable
            data={CAMPAIGN_TYPES.map((s) => ({ value: s, label: t(`type.${s}`) }))}
            value={type}
            onChange={(v) => {
              setType(v);
              setPage(1);
            }}
          />
        </Group>
        {list.isPending ? (
          <CardSkeleton rows={5} />
        ) : list.isError ? (
          <LoadError error={list.error} />
        ) : list.data.items.length === 0 ? (
          <EmptyCard
            testId="campaigns-empty"
            icon={<IconSpeakerphone size={40} color="var(--mantine-color-gray-5)" aria-hidden />}
            title={t('emptyTitle')}
            text={t('empty')}
            maw={460}
            action={
              <Button mt="sm" component={Link} to={link('/apps/campaigns/new')}>
                {t('newWhatsapp')}
              </Button>
            }
          />
        ) : (
          <>
            <DataTable
              testId="campaigns-table"
              minWidth={1100}
              columns={[
                { label: t('columns.name') },
                { label: t('columns.type') },
                { label: t('columns.status'), w: 140 },
                { label: t('columns.progress') },
                { label: t('columns.sent'), ta: 'right' },
                { label: t('columns.delivered'), ta: 'right' },
                { label: t('columns.read'), ta: 'right' },
                { label: t('columns.failed'), ta: 'right' },
                { label: t('columns.replied'), ta: 'right' },
                { label: t('columns.scheduled') },
                { label: t('columns.actions'), hidden: true, w: 48 },
              ]}
            >
              {list.data.items.map((c: TCampaign) => {
                const reached = c.counts.sent + c.counts.delivered + c.counts.read;
                return (
                  <Table.Tr key={c._id} data-testid="campaign-row">
                    <Table.Td>
                      <Anchor component={Link} to={link(`/apps/campaigns/${c._id}`)} fw={600} fz="sm">
                        {c.name}
                      </Anchor>
                      {c.description && (
                        <Text fz="xs" c="dimmed" lineClamp={1}>
                          {c.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{t(`type.${c.type}`)}</Table.Td>
                    <Table.Td>
                      <CampaignStatusBadge status={c.status} />
                    </Table.Td>
                    <Table.Td>
                      <CampaignProgressBar counts={c.counts} />
                    </Table.Td>
                    <Table.Td ta="right">{n(reached + c.counts.failed)}</Table.Td>
                    <Table.Td ta="right">{n(c.counts.delivered + c.counts.read)}</Table.Td>
                    <Table.Td ta="right">{n(c.counts.read)}</Table.Td>
                    <Table.Td ta="right">{n(c.counts.failed)}</Table.Td>
                    <Table.Td ta="right">{n(c.counts.replied)}</Table.Td>
                    <DimmedCell>
                      {c.scheduledAt ? formatDate(c.scheduledAt, lang, true) : t('now')}
                    </DimmedCell>
                    <Table.Td>
                      <CampaignActions acc={acc} campaign={c} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </DataTable>
            {list.data.count > 30 && (
              <Group justify="center" p="md">
                <Pagination total={Math.ceil(list.data.count / 30)} value={page} onChange={setPage} />
              </Group>
            )}
          </>
        )}
      </Card>
    </Stack>
  );
}

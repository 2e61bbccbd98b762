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
  Tooltip,
  VisuallyHidden,
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
import { formatNumber } from '../../app/format';
import { currentRole, useAcc, useSession } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { CardSkeleton } from '../../ui/card-skeleton';
import { stickyEndClass } from '../../ui/data-table';
import { EmptyCard } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { PageHeader } from '../../ui/page-header';
import { CampaignActions } from './campaign-actions';
import {
  CampaignProgressBar,
  CampaignStatusBadge,
  campaignWhen,
  deliveredCount,
  sentCount,
} from './campaign-labels';
import { useCampaigns } from './campaigns-api';
import { OptOutWordsModal } from './opt-out-words-modal';
import { SmsCreditCard } from './sms-credit-card';

/** /apps/campaigns (admins): every campaign with its status, progress and counts; the SMS balance. */
export function CampaignsPage() {
  const { t } = useTranslation('campaigns');
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
            <CampaignsTable acc={acc} items={list.data.items} />
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

/**
 * The campaigns as a table. Compact cell spacing so every column fits the page's width in pt-BR and
 * en; long names wrap (two lines at most, the whole name in a tooltip) instead of widening the table;
 * narrower than that, the table scrolls sideways with the actions button kept in view.
 */
function CampaignsTable({ acc, items }: { acc: string; items: TCampaign[] }) {
  const { t, i18n } = useTranslation('campaigns');
  const lang = i18n.language;
  const link = useAccLink();
  const n = (v: number) => formatNumber(v, lang);
  const numeric = [
    ['sent', sentCount],
    ['delivered', deliveredCount],
    ['read', (c: TCampaign['counts']) => c.read],
    ['failed', (c: TCampaign['counts']) => c.failed],
    ['replied', (c: TCampaign['counts']) => c.replied],
  ] as const;
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover data-testid="campaigns-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th pl="md" miw={160}>
              {t('columns.name')}
            </Table.Th>
            <Table.Th>{t('columns.type')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
            <Table.Th>{t('columns.progress')}</Table.Th>
            {numeric.map(([key]) => (
              <Table.Th key={key} ta="right">
                {t(`columns.${key}`)}
              </Table.Th>
            ))}
            <Table.Th miw={130}>{t('columns.when')}</Table.Th>
            <Table.Th w={44} pr="md" className={stickyEndClass}>
              <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((c) => {
            const when = campaignWhen(t, c, lang);
            return (
              <Table.Tr key={c._id} data-testid="campaign-row">
                <Table.Td pl="md" maw={280}>
                  <Tooltip label={c.name} disabled={c.name.length <= 40} multiline maw={360} openDelay={300}>
                    <Anchor
                      component={Link}
                      to={link(`/apps/campaigns/${c._id}`)}
                      fw={600}
                      fz="sm"
                      lineClamp={2}
                      style={{ overflowWrap: 'anywhere' }}
                      data-testid="campaign-name-link"
                    >
                      {c.name}
                    </Anchor>
                  </Tooltip>
                  {c.description && (
                    <Text
                      fz="xs"
                      c="dimmed"
                      lineClamp={1}
                      title={c.description}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {c.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{t(`type.${c.type}`)}</Table.Td>
                <Table.Td>
                  <CampaignStatusBadge status={c.status} />
                </Table.Td>
                <Table.Td>
                  <CampaignProgressBar counts={c.counts} w={96} />
                </Table.Td>
                {numeric.map(([key, count]) => (
                  <Table.Td key={key} ta="right" data-testid={`campaign-${key}`}>
                    {n(count(c.counts))}
                  </Table.Td>
                ))}
                <Table.Td data-testid="campaign-when">
                  {when ? (
                    <>
                      <Text fz="xs" c="dimmed">
                        {when.label}
                      </Text>
                      {when.date && <Text fz="sm">{when.date}</Text>}
                    </>
                  ) : (
                    <Text fz="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td pr="md" className={stickyEndClass}>
                  <CampaignActions acc={acc} campaign={c} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

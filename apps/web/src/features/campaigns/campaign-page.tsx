import '@mantine/charts/styles.css';
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconSearch } from '@tabler/icons-react';
import { RECIPIENT_STATUSES, type TCampaign } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate, formatNumber, formatPhone } from '../../app/format';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useAcc, useSession } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { CardSkeleton } from '../../ui/card-skeleton';
import { DataTable, DimmedCell } from '../../ui/data-table';
import { LoadError } from '../../ui/load-error';
import { CampaignActions } from './campaign-actions';
import {
  CampaignProgressBar,
  CampaignStatusBadge,
  campaignFunnel,
  deliveredCount,
  reasonText,
  sentCount,
} from './campaign-labels';
import { exportCampaign, useCampaign, useCampaignFailures, useCampaignRecipients } from './campaigns-api';
import { useCampaignLive } from './use-campaign-live';
import { chartMax, countAxis } from '../../ui/count-axis';
import { BAR_MAX_WIDTH } from '../../ui/bar-width';

/** /apps/campaigns/:campaign_id: live progress, the funnel, failures by reason and every recipient. */
export function CampaignPage() {
  const { t } = useTranslation('campaigns');
  const acc = useAcc();
  const session = useSession();
  const link = useAccLink();
  const id = useParams().campaign_id ?? '';
  const campaign = useCampaign(acc, id);
  useCampaignLive(acc, session.user?._id ?? '', id);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={link('/apps/campaigns')} fz="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('detail.back')}
        </Group>
      </Anchor>
      {campaign.isPending ? (
        <CardSkeleton rows={6} />
      ) : campaign.isError ? (
        <LoadError error={campaign.error} />
      ) : (
        <CampaignView acc={acc} campaign={campaign.data} />
      )}
    </Stack>
  );
}

function CampaignView({ acc, campaign }: { acc: string; campaign: TCampaign }) {
  const { t, i18n } = useTranslation('campaigns');
  const lang = i18n.language;
  const n = (v: number) => formatNumber(v, lang);
  const c = campaign.counts;
  const funnel = campaignFunnel(t, c);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} fz={26} data-testid="campaign-name">
              {campaign.name}
            </Title>
            <CampaignStatusBadge status={campaign.status} />
            <Badge variant="outline">{t(`type.${campaign.type}`)}</Badge>
          </Group>
          {campaign.description && <Text c="dimmed">{campaign.description}</Text>}
          <Text fz="sm" c="dimmed">
            {campaign.startedAt && `${t('when.started')} ${formatDate(campaign.startedAt, lang, true)}`}
            {campaign.finishedAt && ` · ${t('when.finished')} ${formatDate(campaign.finishedAt, lang, true)}`}
            {!campaign.startedAt &&
              campaign.scheduledAt &&
              `${t('when.scheduled')} ${formatDate(campaign.scheduledAt, lang, true)}`}
          </Text>
        </Stack>
        <Group gap="sm">
          <ExportButtons acc={acc} id={campaign._id} />
          <CampaignActions acc={acc} campaign={campaign} />
        </Group>
      </Group>
      {c.unknown > 0 && (
        <Alert
          color="yellow"
          data-testid="campaign-unconfirmed"
          title={t('unconfirmed.title', { count: c.unknown })}
        >
          {t('unconfirmed.text')}
        </Alert>
      )}
      {campaign.status === 'paused' && campaign.pauseReason && (
        <Alert color="orange" data-testid="campaign-pause-reason">
          {t(`pauseReason.${campaign.pauseReason}`, { defaultValue: t('pauseReason.manual') })}
        </Alert>
      )}
      <Card withBorder>
        <Group justify="space-between" mb="sm">
          <Text fw={600}>{t('detail.progress')}</Text>
          <Text fz="xs" c="dimmed">
            {t('detail.live')}
          </Text>
        </Group>
        <CampaignProgressBar counts={c} w="100%" />
        <SimpleGrid cols={{ base: 3, sm: 4, lg: 7 }} mt="md">
          {(
            [
              ['detail.queued', c.queued + c.sending, 'progress-queued'],
              ['columns.sent', sentCount(c), 'progress-sent'],
              ['columns.delivered', deliveredCount(c), 'progress-delivered'],
              ['columns.read', c.read, 'progress-read'],
              ['columns.failed', c.failed, 'progress-failed'],
              ['columns.skipped', c.skipped, 'progress-skipped'],
              ['columns.replied', c.replied, 'progress-replied'],
            ] as const
          ).map(([label, value, testId]) => (
            <Stack key={label} gap={0}>
              <Text fz="xs" c="dimmed">
                {t(label)}
              </Text>
              <Text fw={700} fz="xl" data-testid={testId}>
                {n(value)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Text fw={600} mb="sm">
            {t('detail.funnel')}
          </Text>
          <BarChart
            maxBarWidth={BAR_MAX_WIDTH}
            h={220}
            data={funnel}
            dataKey="step"
            yAxisProps={countAxis(chartMax(funnel, ['value']))}
            valueFormatter={(v) => formatNumber(v, lang)}
            series={[{ name: 'value', label: t('detail.funnelCount'), color: 'brand.6' }]}
            data-testid="campaign-funnel"
          />
        </Card>
        <Failures acc={acc} id={campaign._id} />
      </SimpleGrid>
      <Recipients acc={acc} id={campaign._id} />
    </Stack>
  );
}

function ExportButtons({ acc, id }: { acc: string; id: string }) {
  const { t } = useTranslation('campaigns');
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      await exportCampaign(acc, id, format);
    } catch (error) {
      notify({ color: 'red', message: (t) => errorText(t, error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={busy === 'csv'}
        onClick={() => run('csv')}
      >
        {t('detail.exportCsv')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={busy === 'xlsx'}
        onClick={() => run('xlsx')}
      >
        {t('detail.exportXlsx')}
      </Button>
    </>
  );
}

/**
 * Recipients not reached, by reason, in two groups that add up to the progress card's counts: send
 * failures ("Falhas": the provider refused the message or reported it undelivered) and recipients
 * skipped before sending ("Ignoradas": opted out, blocked, invalid number, campaign canceled).
 */
function Failures({ acc, id }: { acc: string; id: string }) {
  const { t, i18n } = useTranslation('campaigns');
  const failures = useCampaignFailures(acc, id);
  const rows = failures.data ?? [];
  const groups = (['failed', 'skipped'] as const)
    .map((status) => ({ status, rows: rows.filter((r) => r.status === status) }))
    .filter((g) => g.rows.length > 0);
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <Card withBorder data-testid="campaign-failures">
      <Text fw={600} mb="sm">
        {t('detail.failures')}
      </Text>
      {failures.isError ? (
        <LoadError error={failures.error} />
      ) : groups.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('detail.noFailures')}
        </Text>
      ) : (
        <Stack gap="md">
          {groups.map((g) => (
            <div key={g.status} data-testid={`campaign-reasons-${g.status}`}>
              <Group justify="space-between" px="xs" wrap="nowrap">
                <Text fz="sm" fw={600}>
                  {t(`detail.reasonGroup.${g.status}`)}
                </Text>
                <Text fz="sm" fw={600} data-testid={`campaign-reasons-${g.status}-total`}>
                  {n(g.rows.reduce((sum, r) => sum + r.count, 0))}
                </Text>
              </Group>
              <Table>
                <Table.Tbody>
                  {g.rows.map((f) => (
                    <Table.Tr key={f.reason}>
                      <Table.Td>{reasonText(t, f.reason)}</Table.Td>
                      <Table.Td ta="right">{n(f.count)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function Recipients({ acc, id }: { acc: string; id: string }) {
  const { t, i18n } = useTranslation('campaigns');
  const lang = i18n.language;
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const list = useCampaignRecipients(acc, id, {
    search: search.trim() || undefined,
    status: status ?? undefined,
    page,
  });
  return (
    <Card padding={0} withBorder>
      <Group p="md" justify="space-between" wrap="wrap">
        <Text fw={600}>{t('detail.recipients')}</Text>
        <Group gap="sm">
          <TextInput
            type="search"
            w={260}
            leftSection={<IconSearch size={16} />}
            placeholder={t('detail.searchRecipients')}
            aria-label={t('detail.searchRecipients')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            w={170}
            aria-label={t('columns.status')}
            placeholder={t('detail.allRecipientStatuses')}
            clearable
            data={RECIPIENT_STATUSES.map((s) => ({ value: s, label: t(`recipientStatus.${s}`) }))}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
          />
        </Group>
      </Group>
      {list.isPending ? (
        <CardSkeleton rows={4} />
      ) : list.isError ? (
        <LoadError error={list.error} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" p="md" fz="sm">
          {t('detail.noRecipients')}
        </Text>
      ) : (
        <>
          <DataTable
            testId="campaign-recipients"
            minWidth={900}
            columns={[
              { label: t('wizard.name') },
              { label: t('wizard.source.phone') },
              { label: t('columns.status') },
              { label: t('detail.message') },
              { label: t('detail.sentAt') },
              { label: t('detail.repliedAt') },
            ]}
          >
            {list.data.items.map((r) => (
              <Table.Tr key={r._id}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{formatPhone(r.phone)}</Table.Td>
                <Table.Td>
                  <Text fz="sm">{t(`recipientStatus.${r.status}`)}</Text>
                  {r.reason && (
                    <Text fz="xs" c="dimmed">
                      {reasonText(t, r.reason)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td maw={320}>
                  <Text fz="sm" lineClamp={2}>
                    {r.text}
                  </Text>
                </Table.Td>
                <DimmedCell>{formatDate(r.sentAt, lang, true)}</DimmedCell>
                <DimmedCell>{formatDate(r.repliedAt, lang, true)}</DimmedCell>
              </Table.Tr>
            ))}
          </DataTable>
          {list.data.count > 50 && (
            <Group justify="center" p="md">
              <Pagination total={Math.ceil(list.data.count / 50)} value={page} onChange={setPage} />
            </Group>
          )}
        </>
      )}
    </Card>
  );
}

import { useState } from 'react';
import { Avatar, Badge, Card, Center, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { useAcc } from '../../app/session';
import { initials } from '../../app/shell/user-menu';
import { PageHeader } from '../../ui/page-header';
import { PageLoader } from '../../ui/page-loader';
import { formatDate, formatNumber } from '../../app/format';
import { closeReasonText } from '../inbox/data/close-reason';
import { ACTIVITY_PAGE_SIZE, type TActivity, useActivityLog } from './activity-log-api';

export type { TActivity } from './activity-log-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACCOUNT_FIELDS: Record<string, string> = {
  name: 'account:fields.name',
  companyIndustry: 'account:fields.industry',
  companyGoal: 'account:fields.goal',
  timezone: 'account:fields.timezone',
};

const role = (t: TFunction, value: unknown) =>
  typeof value === 'string' ? t(`shell:roles.${value}`, { defaultValue: value }) : '';
const plan = (t: TFunction, value: unknown) =>
  typeof value === 'string' ? t(`billing:plans.${value}.name`, { defaultValue: value }) : '';

/** Who acted: the member's name, 'System', or (issue 13) the installation's service operator. */
export function activityWho(t: TFunction, item: Pick<TActivity, 'userName' | 'details'>): string {
  if (item.details?.by === 'service-operator') return t('activity:serviceOperator');
  return item.userName || t('activity:system');
}

/** The action in words; an action this version does not know yet reads 'Other action', never its code. */
export function activityAction(t: TFunction, action: string): string {
  return t(`activity:actions.${action}`, { defaultValue: t('activity:actions.other') });
}

/** What the entry was about, in words: the e-mail, the roles, the plan, the fields changed. */
export function activityDetail(t: TFunction, item: Pick<TActivity, 'action' | 'target' | 'details'>): string {
  const d = item.details ?? {};
  const target = UUID.test(item.target) ? '' : item.target;
  const parts: string[] = [];
  switch (item.action) {
    case 'member.role_changed':
      parts.push(target, `${role(t, d.from)} → ${role(t, d.to)}`);
      break;
    case 'user.invited':
    case 'user.joined':
      parts.push(target, role(t, d.acl));
      break;
    case 'plan.changed':
    case 'plan.checkout_started':
      parts.push(
        plan(t, item.target),
        typeof d.paymentStatus === 'string'
          ? t(`activity:paymentStatus.${d.paymentStatus}`, { defaultValue: d.paymentStatus })
          : '',
      );
      break;
    case 'account.created':
      parts.push(target, plan(t, d.plan));
      break;
    // Issue 13: which restriction switched, and to what.
    case 'account.restrictions_changed': {
      const changes = (d.changes ?? {}) as Record<string, unknown>;
      parts.push(
        Object.entries(changes)
          .map(
            ([key, on]) =>
              `${t(`departments:restrictions.${key}`, { defaultValue: t('activity:fields.other') })}: ${t(on ? 'activity:values.yes' : 'activity:values.no')}`,
          )
          .join(' · '),
      );
      break;
    }
    case 'account.updated': {
      const fields = Array.isArray(d.fields) ? d.fields.map(String) : [];
      parts.push(target, fields.map((f) => (ACCOUNT_FIELDS[f] ? t(ACCOUNT_FIELDS[f]) : f)).join(', '));
      break;
    }
    case 'conversation.closed':
      parts.push(
        [closeReasonText(t, typeof d.reason === 'string' ? d.reason : ''), d.subReason]
          .filter((v) => typeof v === 'string' && v)
          .join(' / '),
      );
      break;
    case 'conversation.taken':
    case 'conversation.transferred':
      break;
    case 'contacts.merged':
      parts.push(
        target,
        Array.isArray(d.merged) && d.merged.length ? `← ${d.merged.map(String).join(', ')}` : '',
      );
      break;
    case 'channel.created':
    case 'channel.updated':
    case 'channel.deleted':
      parts.push(
        target,
        typeof d.kind === 'string' ? t(`activity:channelKinds.${d.kind}`, { defaultValue: '' }) : '',
      );
      parts.push(changesText(t, d.changes));
      break;
    default:
      parts.push(target, changesText(t, d.changes));
  }
  return parts.filter(Boolean).join(' · ');
}

/** A value as the log shows it: yes/no, active/disabled, empty as a dash, text and numbers as they are. */
function valueText(t: TFunction, value: unknown): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'activity:values.yes' : 'activity:values.no');
  if (value === 'active' || value === 'disabled') return t(`activity:values.${value}`);
  return String(value);
}

/** The fields a change touched, in words, with before → after where the log kept both. */
export function changesText(t: TFunction, changes: unknown): string {
  if (!Array.isArray(changes)) return '';
  return changes
    .filter((c): c is { field: string; from?: unknown; to?: unknown } => typeof c?.field === 'string')
    .map((c) => {
      const label = t(`activity:fields.${c.field}`, { defaultValue: t('activity:fields.other') });
      return 'from' in c && 'to' in c ? `${label}: ${valueText(t, c.from)} → ${valueText(t, c.to)}` : label;
    })
    .join('; ');
}

/** /acc/activity: the account's activity log (admins): who did what, when and from which address. */
export function ActivityPage() {
  const { t, i18n } = useTranslation('activity');
  const acc = useAcc();
  const [page, setPage] = useState(1);
  const query = useActivityLog(acc, page);
  const count = query.data?.count ?? 0;
  const total = Math.max(1, Math.ceil(count / ACTIVITY_PAGE_SIZE));
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          count > 0 && (
            <Text c="dimmed" fz="sm" data-testid="activity-count">
              {t('count', { count, formatted: formatNumber(count, i18n.language) })}
            </Text>
          )
        }
      />
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <Text c="red.8" role="alert">
          {errorText(t, query.error)}
        </Text>
      ) : query.data.items.length === 0 ? (
        <Card padding="xl">
          <Center>
            <Text c="dimmed">{t('empty')}</Text>
          </Center>
        </Card>
      ) : (
        <Card padding={0}>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" horizontalSpacing="lg" data-testid="activity-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={190}>{t('columns.when')}</Table.Th>
                  <Table.Th>{t('columns.who')}</Table.Th>
                  <Table.Th>{t('columns.action')}</Table.Th>
                  <Table.Th>{t('columns.target')}</Table.Th>
                  <Table.Th w={140}>{t('columns.ip')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.items.map((item) => (
                  <Table.Tr key={item._id} data-testid="activity-row">
                    <Table.Td>
                      <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(item.createdAt, i18n.language, true)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Avatar size={26} radius="xl" color="brand" alt="">
                          {initials(activityWho(t, item))}
                        </Avatar>
                        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                          {activityWho(t, item)}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray" tt="none" fw={600} miw="max-content">
                        {activityAction(t, item.action)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{activityDetail(t, item)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" c="dimmed" ff="monospace">
                        {item.ip || '—'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {total > 1 && (
        <Group justify="center">
          <Pagination
            value={page}
            onChange={setPage}
            total={total}
            getItemProps={(n) => ({ 'aria-label': t('pagination.page', { page: n }) })}
            getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          />
        </Group>
      )}
    </Stack>
  );
}

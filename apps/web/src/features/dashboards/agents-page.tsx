import { Anchor, Badge, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { TDashboardAgentRow } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../app/format';
import { useAcc } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { DashboardFrame } from './dashboard-frame';
import { ExportButtons, Section } from './dashboard-parts';
import { formatDuration } from './dashboard-format';
import { useDashboard } from './dashboards-api';
import { useDashboardRange } from './date-filter';

type TSortKey =
  | 'name'
  | 'opened'
  | 'closed'
  | 'messagesOut'
  | 'firstResponse'
  | 'reply'
  | 'resolution'
  | 'activeHours'
  | 'closedPerHour';

const COLUMNS: TSortKey[] = [
  'name',
  'opened',
  'closed',
  'messagesOut',
  'firstResponse',
  'reply',
  'resolution',
  'activeHours',
  'closedPerHour',
];

function sortValue(row: TDashboardAgentRow, key: TSortKey): number | string | null {
  if (key === 'firstResponse' || key === 'reply' || key === 'resolution') return row[key].median;
  return row[key];
}

/** Rows sorted by a column; rows without a value go last either way. */
export function sortAgents(rows: TDashboardAgentRow[], key: TSortKey, desc: boolean): TDashboardAgentRow[] {
  return [...rows].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y);
    return desc ? -order : order;
  });
}

/** /dashboard/agents (managers): per operator figures, sortable, with a link to their conversations. */
export function AgentsDashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const acc = useAcc();
  const link = useAccLink();
  const [range, setRange] = useDashboardRange();
  const [sort, setSort] = useState<{ key: TSortKey; desc: boolean }>({ key: 'closed', desc: true });
  const query = useDashboard('agents', acc, range);
  const toggle = (key: TSortKey) =>
    setSort((s) => (s.key === key ? { key, desc: !s.desc } : { key, desc: key !== 'name' }));
  return (
    <DashboardFrame titleKey="agents" query={query} range={range} onRange={setRange}>
      {(data) => (
        <Section title={t('agents.table')} actions={<ExportButtons acc={acc} range={range} table="agents" />}>
          {data.rows.length === 0 ? (
            <Text c="dimmed" fz="sm" data-testid="agents-empty">
              {t('empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover fz="sm" data-testid="agents-table">
                <Table.Thead>
                  <Table.Tr>
                    {COLUMNS.map((key) => {
                      const Icon = sort.key !== key ? IconSelector : sort.desc ? IconArrowDown : IconArrowUp;
                      return (
                        <Table.Th
                          key={key}
                          ta={key === 'name' ? 'left' : 'right'}
                          aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
                        >
                          <UnstyledButton onClick={() => toggle(key)} fz="sm" fw={600}>
                            {t(`agents.columns.${key}`)}{' '}
                            <Icon size={12} style={{ verticalAlign: 'middle' }} />
                          </UnstyledButton>
                        </Table.Th>
                      );
                    })}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sortAgents(data.rows, sort.key, sort.desc).map((r) => (
                    <Table.Tr key={r.operatorId}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={link(`/inbox?operator=${r.operatorId}`)}
                          fz="sm"
                          aria-label={t('agents.drill', { name: r.name })}
                        >
                          {r.name}
                        </Anchor>{' '}
                        {r.online && (
                          <Badge size="xs" color="green" variant="light">
                            {t('agents.online')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{formatNumber(r.opened, lang)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(r.closed, lang)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(r.messagesOut, lang)}</Table.Td>
                      <Table.Td ta="right">{formatDuration(r.firstResponse.median, lang)}</Table.Td>
                      <Table.Td ta="right">{formatDuration(r.reply.median, lang)}</Table.Td>
                      <Table.Td ta="right">{formatDuration(r.resolution.median, lang)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(r.activeHours, lang)}</Table.Td>
                      <Table.Td ta="right">
                        {r.closedPerHour === null ? '—' : formatNumber(r.closedPerHour, lang)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Text fz="xs" c="dimmed">
            {t('agents.note')}
          </Text>
        </Section>
      )}
    </DashboardFrame>
  );
}

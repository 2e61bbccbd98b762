import { useState } from 'react';
import { Card, Center, SegmentedControl, Table, Text, Title } from '@mantine/core';
import type { TFeedbackGroup, TFeedbackReport } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { scoreText } from './feedback-summary';

const GROUPS = ['byOperator', 'byDepartment', 'byChannel', 'byTag'] as const;
type TGroupBy = (typeof GROUPS)[number];

/** The scores by operator, department, channel or contact tag. */
export function FeedbackGroups({ report }: { report: TFeedbackReport }) {
  const { t, i18n } = useTranslation('surveys');
  const [by, setBy] = useState<TGroupBy>('byOperator');
  const lang = i18n.language;
  const nameOf = (g: TFeedbackGroup) => {
    if (by === 'byChannel') return g.key ? t(`channels.${g.key}`) : t('groups.none');
    if (!g.key) return by === 'byOperator' ? t('groups.noOperator') : t('groups.none');
    return g.name;
  };
  const rows = report[by];
  return (
    <Card padding="lg" data-testid="feedback-groups">
      <Title order={2} fz="md" mb="md">
        {t('groups.title')}
      </Title>
      <SegmentedControl
        mb="md"
        value={by}
        onChange={(v) => setBy(v as TGroupBy)}
        data={GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))}
      />
      {rows.length === 0 ? (
        <Center py="lg">
          <Text c="dimmed" fz="sm">
            {t('groups.empty')}
          </Text>
        </Center>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`groups.${by}`)}</Table.Th>
              <Table.Th>{t('groups.sent')}</Table.Th>
              <Table.Th>{t('groups.answered')}</Table.Th>
              <Table.Th>NPS</Table.Th>
              <Table.Th>CSAT</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((g) => (
              <Table.Tr key={g.key || 'none'}>
                <Table.Td>{nameOf(g)}</Table.Td>
                <Table.Td>{g.sent}</Table.Td>
                <Table.Td>{g.answered}</Table.Td>
                <Table.Td>{scoreText(g.nps, lang, 'nps')}</Table.Td>
                <Table.Td>{scoreText(g.csat, lang, 'percent')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

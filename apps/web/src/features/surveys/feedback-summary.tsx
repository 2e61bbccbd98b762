import { Card, SimpleGrid, Text } from '@mantine/core';
import type { TFeedbackReport } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';

/** A score as shown: "—" without answers; NPS signed (−100..100); CSAT and rates in %. */
export function scoreText(value: number | null, lang: string, kind: 'nps' | 'percent'): string {
  if (value === null) return '—';
  const n = formatNumber(value, lang);
  if (kind === 'percent') return `${n}%`;
  return value > 0 ? `+${n}` : n;
}

function Stat({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint: string;
  testId: string;
}) {
  return (
    <Card padding="lg" data-testid={testId}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700} lh={1.2} data-testid={`${testId}-value`}>
        {value}
      </Text>
      <Text fz="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

/** NPS, CSAT, response rate and answers of the period. */
export function FeedbackSummary({ report }: { report: TFeedbackReport }) {
  const { t, i18n } = useTranslation('surveys');
  const lang = i18n.language;
  const { nps, csat } = report;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      <Stat
        testId="feedback-nps"
        label={t('summary.nps')}
        value={scoreText(nps.score, lang, 'nps')}
        hint={t('summary.npsHint', {
          promoters: nps.promoters,
          passives: nps.passives,
          detractors: nps.detractors,
        })}
      />
      <Stat
        testId="feedback-csat"
        label={t('summary.csat')}
        value={scoreText(csat.score, lang, 'percent')}
        hint={t('summary.csatHint', { satisfied: csat.satisfied, answers: csat.answers })}
      />
      <Stat
        testId="feedback-rate"
        label={t('summary.responseRate')}
        value={scoreText(report.responseRate, lang, 'percent')}
        hint={t('summary.rateHint', { answered: report.answered, sent: report.sent })}
      />
      <Stat
        testId="feedback-not-sent"
        label={t('summary.notSent')}
        value={formatNumber(report.notSent, lang)}
        hint={t('summary.notSentHint')}
      />
    </SimpleGrid>
  );
}

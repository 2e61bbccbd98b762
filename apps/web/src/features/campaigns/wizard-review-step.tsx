import { Alert, Card, Checkbox, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TCampaignInvalidReasons, TCampaignReview } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPhone } from '../../app/format';
import { CardSkeleton } from '../../ui/card-skeleton';
import { LoadError } from '../../ui/load-error';
import { durationText } from './campaign-labels';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

const INVALID_REASONS: Array<keyof TCampaignInvalidReasons> = [
  'csvRows',
  'invalidPhone',
  'notMobile',
  'noWhatsapp',
  'blocked',
];

/**
 * Step 4: counts (valid, duplicates removed, opted out, invalid with why), three rendered messages,
 * duration, SMS cost, and the consent terms.
 */
export function WizardReviewStep({
  type,
  review,
  consent,
  onConsent,
  consentError,
}: {
  type: 'whatsapp' | 'sms';
  review: { data?: TCampaignReview; isPending: boolean; isError: boolean; error: unknown };
  consent: boolean;
  onConsent: (v: boolean) => void;
  consentError: string | null;
}) {
  const { t, i18n } = useTranslation('campaigns');
  const n = (v: number) => formatNumber(v, i18n.language);
  if (review.isPending) return <CardSkeleton rows={4} />;
  if (review.isError || !review.data) return <LoadError error={review.error} />;
  const r = review.data;
  const short = type === 'sms' && r.segments > r.smsBalance;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <Figure label={t('wizard.valid')} value={n(r.valid)} testId="review-valid" />
        <Figure label={t('wizard.duplicates')} value={n(r.duplicates)} testId="review-duplicates" />
        <Figure label={t('wizard.optedOut')} value={n(r.optedOut)} testId="review-opted-out" />
        <Figure label={t('wizard.invalidTotal')} value={n(r.invalid)} testId="review-invalid" />
        <Figure label={t('wizard.duration')} value={durationText(t, r.estimatedSeconds)} />
        {type === 'sms' ? (
          <Figure
            label={t('wizard.segmentsTotal')}
            value={`${n(r.segments)} / ${t('wizard.balance')}: ${n(r.smsBalance)}`}
          />
        ) : (
          <Figure
            label={t('wizard.recipients')}
            value={n(r.valid + r.optedOut + r.invalid - r.invalidReasons.csvRows)}
          />
        )}
      </SimpleGrid>
      {r.invalid > 0 && (
        <Alert color="yellow" title={t('wizard.invalidTitle')} data-testid="review-invalid-reasons">
          <List size="sm" spacing={2}>
            {INVALID_REASONS.filter((k) => r.invalidReasons[k] > 0).map((k) => (
              <List.Item key={k}>
                {t(`wizard.invalidReason.${k}`, { formatted: n(r.invalidReasons[k]) })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {short && (
        <Alert color="red" data-testid="review-insufficient">
          {t('wizard.insufficient')}
        </Alert>
      )}
      <Text fw={600}>{t('wizard.preview')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {r.preview.map((p) => (
          <Card key={p.phone} withBorder bg="var(--mantine-color-green-0)" data-testid="review-preview">
            <Group justify="space-between" mb={4}>
              <Text fz="sm" fw={600}>
                {p.name}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatPhone(p.phone)}
              </Text>
            </Group>
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {p.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Checkbox
        checked={consent}
        onChange={(e) => onConsent(e.currentTarget.checked)}
        label={t('wizard.consent')}
        error={consentError}
        data-testid="review-consent"
      />
    </Stack>
  );
}

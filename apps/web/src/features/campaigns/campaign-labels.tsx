import { Badge, Progress, Tooltip } from '@mantine/core';
import type { TCampaignCounts, TCampaignStatus } from '@atende/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<TCampaignStatus, string> = {
  draft: 'gray',
  waiting: 'yellow',
  executing: 'blue',
  paused: 'orange',
  finished: 'green',
  canceled: 'red',
};

export function CampaignStatusBadge({ status }: { status: TCampaignStatus }) {
  const { t } = useTranslation('campaigns');
  return (
    <Badge
      variant="light"
      color={STATUS_COLOR[status]}
      data-testid="campaign-status"
      style={{ flexShrink: 0 }}
      miw="max-content"
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Share of recipients done (sent, delivered, read, failed or skipped). */
export function doneShare(c: TCampaignCounts): number {
  if (c.total === 0) return 0;
  return Math.round(((c.total - c.queued - c.sending) / c.total) * 100);
}

export function CampaignProgressBar({ counts, w = 120 }: { counts: TCampaignCounts; w?: number | string }) {
  const { t } = useTranslation('campaigns');
  const share = doneShare(counts);
  return (
    <Tooltip label={`${share}%`}>
      <Progress value={share} size="md" aria-label={t('columns.progress')} w={w} />
    </Tooltip>
  );
}

/** A failure or skip reason in words (the catalogue's codes, Meta's and Twilio's codes). */
export function reasonText(t: TFunction, reason: string | null): string {
  if (!reason) return '';
  const key = `campaigns:reason.${reason}`;
  const text = t(key);
  return text === key || text === `reason.${reason}` ? t('campaigns:reason.other', { code: reason }) : text;
}

/** Seconds as '42 s', '12 min', '2 h 5 min'. */
export function durationText(t: TFunction, seconds: number): string {
  if (seconds < 60) return t('campaigns:seconds', { count: Math.max(1, seconds) });
  if (seconds < 3600) return t('campaigns:minutes', { count: Math.ceil(seconds / 60) });
  return t('campaigns:hours', {
    count: Math.floor(seconds / 3600),
    minutes: Math.ceil((seconds % 3600) / 60),
  });
}

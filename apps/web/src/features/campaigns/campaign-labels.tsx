import { Badge, Progress, Tooltip } from '@mantine/core';
import type { TCampaign, TCampaignCounts, TCampaignStatus } from '@atende/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../app/format';

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

/**
 * "Enviadas" / "Sent" on every campaign page (list, progress card, funnel): the messages the
 * provider accepted and has not reported as failed, i.e. recipients now 'sent', 'delivered' or
 * 'read'. Failures are NOT counted as sent: they have their own column ("Falhas"), a failed
 * recipient has no send date in the recipients table, and the funnel reads Enviadas → Entregues →
 * Lidas, each a part of the one before. So sent + failed + skipped + queued/sending + unconfirmed
 * = the campaign's recipients, and the list and the detail page show the same number.
 */
export function sentCount(c: TCampaignCounts): number {
  return c.sent + c.delivered + c.read;
}

/** "Entregues" / "Delivered": delivered, read or not (read implies delivered). */
export function deliveredCount(c: TCampaignCounts): number {
  return c.delivered + c.read;
}

/**
 * The campaign page's funnel: it starts with every recipient the campaign had (skipped and failed
 * ones included, so a finished campaign does not read "queued"), then narrows: sent (see
 * sentCount), delivered, read, replied.
 */
export function campaignFunnel(t: TFunction, c: TCampaignCounts): Array<{ step: string; value: number }> {
  return [
    { step: t('campaigns:detail.funnelTotal'), value: c.total },
    { step: t('campaigns:columns.sent'), value: sentCount(c) },
    { step: t('campaigns:columns.delivered'), value: deliveredCount(c) },
    { step: t('campaigns:columns.read'), value: c.read },
    { step: t('campaigns:columns.replied'), value: c.replied },
  ];
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

/**
 * The list's date line: when a started campaign was sent ("Enviada em" once finished, "Iniciada em"
 * while it runs, is paused or was canceled midway), when a scheduled one will start ("Agendada
 * para", only before it started), "Envio imediato" for one waiting to start now; null otherwise.
 */
export function campaignWhen(
  t: TFunction,
  c: Pick<TCampaign, 'status' | 'scheduledAt' | 'startedAt' | 'finishedAt'>,
  lang: string,
): { label: string; date: string } | null {
  const at = (key: string, value: string) => ({
    label: t(`campaigns:when.${key}`),
    date: formatDate(value, lang, true),
  });
  if (c.startedAt) return at(c.status === 'finished' ? 'sent' : 'started', c.startedAt);
  if (c.status === 'finished' && c.finishedAt) return at('finished', c.finishedAt);
  if (c.status !== 'draft' && c.status !== 'waiting') return null;
  if (c.scheduledAt) return at('scheduled', c.scheduledAt);
  return c.status === 'waiting' ? { label: t('campaigns:when.immediate'), date: '' } : null;
}

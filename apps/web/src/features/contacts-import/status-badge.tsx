import { Badge } from '@mantine/core';
import type { TImportStatus } from '@atende/shared';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TImportStatus, string> = {
  uploaded: 'gray',
  queued: 'blue',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'orange',
};

/**
 * Text of light badges and alerts: darker than Mantine's shades (even green/orange 9 stay under
 * 4.5:1 on their tinted background), so the contrast meets WCAG AA.
 */
const STRONG: Record<string, string> = {
  gray: '#343a40',
  blue: '#1864ab',
  green: '#1e6b2e',
  red: '#a61e1e',
  orange: '#a33a00',
};
export const strongText = (color: string) => STRONG[color] ?? 'inherit';

export function ImportStatusBadge({ status }: { status: TImportStatus }) {
  const { t } = useTranslation('contacts-import');
  return (
    <Badge color={COLORS[status]} c={strongText(COLORS[status])} variant="light" data-testid="import-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

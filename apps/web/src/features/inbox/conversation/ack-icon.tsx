import { IconAlertCircle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { MESSAGE_ACK } from '@atende/shared';
import { useTranslation } from 'react-i18next';

export type TAckState = 'sending' | 'failed' | 'pending' | 'sent' | 'delivered' | 'read';

/** The state an outgoing message shows: a local send in flight or failed, else its ack (spec §3). */
export function ackState(message: { ack: number; local?: boolean; sendError?: string | null }): TAckState {
  if (message.local) return message.sendError ? 'failed' : 'sending';
  if (message.ack <= MESSAGE_ACK.failed) return 'failed';
  if (message.ack >= MESSAGE_ACK.read) return 'read';
  if (message.ack === MESSAGE_ACK.delivered) return 'delivered';
  if (message.ack === MESSAGE_ACK.sent) return 'sent';
  return 'pending';
}

/** Clock (sending/pending), ✓ sent, ✓✓ delivered, blue ✓✓ read, red ! failed — each with its name. */
export function AckIcon({ state }: { state: TAckState }) {
  const { t } = useTranslation('inbox');
  const label = t(`ack.${state}`);
  const common = { size: 15, 'aria-label': label, role: 'img', 'data-ack': state } as const;
  switch (state) {
    case 'failed':
      return <IconAlertCircle {...common} color="var(--mantine-color-red-7)" />;
    case 'read':
      return <IconChecks {...common} color="#1c7ed6" />;
    case 'delivered':
      return <IconChecks {...common} color="#5c636a" />;
    case 'sent':
      return <IconCheck {...common} color="#5c636a" />;
    default:
      return <IconClock {...common} size={13} color="#5c636a" />;
  }
}

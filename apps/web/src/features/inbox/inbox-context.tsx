import { createContext, useContext, useSyncExternalStore } from 'react';
import { IconBrandWhatsapp, IconMessage2, IconWorldWww } from '@tabler/icons-react';
import type { TChannelKind, TInboxData } from '@atende/shared';
import type { InboxRealtime, TRealtimeState } from './data/inbox-realtime';

/** What every part of the inbox needs: the account, the signed-in member and the inbox data. */
export interface TInboxEnv {
  acc: string;
  me: string;
  manager: boolean;
  data: TInboxData;
  realtime: InboxRealtime | null;
}

export const InboxContext = createContext<TInboxEnv | null>(null);

export function useInbox(): TInboxEnv {
  const env = useContext(InboxContext);
  if (!env) throw new Error('useInbox outside InboxContext');
  return env;
}

const OFFLINE_STATE: TRealtimeState = { connection: 'connected', typing: {} };
const noop = () => () => undefined;

/** The socket's state (connected as long as there is no realtime binding, e.g. in tests). */
export function useRealtimeState(): TRealtimeState {
  const { realtime } = useInbox();
  return useSyncExternalStore(
    realtime?.subscribe ?? noop,
    realtime?.getState ?? (() => OFFLINE_STATE),
    realtime?.getState ?? (() => OFFLINE_STATE),
  );
}

/** An operator's name by id ('' when unknown). */
export function operatorName(data: TInboxData, id: string | null): string {
  if (!id) return '';
  return data.operators.find((o) => o.value === id)?.name ?? '';
}

const ICONS = { webchat: IconWorldWww, 'whatsapp-cloud': IconBrandWhatsapp, sms: IconMessage2 } as const;
const COLORS = {
  webchat: 'var(--mantine-color-blue-7)',
  'whatsapp-cloud': '#128c4a',
  sms: 'var(--mantine-color-grape-7)',
};

export function ChannelIcon({
  kind,
  size = 14,
  label,
}: {
  kind: TChannelKind | null;
  size?: number;
  label?: string;
}) {
  if (!kind) return null;
  const Icon = ICONS[kind];
  return (
    <Icon
      size={size}
      color={COLORS[kind]}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      role={label ? 'img' : undefined}
      style={{ flexShrink: 0 }}
    />
  );
}

import type { TChannel, TChannelKind, TChannelSummary } from '@atende/shared';
import type { TChannelRecord } from '../../providers/channel-adapter';
import type { TChannelRow } from './channels.repo';

/** Secrets each kind keeps (answers only say whether they are set). */
export const CHANNEL_SECRETS: Record<TChannelKind, readonly string[]> = {
  webchat: [],
  'whatsapp-cloud': ['accessToken', 'appSecret', 'verifyToken'],
  sms: ['authToken'],
};

/** The adapters' view of a stored channel. */
export function channelRecord(row: TChannelRow): TChannelRecord {
  return {
    id: row.id,
    accountId: row.accountId,
    kind: row.kind as TChannelKind,
    externalId: row.externalId,
    config: row.config,
    secrets: row.secrets,
  };
}

/** What admins see: config and `configured` flags, never a secret; the webhook or chat page URLs. */
export function presentChannel(row: TChannelRow, appUrl: string): TChannel {
  const kind = row.kind as TChannelKind;
  const configured = Object.fromEntries(CHANNEL_SECRETS[kind].map((key) => [key, !!row.secrets[key]]));
  const base: TChannel = {
    _id: row.id,
    acc: row.accountId,
    kind,
    name: row.name,
    status: row.status === 'disabled' ? 'disabled' : 'active',
    externalId: row.externalId,
    config: row.config,
    configured,
    webhookUrl: kind === 'webchat' ? null : `${appUrl}/webhooks/${kind}/${row.id}`,
    createdAt: row.createdAt.toISOString(),
  };
  if (kind === 'webchat') {
    base.chatUrl = `${appUrl}/chat/${row.externalId}`;
    base.widgetUrl = `${appUrl}/widget/${row.externalId}.js`;
  }
  return base;
}

/** The part every member may see (inbox data). */
export function summarizeChannel(row: TChannelRow): TChannelSummary {
  const kind = row.kind as TChannelKind;
  const address =
    kind === 'whatsapp-cloud'
      ? String(row.config.displayPhone ?? '')
      : kind === 'sms'
        ? row.externalId
        : row.externalId;
  return {
    _id: row.id,
    kind,
    name: row.name,
    status: row.status === 'disabled' ? 'disabled' : 'active',
    address,
  };
}

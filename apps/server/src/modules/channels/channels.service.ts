import type {
  TChannel,
  TChannelKind,
  TChannelSummary,
  TCreateChannelBody,
  TUpdateChannelBody,
} from '@atende/shared';
import type { TChannelRecord } from '../../providers/channel-adapter';
import type { TDb } from '../../platform/db/client';
import type { DomainEvents } from '../../platform/events';
import type { TTx } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { TenantCache } from '../../platform/tenant-cache';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import {
  findChannelByExternalId,
  findChannelRow,
  findChannelRowIn,
  insertChannelRow,
  listChannelRows,
  softDeleteChannelRow,
  updateChannelRow,
  type TChannelRow,
} from './channels.repo';
import { CHANNEL_SECRETS, channelRecord, presentChannel, summarizeChannel } from './channels.presenter';
import type { WebhookChannels } from './webhook-channels';
import { changesOf } from '../activity-log/activity-changes';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import type { TActor } from '../../platform/request-context';

export type { TChannelRow };

type TBody = TCreateChannelBody | TUpdateChannelBody;

/** A bot's chat page look, where the body sets it (the keys left out are not written). */
const PAGE_LOOK_KEYS = ['title', 'avatarUrl', 'background'] as const;
const pageLookOf = (source: Record<string, unknown>) =>
  Object.fromEntries(PAGE_LOOK_KEYS.filter((k) => source[k] !== undefined).map((k) => [k, source[k]]));

/** Kind-specific fields → the row's provider address, shown config and secrets. */
function fieldsOf(body: TBody): {
  externalId: string;
  config: Record<string, unknown>;
  secrets: Record<string, string>;
} {
  const secretsOf = (keys: readonly string[]) => {
    const out: Record<string, string> = {};
    for (const key of keys) {
      const value = (body as Record<string, unknown>)[key];
      if (typeof value === 'string' && value) out[key] = value;
    }
    return out;
  };
  switch (body.kind) {
    case 'webchat':
      return {
        externalId: body.slug,
        config: {
          slug: body.slug,
          color: body.color,
          greeting: body.greeting,
          allowedOrigins: body.allowedOrigins,
          preChatForm: body.preChatForm,
          preChatFields: body.preChatFields,
          ...pageLookOf(body),
        },
        secrets: {},
      };
    case 'whatsapp-cloud':
      return {
        externalId: body.phoneNumberId,
        config: { phoneNumberId: body.phoneNumberId, wabaId: body.wabaId, displayPhone: body.displayPhone },
        secrets: secretsOf(CHANNEL_SECRETS['whatsapp-cloud']),
      };
    case 'sms':
      return {
        externalId: body.fromNumber,
        config: { fromNumber: body.fromNumber, accountSid: body.accountSid },
        secrets: secretsOf(CHANNEL_SECRETS.sms),
      };
  }
}

/** Channels of an account (admins): web chat, WhatsApp Cloud, SMS. One provider address belongs to one account. */
export class ChannelsService {
  constructor(
    private readonly db: TDb,
    private readonly appUrl: string,
    private readonly lookup: WebhookChannels,
    private readonly tenantCache: TenantCache,
    private readonly activity: ActivityLogService,
    /** Emits channel.changed { deleted } with the deletion (bots leave the channel). */
    private readonly bus?: DomainEvents,
  ) {}

  /** A webhook's channel by id and kind (cached a moment; see WebhookChannels). */
  webhookChannel(kind: TChannelRecord['kind'], id: string) {
    return this.lookup.find(kind, id);
  }

  /** The channel as the provider adapters take it. */
  record(row: TChannelRow): TChannelRecord {
    return channelRecord(row);
  }

  /** An active channel of `kind` by its provider address (web chat: the chat page slug). */
  async activeByExternalId(kind: TChannelKind, externalId: string): Promise<TChannelRow> {
    const row = await findChannelByExternalId(this.db, kind, externalId);
    if (row?.status !== 'active') throw new AppError('CHANNEL_NOT_FOUND');
    return row;
  }

  /**
   * A channel changed or was deleted: the webhooks' lookup forgets it here at once, and on the
   * other processes when the account's invalidation (PostgreSQL NOTIFY) reaches them.
   */
  private async changed(accountId: string, id: string) {
    this.lookup.forget(id);
    await this.tenantCache.invalidate(accountId);
  }

  async list(accountId: string): Promise<TChannel[]> {
    return (await listChannelRows(this.db, accountId)).map((r) => presentChannel(r, this.appUrl));
  }

  async summaries(accountId: string): Promise<TChannelSummary[]> {
    return (await listChannelRows(this.db, accountId)).map(summarizeChannel);
  }

  async get(accountId: string, id: string): Promise<TChannel> {
    return presentChannel(await this.row(accountId, id), this.appUrl);
  }

  /** The stored row (services that send or check a channel). */
  async row(accountId: string, id: string): Promise<TChannelRow> {
    const row = await findChannelRow(this.db, accountId, id);
    if (!row) throw new AppError('CHANNEL_NOT_FOUND');
    return row;
  }

  /** The stored row, read in the caller's transaction (a send that stores its message with it). */
  async rowIn(tx: TTx, accountId: string, id: string): Promise<TChannelRow> {
    const row = await findChannelRowIn(tx, accountId, id);
    if (!row) throw new AppError('CHANNEL_NOT_FOUND');
    return row;
  }

  async create(accountId: string, body: TCreateChannelBody, actor?: TActor): Promise<TChannel> {
    const { externalId, config, secrets } = fieldsOf(body);
    const row = await this.unique(() =>
      insertChannelRow(this.db, accountId, { kind: body.kind, name: body.name, externalId, config, secrets }),
    );
    if (actor)
      await this.activity.record(accountId, actor, {
        action: 'channel.created',
        target: row.name,
        details: { kind: row.kind },
      });
    return presentChannel(row, this.appUrl);
  }

  /** The kind cannot change; secrets left out keep their stored value. */
  async update(accountId: string, id: string, body: TUpdateChannelBody, actor?: TActor): Promise<TChannel> {
    const current = await this.row(accountId, id);
    if (current.kind !== body.kind) throw AppError.validation([{ path: 'kind', key: 'invalid' }]);
    const { externalId, config, secrets } = fieldsOf(body);
    const row = await this.unique(() =>
      updateChannelRow(this.db, accountId, id, {
        name: body.name,
        externalId,
        // Settings › Channels does not edit a chat page's look: what it leaves out stays.
        config: body.kind === 'webchat' ? { ...pageLookOf(current.config), ...config } : config,
        secrets: { ...current.secrets, ...secrets },
        ...(body.status ? { status: body.status } : {}),
      }),
    );
    if (!row) throw new AppError('CHANNEL_NOT_FOUND');
    await this.changed(accountId, id);
    if (actor) {
      // Which secrets were replaced is said, never their values.
      const secretsReplaced = Object.keys(secrets).filter(
        (k) => secrets[k] && secrets[k] !== current.secrets[k],
      );
      const changes = [
        ...changesOf(
          { name: current.name, status: current.status, externalId: current.externalId, ...current.config },
          { name: row.name, status: row.status, externalId: row.externalId, ...row.config },
          [
            'name',
            'status',
            'externalId',
            ...new Set([...Object.keys(current.config), ...Object.keys(row.config)]),
          ],
        ),
        ...secretsReplaced.map((field) => ({ field })),
      ];
      await this.activity.record(accountId, actor, {
        action: 'channel.updated',
        target: row.name,
        details: { kind: row.kind, changes },
      });
    }
    return presentChannel(row, this.appUrl);
  }

  async remove(accountId: string, id: string, actor?: TActor): Promise<void> {
    const current = actor ? await findChannelRow(this.db, accountId, id) : undefined;
    const deleted = await softDeleteChannelRow(this.db, accountId, id, (tx) =>
      this.bus
        ? this.bus.emit(tx, accountId, 'channel.changed', { channelId: id, change: 'deleted' })
        : Promise.resolve(),
    );
    if (!deleted) throw new AppError('CHANNEL_NOT_FOUND');
    await this.changed(accountId, id);
    if (actor && current)
      await this.activity.record(accountId, actor, {
        action: 'channel.deleted',
        target: current.name,
        details: { kind: current.kind },
      });
  }

  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CHANNEL_IN_USE');
      throw error;
    }
  }
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TChannelRecord } from '../../providers/channel-adapter';
import type { TDb } from '../../platform/db/client';
import { channelRecord } from './channels.presenter';
import { channels } from './channels.schema';
import { isUuid } from '../../platform/db/columns';

/** A webhook's channel; a disabled one (not active) still verifies and signs, but stores no message. */
export type TWebhookChannel = TChannelRecord & { active: boolean };

/**
 * How long a looked-up channel is reused at most: a change is forgotten at once on the process
 * that made it and, through the tenant cache's invalidation (PostgreSQL NOTIFY), on the others;
 * this bounds a lost notification.
 */
const TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

/**
 * Channels of incoming webhooks, looked up by id before any tenant is known: as the table owner
 * (row-level security does not apply), by primary key only, live channels of the given kind.
 * Kept a moment per process: a provider posting hundreds of deliveries a second reads it once.
 */
export class WebhookChannels {
  private readonly cache = new Map<string, { channel: TWebhookChannel; expires: number }>();
  private statement: ReturnType<WebhookChannels['prepare']> | null = null;

  constructor(private readonly db: TDb) {}

  private prepare() {
    return this.db
      .select()
      .from(channels)
      .where(
        and(
          eq(channels.id, sql.placeholder('id')),
          eq(channels.kind, sql.placeholder('kind')),
          isNull(channels.deletedAt),
        ),
      )
      .prepare('webhook_channel');
  }

  async find(kind: TChannelRecord['kind'], id: string): Promise<TWebhookChannel | null> {
    if (!isUuid(id)) return null;
    const key = `${kind}:${id}`;
    const hit = this.cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.channel;
    this.statement ??= this.prepare();
    const [row] = await this.statement.execute({ id, kind });
    const channel: TWebhookChannel | null = row
      ? { ...channelRecord(row), active: row.status === 'active' }
      : null;
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    if (channel) this.cache.set(key, { channel, expires: Date.now() + TTL_MS });
    return channel;
  }

  /** Forget a channel at once (its owner changed or deleted it on this process). */
  forget(id: string) {
    for (const key of this.cache.keys()) if (key.endsWith(`:${id}`)) this.cache.delete(key);
  }

  /** Forget an account's channels (its cached data was invalidated, here or on another process). */
  forgetAccount(accountId: string) {
    for (const [key, hit] of this.cache) if (hit.channel.accountId === accountId) this.cache.delete(key);
  }
}

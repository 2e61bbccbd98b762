import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../../platform/db/client';
import { withTenant } from '../../../platform/db/tenant';
import { channels } from '../../channels/channels.schema';
import { conversations, messages } from '../inbox.schema';

/** A message's media reference with its conversation (for access) and channel (to read it back). */
export async function findMediaMessage(db: TDb, accountId: string, messageId: string) {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .select({ media: messages.media, conversation: conversations, channel: channels })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(channels, eq(channels.id, messages.channelId))
      .where(and(eq(messages.accountId, accountId), eq(messages.id, messageId))),
  );
  return row;
}

import { and, eq, sql } from 'drizzle-orm';
import type { TMessageReactions } from '@atende/shared';
import type { TTx } from '../../../platform/db/tenant';
import { rowsOf } from '../../../platform/db/client';
import { channels } from '../../channels/channels.schema';
import { contacts } from '../../contacts/contacts.schema';
import { conversations, messages } from '../inbox.schema';

export type TReactedMessage = {
  id: string;
  conversationId: string;
  reactions: TMessageReactions;
};

/**
 * Sets (or, with an empty emoji, removes) one side's reaction on a message; `where` picks the
 * message. Answers the message with its reactions as now stored, or none when no message matched.
 */
async function setReaction(
  tx: TTx,
  where: ReturnType<typeof sql>,
  side: 'contact' | 'team',
  value: string | { emoji: string; userId: string; name: string } | null,
): Promise<TReactedMessage | undefined> {
  const next =
    value === null
      ? sql`coalesce(reactions, '{}'::jsonb) - ${side}::text`
      : sql`coalesce(reactions, '{}'::jsonb) || jsonb_build_object(${side}::text, ${JSON.stringify(value)}::jsonb)`;
  const [row] = rowsOf<{ id: string; conversation_id: string; reactions: TMessageReactions }>(
    await tx.execute(sql`
      update messages set reactions = ${next}
      where ${where}
      returning id, conversation_id, reactions`),
  );
  return row ? { id: row.id, conversationId: row.conversation_id, reactions: row.reactions } : undefined;
}

/** The customer's reaction to a message of the channel, found by the provider's id of that message. */
export function setContactReaction(
  tx: TTx,
  accountId: string,
  channelId: string,
  providerMessageId: string,
  emoji: string,
) {
  return setReaction(
    tx,
    sql`account_id = ${accountId} and channel_id = ${channelId} and provider_message_id = ${providerMessageId}`,
    'contact',
    emoji ? emoji : null,
  );
}

/** The team's reaction (by an operator) to a message of a conversation. */
export function setTeamReaction(
  tx: TTx,
  accountId: string,
  conversationId: string,
  messageId: string,
  reaction: { emoji: string; userId: string; name: string } | null,
) {
  return setReaction(
    tx,
    sql`account_id = ${accountId} and conversation_id = ${conversationId} and id = ${messageId}`,
    'team',
    reaction,
  );
}

/** A message of a conversation with what a reaction to it needs: its author, provider id, channel, the customer's phone. */
export async function findMessageForReaction(
  tx: TTx,
  accountId: string,
  conversationId: string,
  messageId: string,
) {
  const [row] = await tx
    .select({
      authorType: messages.authorType,
      providerMessageId: messages.providerMessageId,
      reactions: messages.reactions,
      channel: channels,
      contactPhone: contacts.phone,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .leftJoin(channels, eq(channels.id, messages.channelId))
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.conversationId, conversationId),
        eq(messages.id, messageId),
      ),
    );
  return row;
}

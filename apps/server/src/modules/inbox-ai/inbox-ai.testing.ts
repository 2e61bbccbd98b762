// Test support for the inbox's AI: a conversation with messages, a quick message, a trained
// knowledge source and the account flags, made the way the inbox and the admin API make them.
import { sql } from 'drizzle-orm';
import { newId } from '../../platform/db/columns';
import type { TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api, type TTestApp } from '../../testing/test-app';
import { createChannel, seedConversation, webchatBody, withAcc } from '../inbox/testing/inbox.testing';

export type TAuthor = 'contact' | 'operator';

/** A conversation assigned to `owner` with the given messages, oldest first. */
export async function conversationWith(
  ctx: TTestApp,
  owner: TSignedUp,
  messages: Array<[TAuthor, string]>,
  name = 'Maria Silva',
) {
  const channel = await createChannel(ctx, owner, webchatBody());
  const { conversationId } = await seedConversation(ctx, owner.accountId, {
    channelId: channel._id,
    name,
    stage: 'attendance',
    assigneeId: owner.userId,
  });
  let at = Date.now() - messages.length * 1000;
  for (const [author, body] of messages) {
    at += 1000;
    await queryRows(
      ctx,
      sql`insert into messages (id, account_id, conversation_id, channel_id, author_type, author_id, author_name, body, created_at)
          values (${newId()}, ${owner.accountId}, ${conversationId}, ${channel._id}, ${author},
            ${author === 'operator' ? owner.userId : null}, ${author === 'operator' ? 'Ana' : null}, ${body},
            ${new Date(at).toISOString()}::timestamptz)`,
    );
  }
  return conversationId;
}

export function call(ctx: TTestApp, user: TSignedUp | { token: string; accountId?: string }, acc: string) {
  return (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, lang = 'pt-BR') =>
    api(ctx.app, method, withAcc(path, acc), { token: user.token, body, lang });
}

export async function addQuickMessage(ctx: TTestApp, owner: TSignedUp, shortcut: string, text: string) {
  const res = await call(ctx, owner, owner.accountId)('POST', '/p/chat/quick-messages', { shortcut, text });
  if (res.statusCode !== 200) throw new Error(`quick message failed: ${JSON.stringify(res.body)}`);
}

/** A markdown source of the account's knowledge base, trained. */
export async function addTrainedMarkdown(ctx: TTestApp, owner: TSignedUp, name: string, text: string) {
  const c = call(ctx, owner, owner.accountId);
  const added = await c('POST', '/p/ai/knowledge/sources/markdown', { name, text });
  if (added.statusCode !== 200) throw new Error(`source failed: ${JSON.stringify(added.body)}`);
  await until(async () => {
    const list = await c('GET', '/p/ai/knowledge/sources');
    return list.body.data.items.find((s: any) => s._id === added.body.data._id)?.status === 'trained';
  });
}

export async function setAiFlags(
  ctx: TTestApp,
  accountId: string,
  aiEnable: boolean,
  assistantEnable: boolean,
) {
  await queryRows(
    ctx,
    sql`update accounts set ai_enable = ${aiEnable}, assistant_enable = ${assistantEnable} where id = ${accountId}`,
  );
  await ctx.app.platform.tenantCache.invalidate(accountId);
}

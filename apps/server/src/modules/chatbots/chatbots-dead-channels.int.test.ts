import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { insertWhatsAppChannel, type TTestChannel } from '../inbox/testing/intake.testing';
import { menuFlow, publishedBot } from './testing/chatbots.testing';

// 0057: bots whose channel was deleted before a deleted channel made the bots leave it (the
// chatbots.channels listener) held the dead id and could be neither saved nor published.

let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;
let kept: TTestChannel;
let dead: TTestChannel;
let othersChannel: TTestChannel;

const call = (who: TSignedUp, method: 'GET' | 'PATCH' | 'POST', path: string, body?: unknown) =>
  api(ctx.app, method, `${path}?acc=${who.accountId}`, { token: who.token, body, lang: 'pt-BR' });

/** The statements of 0057, as the migrator runs them. */
function migrationStatements(): string[] {
  return readFileSync(new URL('../../../drizzle/0057_chatbots_dead_channels.sql', import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

const liveChannelsOf = async (botId: string) =>
  (
    await queryRows<{ channel_id: string }>(
      ctx,
      sql`select channel_id from chatbot_channels where chatbot_id = ${botId} order by channel_id`,
    )
  ).map((r) => r.channel_id);

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx, { plan: 'business' });
  other = await signUp(ctx, { plan: 'business' });
  kept = await insertWhatsAppChannel(ctx, owner.accountId);
  dead = await insertWhatsAppChannel(ctx, owner.accountId);
  othersChannel = await insertWhatsAppChannel(ctx, other.accountId);
});
afterAll(async () => {
  await ctx?.close();
});

describe('0057: bots leave the channels deleted before the bots followed deletions', () => {
  it('a published bot on a deleted channel (and on another account’s) keeps its live channels and saves and publishes again', async () => {
    const botId = await publishedBot(ctx, owner, [dead.id, kept.id], menuFlow());
    const othersBot = await publishedBot(ctx, other, [othersChannel.id], menuFlow());
    // The state an older release left: the channel deleted with no event for the bots, and (a
    // stray) another account's channel in the list.
    await queryRows(
      ctx,
      sql`update channels set deleted_at = now(), status = 'disabled' where id = ${dead.id}`,
    );
    await queryRows(
      ctx,
      sql`update chatbots set channel_ids = channel_ids || ${JSON.stringify([othersChannel.id])}::jsonb
          where id = ${botId}`,
    );
    const stored = (await call(owner, 'GET', `/p/chatbots/${botId}`)).body.data.chatbot.channelIds;
    expect(stored).toEqual([dead.id, kept.id, othersChannel.id]);
    const refused = await call(owner, 'POST', `/p/chatbots/${botId}/publish`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toMatchObject({ code: 'CHANNEL_NOT_FOUND', message: 'Canal não encontrado' });

    for (const statement of migrationStatements()) await queryRows(ctx, sql.raw(statement));

    const shown = (await call(owner, 'GET', `/p/chatbots/${botId}`)).body.data.chatbot;
    expect(shown.channelIds).toEqual([kept.id]);
    expect(await liveChannelsOf(botId)).toEqual([kept.id]);
    // The editor saves what it shows, and the bot publishes.
    const saved = await call(owner, 'PATCH', `/p/chatbots/${botId}`, {
      name: 'Atendimento',
      channelIds: shown.channelIds,
    });
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'Atendimento', channelIds: [kept.id] });
    const published = await call(owner, 'POST', `/p/chatbots/${botId}/publish`);
    expect(published.statusCode, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data).toMatchObject({ status: 'published', publishedVersion: 2 });
    expect(await liveChannelsOf(botId)).toEqual([kept.id]);
    // Another account's bot on its own live channel is left as it was.
    expect((await call(other, 'GET', `/p/chatbots/${othersBot}`)).body.data.chatbot.channelIds).toEqual([
      othersChannel.id,
    ]);
    expect(await liveChannelsOf(othersBot)).toEqual([othersChannel.id]);
  });

  it('a draft bot whose every channel is gone is left with none, and runs again harmlessly', async () => {
    const third = await signUp(ctx, { plan: 'business' });
    const gone = await insertWhatsAppChannel(ctx, third.accountId);
    const next = await insertWhatsAppChannel(ctx, third.accountId);
    const created = await call(third, 'POST', '/p/chatbots', {
      name: 'Rascunho',
      type: 'flow',
      channelIds: [gone.id],
    });
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    const botId = created.body.data._id as string;
    await queryRows(ctx, sql`update channels set deleted_at = now() where id = ${gone.id}`);

    for (let run = 0; run < 2; run++)
      for (const statement of migrationStatements()) await queryRows(ctx, sql.raw(statement));

    expect((await call(third, 'GET', `/p/chatbots/${botId}`)).body.data.chatbot.channelIds).toEqual([]);
    const saved = await call(third, 'PATCH', `/p/chatbots/${botId}`, { channelIds: [next.id] });
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.channelIds).toEqual([next.id]);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { startTestApp, type TTestApp } from '../../testing/test-app';
import { call } from '../inbox-ai/inbox-ai.testing';
import { DEFAULT_AI_PROMPTS } from './ai-prompts';
import { monthOf } from './ai-settings.repo';

let ctx: TTestApp;
let owner: TSignedUp;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

describe('Settings → AI', () => {
  it('shows the default prompts, the built-in provider and no usage on a new account', async () => {
    const res = await call(ctx, owner, owner.accountId)('GET', '/p/ai/settings');
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      prompts: {
        inbox: {
          text: DEFAULT_AI_PROMPTS.inbox['pt-BR'],
          custom: false,
          default: DEFAULT_AI_PROMPTS.inbox['pt-BR'],
        },
        assistant: {
          text: DEFAULT_AI_PROMPTS.assistant['pt-BR'],
          custom: false,
          default: DEFAULT_AI_PROMPTS.assistant['pt-BR'],
        },
      },
      provider: { kind: 'retrieval', model: 'atende-retrieval' },
      usage: { month: monthOf(new Date(), 'America/Sao_Paulo').slice(0, 7), requests: 0, tokens: 0 },
      aiEnable: true,
      assistantEnable: true,
    });
    const en = await call(ctx, owner, owner.accountId)('GET', '/p/ai/settings', undefined, 'en');
    expect(en.body.data.prompts.inbox.text).toBe(DEFAULT_AI_PROMPTS.inbox.en);
  });

  it('saves a prompt, logs the change, feeds the assistant room, and resets to the default', async () => {
    const c = call(ctx, owner, owner.accountId);
    const saved = await c('PUT', '/p/ai/settings', {
      inboxPrompt: '  Seja breve.  ',
      assistantPrompt: 'Ajude a equipe.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data.prompts.inbox).toMatchObject({ text: 'Seja breve.', custom: true });
    expect(saved.body.data.prompts.assistant).toMatchObject({ text: 'Ajude a equipe.', custom: true });
    expect((await c('GET', '/p/team-chat/settings')).body.data).toEqual({ aiPrompt: 'Ajude a equipe.' });

    const log = await queryRows<{ action: string; details: any }>(
      ctx,
      sql`select action, details from activity_log where account_id = ${owner.accountId} and action = 'ai.settings_updated'`,
    );
    expect(log).toEqual([
      {
        action: 'ai.settings_updated',
        details: {
          changes: [
            { field: 'inboxPrompt', from: null, to: 'Seja breve.' },
            { field: 'assistantPrompt', from: null, to: 'Ajude a equipe.' },
          ],
        },
      },
    ]);

    const reset = await c('PUT', '/p/ai/settings', { inboxPrompt: null });
    expect(reset.body.data.prompts.inbox).toEqual({
      text: DEFAULT_AI_PROMPTS.inbox['pt-BR'],
      custom: false,
      default: DEFAULT_AI_PROMPTS.inbox['pt-BR'],
    });
    expect(reset.body.data.prompts.assistant.custom).toBe(true);
  });

  it('refuses an empty or too long prompt, and keeps the page to admins', async () => {
    const c = call(ctx, owner, owner.accountId);
    const empty = await c('PUT', '/p/ai/settings', { inboxPrompt: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    const long = await c('PUT', '/p/ai/settings', { inboxPrompt: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);

    const operator = await addMember(ctx, owner, 'operator');
    const read = await call(ctx, operator, owner.accountId)('GET', '/p/ai/settings');
    expect(read.statusCode).toBe(403);
    const write = await call(ctx, operator, owner.accountId)('PUT', '/p/ai/settings', { inboxPrompt: 'x' });
    expect(write.statusCode).toBe(403);
  });

  it('counts every call of the shared provider to the account that made it, and only there', async () => {
    const provider = ctx.app.services.aiProvider;
    await provider.complete({
      accountId: owner.accountId,
      lang: 'pt-BR',
      messages: [{ role: 'user', content: 'troca' }],
    });
    await provider.embed(['troca'], { accountId: owner.accountId });
    await provider.embed(['sem conta']);
    const mine = await call(ctx, owner, owner.accountId)('GET', '/p/ai/settings');
    expect(mine.body.data.usage).toMatchObject({ requests: 2, tokens: 0 });
    const other = await signUp(ctx);
    const theirs = await call(ctx, other, other.accountId)('GET', '/p/ai/settings');
    expect(theirs.body.data.usage).toMatchObject({ requests: 0, tokens: 0 });
  });

  it("counts usage in the calendar month of the account's time zone, not UTC's", async () => {
    const east = await signUp(ctx);
    const west = await signUp(ctx);
    await queryRows(
      ctx,
      sql`update accounts set timezone = 'Pacific/Kiritimati' where id = ${east.accountId}`,
    );
    await queryRows(
      ctx,
      sql`update accounts set timezone = 'America/Sao_Paulo' where id = ${west.accountId}`,
    );
    await ctx.app.platform.tenantCache.invalidate(east.accountId);
    const settings = ctx.app.services.aiSettings;
    // 31 Jan 2026, 12:00 UTC: already 1 Feb in Kiritimati (UTC+14), still January in São Paulo.
    const at = new Date('2026-01-31T12:00:00Z');
    await settings.record(east.accountId, { tokens: 7 }, at);
    await settings.record(west.accountId, { tokens: 5 }, at);
    // 1 Feb 2026, 01:00 UTC: 31 Jan 22:00 in São Paulo (UTC-3).
    await settings.record(west.accountId, { tokens: 3 }, new Date('2026-02-01T01:00:00Z'));
    const rows = await queryRows<{ account_id: string; month: string; requests: number; tokens: string }>(
      ctx,
      sql`select account_id, to_char(month, 'YYYY-MM-DD') as month, requests, tokens from ai_usage
           where account_id in (${east.accountId}, ${west.accountId}) order by month`,
    );
    expect(rows.map((r) => [r.account_id, r.month, r.requests, Number(r.tokens)])).toEqual(
      expect.arrayContaining([
        [east.accountId, '2026-02-01', 1, 7],
        [west.accountId, '2026-01-01', 2, 8],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(monthOf(new Date('2026-01-31T12:00:00Z'), 'No/Such_Zone')).toBe('2026-01-01');
  });
});

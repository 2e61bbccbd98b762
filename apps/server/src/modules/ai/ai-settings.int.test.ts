import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { startTestApp, type TTestApp } from '../../testing/test-app';
import { call } from '../inbox-ai/inbox-ai.testing';
import { DEFAULT_AI_PROMPTS } from './ai-prompts';

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
      usage: { month: new Date().toISOString().slice(0, 7), requests: 0, tokens: 0 },
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
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConfig } from '../../../config';
import { useTwoAccounts } from '../../../testing/app-fixtures';
import { FakeOpenAi } from '../../team-chat/fake-openai.testing';

/**
 * The OpenAI-compatible AI app: an account's own provider (a local fake OpenAI-compatible server)
 * answers every AI feature of that account; other accounts keep the server's (another fake).
 */
const serverAi = new FakeOpenAi();
const accountAi = new FakeOpenAi();
const config: Partial<TConfig> = { OPENAI_API_KEY: 'server-key', OPENAI_MODEL: 'server-model' };
// Before the app starts (hooks run in order): the server's provider is the other fake.
beforeAll(async () => {
  config.OPENAI_BASE_URL = await serverAi.start();
  await accountAi.start();
});
const t = useTwoAccounts(config);
let installId: string;

afterAll(async () => {
  await serverAi.stop();
  await accountAi.stop();
});

const settings = () => ({ baseUrl: accountAi.url, apiKey: 'account-key', model: 'account-model' });
const improve = (acc?: string, token?: string) =>
  t.call('POST', '/p/chat/ai/improve', { acc, token, body: { text: 'oi, o prazo e 30 dia' } });

describe('OpenAI-compatible AI app', { timeout: 30_000 }, () => {
  it('is in the catalogue with its fields, the key write-only', async () => {
    const res = await t.call('GET', '/p/apps/catalogue');
    const app = res.body.data.find((a: { key: string }) => a.key === 'openai-compatible');
    expect(app).toMatchObject({ category: 'ai', multiple: false, testable: true });
    expect(app.fields).toEqual([
      { key: 'baseUrl', kind: 'url', required: true, default: 'https://api.openai.com/v1' },
      { key: 'apiKey', kind: 'secret', required: true },
      { key: 'model', kind: 'text', required: true, default: 'gpt-4o-mini' },
    ]);
  });

  it('refuses a bad address and a missing key, field by field', async () => {
    const res = await t.call('POST', '/p/apps/installs', {
      body: { app: 'openai-compatible', settings: { baseUrl: 'ftp://x', apiKey: ' ', model: 'm' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'settings.baseUrl', key: 'url' }),
        expect.objectContaining({ path: 'settings.apiKey', key: 'required' }),
      ]),
    );
  });

  it('installs with the key sealed: never sent back', async () => {
    const res = await t.call('POST', '/p/apps/installs', {
      body: { app: 'openai-compatible', settings: settings() },
    });
    expect(res.statusCode).toBe(200);
    installId = res.body.data._id;
    expect(res.body.data.settings).toEqual({ baseUrl: accountAi.url, model: 'account-model' });
    expect(res.body.data.secretsSet).toEqual(['apiKey']);
    const listed = await t.call('GET', '/p/apps/installs');
    expect(JSON.stringify(listed.body)).not.toContain('account-key');
  });

  it('tests the connection with a one-token completion of the configured model and key', async () => {
    const res = await t.call('POST', `/p/apps/installs/${installId}/test`);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ action: 'test', status: 'success', message: 'connected' });
    expect(JSON.stringify(res.body.data.log)).not.toContain('account-key');
    const last = accountAi.chatRequests().at(-1)!;
    expect(last.body).toMatchObject({ model: 'account-model', max_tokens: 1 });
    expect(last.authorization).toBe('Bearer account-key');
  });

  it("answers the account's inbox AI, knowledge and Settings → AI with its own provider", async () => {
    const before = accountAi.chatRequests().length;
    const res = await improve();
    expect(res.statusCode).toBe(200);
    expect(res.body.data.text).toContain('Resposta do modelo para:');
    const calls = accountAi.chatRequests().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0].body.model).toBe('account-model');
    expect(calls[0].authorization).toBe('Bearer account-key');
    expect(serverAi.chatRequests()).toHaveLength(0);

    // The AI bots' and the hybrid agent block's answers (knowledge) go to it as well.
    const summary = await t.ctx.app.services.knowledgeSources.summary(
      t.owner.accountId,
      [{ role: 'user', content: 'resuma' }],
      'pt-BR',
    );
    expect(summary).toContain('Resposta do modelo para: resuma');
    expect(accountAi.chatRequests().at(-1)!.body.model).toBe('account-model');

    const status = await t.call('GET', '/p/chat/ai/status');
    expect(status.body.data).toEqual({ enabled: true, model: true });
    const ai = await t.call('GET', '/p/ai/settings');
    expect(ai.body.data.provider).toMatchObject({ kind: 'openai', model: 'account-model' });
    // Counted to the account's monthly AI usage like any other call.
    expect(ai.body.data.usage.requests).toBeGreaterThanOrEqual(1);
  });

  it("leaves another account on the server's provider", async () => {
    const before = accountAi.chatRequests().length;
    const ai = await t.call('GET', '/p/ai/settings', { acc: t.other.accountId, token: t.other.token });
    expect(ai.body.data.provider).toMatchObject({ kind: 'openai', model: 'server-model' });
    const res = await improve(t.other.accountId, t.other.token);
    expect(res.statusCode).toBe(200);
    expect(accountAi.chatRequests()).toHaveLength(before);
    const server = serverAi.chatRequests().at(-1)!;
    expect(server.body.model).toBe('server-model');
    expect(server.authorization).toBe('Bearer server-key');
    const installs = await t.call('GET', '/p/apps/installs', {
      acc: t.other.accountId,
      token: t.other.token,
    });
    expect(installs.body.data).toEqual([]);
  });

  it('follows a new configuration at once, and the server again after uninstall', async () => {
    const configured = await t.call('PUT', `/p/apps/installs/${installId}`, {
      body: { settings: { ...settings(), apiKey: '', model: 'account-model-2' } },
    });
    expect(configured.statusCode).toBe(200);
    expect((await improve()).statusCode).toBe(200);
    const last = accountAi.chatRequests().at(-1)!;
    expect(last.body.model).toBe('account-model-2');
    expect(last.authorization).toBe('Bearer account-key');

    await t.call('POST', `/p/apps/installs/${installId}/disable`);
    expect((await t.call('GET', '/p/ai/settings')).body.data.provider.model).toBe('server-model');
    await t.call('POST', `/p/apps/installs/${installId}/enable`);
    expect((await t.call('GET', '/p/ai/settings')).body.data.provider.model).toBe('account-model-2');

    const before = accountAi.chatRequests().length;
    expect((await t.call('DELETE', `/p/apps/installs/${installId}`)).statusCode).toBe(200);
    const ai = await t.call('GET', '/p/ai/settings');
    expect(ai.body.data.provider).toMatchObject({ kind: 'openai', model: 'server-model' });
    const serverBefore = serverAi.chatRequests().length;
    expect((await improve()).statusCode).toBe(200);
    expect(accountAi.chatRequests()).toHaveLength(before);
    expect(serverAi.chatRequests()).toHaveLength(serverBefore + 1);
  });
});

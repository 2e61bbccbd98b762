import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { updateEndpointRow } from '../modules/app-store/webhooks/webhooks.repo';
import { useTwoAccounts } from '../testing/app-fixtures';
import { FakeSuperlogica } from '../testing/fake-superlogica';
import { FakeWebhookReceiver } from '../testing/fake-webhook-receiver';
import { until } from '../testing/helpers';

/**
 * With private addresses not allowed (production's default; the other tests allow them for their
 * local receivers and pages): a webhook endpoint, an automation webhook, a knowledge base web page
 * or the Superlógica API base on a loopback/private address is refused when saved, with a
 * translated error, and one whose address became private is never called.
 */
const t = useTwoAccounts({ OUTBOUND_HTTP_ALLOW_PRIVATE: 'false' });
const receiver = new FakeWebhookReceiver();

beforeAll(async () => {
  await receiver.start();
  await t.call('POST', '/p/apps/installs', { body: { app: 'webhooks' } });
});
afterAll(() => receiver.stop());

const body = (url: string) => ({ url, events: ['contact.created'] });

describe('outbound addresses', () => {
  it('refuses loopback, private, link-local and metadata addresses when saved, in both languages', async () => {
    for (const url of [
      receiver.url,
      receiver.url.replace('127.0.0.1', 'localhost'),
      'http://[::1]:8080/hooks',
      'http://10.0.0.5/hooks',
      'http://192.168.1.20/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00:ec2::254]/',
      'http://[::ffff:127.0.0.1]/hooks',
    ]) {
      const res = await t.call('POST', '/p/apps/webhooks/endpoints', { body: body(url) });
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toMatchObject({
        code: 'URL_NOT_ALLOWED',
        message: 'This address is not allowed: use a public http:// or https:// address',
      });
    }
    const pt = await t.call('POST', '/p/apps/webhooks/endpoints', {
      body: body(receiver.url),
      lang: 'pt-BR',
    });
    expect(pt.body.message).toBe(
      'Este endereço não é permitido: use um endereço http:// ou https:// público',
    );
    expect((await t.call('GET', '/p/apps/webhooks/endpoints')).body.data).toEqual([]);
  });

  it('refuses an edit to a private address and keeps the public one', async () => {
    const created = await t.call('POST', '/p/apps/webhooks/endpoints', {
      body: body('http://8.8.8.8:9/hooks'),
    });
    expect(created.statusCode).toBe(200);
    const id = created.body.data._id;
    const res = await t.call('PUT', `/p/apps/webhooks/endpoints/${id}`, { body: body('http://127.0.0.1/x') });
    expect(res.statusCode).toBe(400);
    expect(res.body.code).toBe('URL_NOT_ALLOWED');
    const [listed] = (await t.call('GET', '/p/apps/webhooks/endpoints')).body.data;
    expect(listed.url).toBe('http://8.8.8.8:9/hooks');
    await t.call('DELETE', `/p/apps/webhooks/endpoints/${id}`);
  });

  it('never delivers to an endpoint whose address is private at delivery time', async () => {
    const created = await t.call('POST', '/p/apps/webhooks/endpoints', {
      body: body('http://8.8.8.8:9/hooks'),
    });
    const id = created.body.data._id as string;
    // As if the name had been re-pointed to a private address after it was saved.
    await updateEndpointRow(t.ctx.app.platform.database.db, t.owner.accountId, id, { url: receiver.url });
    const contact = await t.call('POST', '/p/chat/contact', { body: { data: { name: 'Rebinding' } } });
    expect(contact.statusCode).toBe(200);
    const delivery = await until(async () => {
      const list = await t.call('GET', `/p/apps/webhooks/endpoints/${id}/deliveries`);
      return list.body.data.items.find((d: { error: string }) => d.error);
    });
    expect(delivery).toMatchObject({
      event: 'contact.created',
      error: 'address not allowed',
      responseStatus: null,
    });
    expect(receiver.received).toEqual([]);
  });

  it('refuses an automation webhook action on a private address', async () => {
    const rule = {
      name: 'Avisar CRM',
      trigger: { type: 'message.received' },
      conditions: { match: 'all', groups: [] },
      actions: [{ type: 'webhook', url: receiver.url, secret: 's' }],
    };
    const res = await t.call('POST', '/p/automations', { body: rule });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 'URL_NOT_ALLOWED', details: { path: 'actions.0.url' } });
    const ok = await t.call('POST', '/p/automations', {
      body: { ...rule, actions: [{ type: 'webhook', url: 'https://8.8.8.8/hook', secret: 's' }] },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a knowledge base web page on a private address, when added and when trained', async () => {
    for (const url of [receiver.url, 'http://localhost/faq', 'http://[::1]/faq', 'http://172.16.0.9/faq']) {
      const res = await t.call('POST', '/p/ai/knowledge/sources/url', { body: { url }, lang: 'pt-BR' });
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toMatchObject({
        code: 'URL_NOT_ALLOWED',
        message: 'Este endereço não é permitido: use um endereço http:// ou https:// público',
      });
    }
    const added = await t.call('POST', '/p/ai/knowledge/sources/url', {
      body: { url: 'http://8.8.8.8:9/faq' },
    });
    expect(added.statusCode).toBe(200);
    const id = added.body.data._id as string;
    const sourceOf = async () =>
      (await t.call('GET', '/p/ai/knowledge/sources')).body.data.items.find(
        (s: { _id: string }) => s._id === id,
      );
    // This machine may have no route out: the first training ends one way or another within 1 s.
    t.ctx.app.services.knowledgeSources.pageTimeoutMs = 1_000;
    await until(async () => ((await sourceOf())?.status === 'failed' ? true : undefined), 25_000);
    // As if the address had changed since: re-training refuses to download it.
    await t.ctx.app.platform.database.db.execute(
      sql`update knowledge_sources set content = ${receiver.url} where id = ${id}`,
    );
    await t.call('POST', `/p/ai/knowledge/sources/${id}/train`);
    const failed = await until(async () => {
      const source = await sourceOf();
      return source?.errorCode === 'URL_NOT_ALLOWED' ? source : undefined;
    }, 25_000);
    expect(failed).toMatchObject({ status: 'failed', chunks: 0 });
    expect(receiver.received).toEqual([]);
  });

  it('refuses a Superlógica API base on a private address, when saved and when called', async () => {
    const fake = new FakeSuperlogica();
    const base = await fake.start();
    try {
      const settings = (apiBase: string) => ({
        apiBase,
        appToken: fake.appToken,
        accessToken: fake.accessToken,
      });
      for (const apiBase of [base, 'http://localhost/v2/financeiro', 'http://169.254.169.254/v2']) {
        const res = await t.call('POST', '/p/apps/installs', {
          body: { app: 'superlogica', settings: settings(apiBase) },
        });
        expect(res.statusCode, apiBase).toBe(400);
        expect(res.body).toMatchObject({
          code: 'URL_NOT_ALLOWED',
          message: 'This address is not allowed: use a public http:// or https:// address',
          details: { path: 'settings.apiBase' },
        });
      }
      const pt = await t.call('POST', '/p/apps/installs', {
        body: { app: 'superlogica', settings: settings(base) },
        lang: 'pt-BR',
      });
      expect(pt.body.message).toBe(
        'Este endereço não é permitido: use um endereço http:// ou https:// público',
      );
      const installed = await t.call('POST', '/p/apps/installs', {
        body: { app: 'superlogica', settings: settings('http://8.8.8.8:9/v2/financeiro') },
      });
      expect(installed.statusCode).toBe(200);
      const id = installed.body.data._id as string;
      const edit = await t.call('PUT', `/p/apps/installs/${id}`, {
        body: { settings: { apiBase: 'http://10.1.2.3/v2', appToken: '', accessToken: '' } },
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.body.code).toBe('URL_NOT_ALLOWED');
      // As if the saved address now led to a private one: the test and the import never call it.
      await t.ctx.app.platform.database.db.execute(
        sql`update app_installs set settings = jsonb_set(settings, '{apiBase}', to_jsonb(${base}::text)) where id = ${id}`,
      );
      const tested = await t.call('POST', `/p/apps/installs/${id}/test`);
      expect(tested.body.data).toMatchObject({ status: 'error', message: 'address refused' });
      expect((await t.call('POST', '/p/apps/superlogica/import')).statusCode).toBe(200);
      const run = await until(async () => {
        const runs = await t.call('GET', '/p/apps/runs?app=superlogica&limit=1');
        const last = runs.body.data.items[0];
        return last?.action === 'import' && last.status === 'error' ? last : undefined;
      }, 25_000);
      expect(run.message).toBe('address refused');
      expect(fake.requests).toEqual([]);
      await t.call('DELETE', `/p/apps/installs/${id}`);
    } finally {
      await fake.stop();
    }
  });
});

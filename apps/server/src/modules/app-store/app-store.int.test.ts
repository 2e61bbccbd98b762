import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeam, NOT_AUTHORIZED, useTwoAccounts } from '../../testing/app-fixtures';
import { FakeSuperlogica } from '../../testing/fake-superlogica';
import { queryRows, until } from '../../testing/helpers';
import { AUTO_DISABLE_AFTER } from './catalogue/apps.service';

/** The app store: catalogue, install → configure → test → disable → uninstall, each a history run. */
const t = useTwoAccounts();
const fake = new FakeSuperlogica();
let team: Awaited<ReturnType<typeof addTeam>>;
let base: string;

beforeAll(async () => {
  base = await fake.start();
  team = await addTeam(t.ctx, t.owner);
});
afterAll(() => fake.stop());

const settings = (over: Record<string, string> = {}) => ({
  apiBase: base,
  appToken: fake.appToken,
  accessToken: fake.accessToken,
  ...over,
});

describe('app store', () => {
  it('lists the catalogue to admins only', async () => {
    const res = await t.call('GET', '/p/apps/catalogue');
    expect(res.statusCode).toBe(200);
    expect(res.body.data.map((a: { key: string }) => a.key)).toEqual([
      'webhooks',
      'browser-notifications',
      'superlogica',
      'openai-compatible',
      'dashboard',
    ]);
    const superlogica = res.body.data.find((a: { key: string }) => a.key === 'superlogica');
    expect(superlogica).toMatchObject({ scope: 'account', multiple: false, testable: true, installs: 0 });
    expect(superlogica.fields.find((f: { key: string }) => f.key === 'appToken').kind).toBe('secret');
    for (const member of [team.manager, team.operator]) {
      const refused = await t.call('GET', '/p/apps/catalogue', { token: member.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.body.message).toBe(NOT_AUTHORIZED);
    }
    expect((await t.call('GET', '/p/apps/catalogue', { token: team.admin.token })).statusCode).toBe(200);
  });

  it('refuses missing settings field by field', async () => {
    const res = await t.call('POST', '/p/apps/installs', {
      body: { app: 'superlogica', settings: { apiBase: 'ftp://x', appToken: '' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const paths = res.body.fields?.map((f: { path: string; key: string }) => `${f.path}:${f.key}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'settings.apiBase:url',
        'settings.appToken:required',
        'settings.accessToken:required',
      ]),
    );
  });

  it('installs with secrets encrypted and never sent back, tests, configures, disables and uninstalls — each a run', async () => {
    const installed = await t.call('POST', '/p/apps/installs', {
      body: { app: 'superlogica', settings: settings() },
    });
    expect(installed.statusCode).toBe(200);
    const install = installed.body.data;
    expect(install).toMatchObject({ app: 'superlogica', status: 'active', settings: { apiBase: base } });
    expect(install.secretsSet.sort()).toEqual(['accessToken', 'appToken']);
    expect(JSON.stringify(installed.body)).not.toContain(fake.appToken);
    const [stored] = await queryRows<{ secrets: string; settings: unknown }>(
      t.ctx,
      sql`select secrets, settings from app_installs where id = ${install._id}`,
    );
    expect(stored.secrets).not.toContain(fake.appToken);
    expect(JSON.stringify(stored.settings)).not.toContain(fake.accessToken);

    const again = await t.call('POST', '/p/apps/installs', {
      body: { app: 'superlogica', settings: settings() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.body.code).toBe('APP_ALREADY_INSTALLED');

    const ok = await t.call('POST', `/p/apps/installs/${install._id}/test`);
    expect(ok.body.data).toMatchObject({ action: 'test', status: 'success', app: 'superlogica' });
    expect(fake.requests.at(-1)?.headers.app_token).toBe(fake.appToken);

    // Configure with a blank secret: the stored one stays; a new access token replaces it.
    const kept = await t.call('PUT', `/p/apps/installs/${install._id}`, {
      body: { settings: { apiBase: base, appToken: '', accessToken: 'wrong' } },
    });
    expect(kept.statusCode).toBe(200);
    const refused = await t.call('POST', `/p/apps/installs/${install._id}/test`);
    expect(refused.body.data).toMatchObject({ status: 'error', message: 'credentials refused' });
    expect(fake.requests.at(-1)?.headers).toMatchObject({ app_token: fake.appToken, access_token: 'wrong' });

    const disabled = await t.call('POST', `/p/apps/installs/${install._id}/disable`);
    expect(disabled.body.data).toMatchObject({ status: 'disabled', disabledReason: 'by-user' });
    const enabled = await t.call('POST', `/p/apps/installs/${install._id}/enable`);
    expect(enabled.body.data.status).toBe('active');

    const runs = await t.call('GET', '/p/apps/runs?app=superlogica');
    const steps = runs.body.data.items.map(
      (r: { action: string; status: string }) => `${r.action}:${r.status}`,
    );
    expect(steps).toEqual([
      'enable:finished',
      'disable:finished',
      'test:error',
      'configure:success',
      'test:success',
      'install:success',
    ]);
    const first = runs.body.data.items.at(-1);
    expect(first.userName).toBe('Test User');
    expect(first.durationMs).toBeGreaterThanOrEqual(0);
    const errors = await t.call('GET', '/p/apps/runs?status=error');
    expect(errors.body.data.count).toBe(1);

    const removed = await t.call('DELETE', `/p/apps/installs/${install._id}`);
    expect(removed.statusCode).toBe(200);
    expect((await t.call('GET', '/p/apps/installs')).body.data).toEqual([]);
    const after = await t.call('GET', '/p/apps/runs?app=superlogica&limit=1');
    expect(after.body.data.items[0]).toMatchObject({
      action: 'uninstall',
      status: 'finished',
      installId: null,
    });
  });

  it('disables an app after repeated errors and e-mails the admins', async () => {
    const installed = await t.call('POST', '/p/apps/installs', {
      body: { app: 'superlogica', settings: settings({ accessToken: 'bad' }) },
    });
    const id = installed.body.data._id;
    for (let i = 0; i < AUTO_DISABLE_AFTER; i++)
      await t.call('POST', `/p/apps/installs/${id}/test`, { token: team.admin.token });
    const installs = await t.call('GET', '/p/apps/installs');
    expect(installs.body.data[0]).toMatchObject({ status: 'disabled', disabledReason: 'errors' });
    const runs = await t.call('GET', '/p/apps/runs?limit=1');
    expect(runs.body.data.items[0]).toMatchObject({ action: 'auto-disable', status: 'error' });
    const mail = await t.ctx.smtp.waitFor(
      (m) => m.to.includes(team.admin.email) && m.subject.includes('superlogica'),
    );
    expect(mail.subject).toBe('Atende: aplicativo desativado / app disabled (superlogica)');
    await t.call('DELETE', `/p/apps/installs/${id}`);
  });

  it('keeps another account out', async () => {
    const installed = await t.call('POST', '/p/apps/installs', { body: { app: 'webhooks' } });
    const id = installed.body.data._id;
    const other = { token: t.other.token, acc: t.other.accountId };
    expect((await t.call('GET', '/p/apps/installs', other)).body.data).toEqual([]);
    expect((await t.call('GET', '/p/apps/runs', other)).body.data.count).toBe(0);
    const foreign = await t.call('POST', `/p/apps/installs/${id}/disable`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.code).toBe('APP_NOT_FOUND');
    const cross = await t.call('GET', '/p/apps/installs', { token: t.other.token });
    expect(cross.statusCode).toBe(404);
  });

  it('imports Superlógica customers as contacts, incrementally, each import a run', async () => {
    fake.customers.push(
      {
        id_sacado_sac: '2',
        st_nome_sac: 'Maria Síndica',
        st_email_sac: 'maria@example.com',
        st_telefone_sac: '(11) 98888-1111',
      },
      { id_sacado_sac: '3', st_nome_sac: 'Edifício Verde', st_email_sac: 'not an e-mail' },
    );
    await t.call('POST', '/p/apps/installs', { body: { app: 'superlogica', settings: settings() } });
    const importOnce = async () => {
      const started = await t.call('POST', '/p/apps/superlogica/import');
      expect(started.body.data).toMatchObject({ action: 'import', status: 'ongoing' });
      return until(async () => {
        const runs = await t.call('GET', '/p/apps/runs?app=superlogica&limit=1');
        const run = runs.body.data.items[0];
        return run._id === started.body.data._id && run.status !== 'ongoing' ? run : undefined;
      });
    };
    const first = await importOnce();
    expect(first).toMatchObject({ status: 'finished', message: 'imported' });
    expect(first.log).toContain('imported 3');
    const names = async () =>
      (await t.call('GET', '/p/chat/contact/list?limit=50')).body.data.items
        .filter((c: { customFields?: Record<string, unknown> }) => c.customFields?.superlogica_id)
        .map((c: { name: string }) => c.name)
        .sort();
    expect(await names()).toEqual(['Condomínio Azul', 'Edifício Verde', 'Maria Síndica']);

    fake.customers.push({ id_sacado_sac: '4', st_nome_sac: 'Casa Nova' });
    const second = await importOnce();
    expect(second.log).toContain('imported 1');
    expect(await names()).toEqual(['Casa Nova', 'Condomínio Azul', 'Edifício Verde', 'Maria Síndica']);
  });

  it('shows a contact’s open Superlógica invoices to the members who see the conversation', async () => {
    fake.invoices.push({
      id_sacado_sac: '2',
      id_recebimento_recb: '901',
      dt_vencimento_recb: '12/10/2026',
      vl_total_recb: '350.00',
      link_2via: 'https://boleto.test/901',
    });
    const list = await t.call('GET', '/p/chat/contact/list?limit=50');
    const maria = list.body.data.items.find((c: { name: string }) => c.name === 'Maria Síndica');
    const res = await t.call('GET', `/p/apps/superlogica/invoices?contactId=${maria._id}`, {
      token: team.operator.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      installed: true,
      customerId: '2',
      failed: false,
      invoices: [{ id: '901', dueDate: '12/10/2026', amount: 350, link: 'https://boleto.test/901' }],
    });
    const other = await t.call('GET', `/p/apps/superlogica/invoices?contactId=${maria._id}`, {
      token: t.other.token,
      acc: t.other.accountId,
    });
    expect(other.body.data).toMatchObject({ installed: false, invoices: [] });
  });
});

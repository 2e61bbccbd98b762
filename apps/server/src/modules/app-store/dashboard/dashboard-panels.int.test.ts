import { beforeAll, describe, expect, it } from 'vitest';
import { addTeam, useTwoAccounts } from '../../../testing/app-fixtures';

/** The Dashboard app: external pages as tabs of the conversation's side panel. */
const t = useTwoAccounts();
let team: Awaited<ReturnType<typeof addTeam>>;

beforeAll(async () => {
  team = await addTeam(t.ctx, t.owner);
});

const install = (url: string, name = '', lang = 'en') =>
  t.call('POST', '/p/apps/installs', { lang, body: { app: 'dashboard', name, settings: { url } } });

describe('Dashboard app', () => {
  it('accepts https pages only (http for localhost outside production), with a translated error', async () => {
    for (const url of ['http://crm.example.com/panel', 'javascript:alert(1)', 'ftp://x.example.com']) {
      const res = await install(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body.fields).toEqual([
        {
          path: 'settings.url',
          key: 'urlHttps',
          message: 'The URL must start with https:// (http:// only for localhost)',
        },
      ]);
    }
    const pt = await install('http://crm.example.com', '', 'pt-BR');
    expect(pt.body.fields?.[0].message).toBe(
      'A URL deve começar com https:// (http:// apenas para localhost)',
    );
    const missing = await t.call('POST', '/p/apps/installs', { body: { app: 'dashboard', settings: {} } });
    expect(missing.body.fields).toEqual([expect.objectContaining({ path: 'settings.url', key: 'required' })]);
  });

  it('lists the active panel to every member, never another account’s', async () => {
    const crm = await install('https://crm.example.com/atende?x=1');
    expect(crm.statusCode).toBe(200);
    const id = crm.body.data._id;
    const res = await t.call('GET', '/p/apps/dashboards', { token: team.operator.token });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual([
      { _id: id, name: 'crm.example.com', url: 'https://crm.example.com/atende?x=1' },
    ]);

    const local = await t.call('PUT', `/p/apps/installs/${id}`, {
      body: { settings: { title: 'CRM', url: 'http://localhost:5173/panel' } },
    });
    expect(local.statusCode).toBe(200);
    const renamed = await t.call('GET', '/p/apps/dashboards', { token: team.operator.token });
    expect(renamed.body.data).toEqual([{ _id: id, name: 'CRM', url: 'http://localhost:5173/panel' }]);

    await t.call('POST', `/p/apps/installs/${id}/disable`);
    expect((await t.call('GET', '/p/apps/dashboards')).body.data).toEqual([]);
    await t.call('POST', `/p/apps/installs/${id}/enable`);

    const other = await t.call('GET', '/p/apps/dashboards', { acc: t.other.accountId, token: t.other.token });
    expect(other.body.data).toEqual([]);
    // Not a member of the other account: it is not found for them.
    const foreign = await t.call('GET', '/p/apps/dashboards', { acc: t.other.accountId });
    expect(foreign.statusCode).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('crm.example.com');
  });
});

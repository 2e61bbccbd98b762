import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import * as authRepo from './modules/auth/auth.repo';
import { DEMO_BEING_SEEDED, DEMO_EMAIL, seedDemoAccount } from './seed';
import { seedDemoApps } from './seed-demo-apps';
import { DEMO_CONTACTS } from './seed-demo-content';
import { queryRows } from './testing/helpers';
import { api, startTestApp, type TTestApp } from './testing/test-app';

/**
 * A first start stopped while it made the demo account (Ctrl+C or a kill during `npm start`'s first
 * run) leaves what its first steps wrote: the demo user, still marked as being made (no password
 * was printed, none signs in), and a half-made account (here: its apps, no contacts). That state is
 * written here as those steps write it, then the next start runs.
 */
const configOf = (env: Record<string, string>) => loadConfig({ ...env }, { JWT_SECRET: 'x'.repeat(40) });

describe('the demo account after a first start stopped while making it', () => {
  let ctx: TTestApp;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx?.close());

  it('is made again, whole, at the next start, and its new password signs in', async () => {
    const config = configOf({ NODE_ENV: 'development' });
    const { db } = ctx.app.platform.database;
    const user = await authRepo.insertUser(db, {
      name: 'Demo',
      email: DEMO_EMAIL,
      phone: '+5511999990000',
      passwordHash: DEMO_BEING_SEEDED,
      lang: 'pt-BR',
      isConfirmed: true,
    });
    const half = await ctx.app.services.accounts.create(user!.id, { plan: 'pro', name: 'Demo Atende' });
    await seedDemoApps(ctx.app, half._id, user!.id);
    expect((await queryRows(ctx, sql`select 1 from contacts`)).length).toBe(0);

    const demo = await seedDemoAccount(ctx.app, config);
    expect(demo?.email).toBe(DEMO_EMAIL);
    const login = (password: string) =>
      api(ctx.app, 'POST', '/g/auth/login', { body: { email: DEMO_EMAIL, password } });
    const res = await login(demo!.password);
    expect(res.statusCode).toBe(200);
    const token = res.body.data.accessToken;
    // One user, one account (the half-made one is gone), with the whole demo in it.
    expect(await queryRows(ctx, sql`select email from users`)).toEqual([{ email: DEMO_EMAIL }]);
    const accounts = await queryRows<{ id: string }>(ctx, sql`select id from accounts`);
    expect(accounts).toHaveLength(1);
    expect(accounts[0].id).not.toBe(half._id);
    const contacts = await api(ctx.app, 'GET', `/p/chat/contact/list?limit=100&acc=${accounts[0].id}`, {
      token,
    });
    expect(contacts.body.data.count).toBe(DEMO_CONTACTS.length);
    const installs = await api(ctx.app, 'GET', `/p/apps/installs?acc=${accounts[0].id}`, { token });
    expect(installs.body.data.map((i: { app: string }) => i.app).sort()).toEqual([
      'browser-notifications',
      'webhooks',
    ]);

    // Made once: the next start leaves it as it is.
    expect(await seedDemoAccount(ctx.app, config)).toBeNull();
    expect((await login(demo!.password)).statusCode).toBe(200);
  }, 180_000);
});

describe('the demo account after a first start whose making of it failed (a database error)', () => {
  let ctx: TTestApp;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx?.close());

  it('is left marked as being made, and the next start makes it whole', async () => {
    const config = configOf({ NODE_ENV: 'development' });
    const { db } = ctx.app.platform.database;
    // The database refuses the demo's account: the demo user was written, its account was not.
    await db.execute(sql`
      create function refuse_demo() returns trigger language plpgsql as $$
      begin raise exception 'no room for the demo account'; end $$`);
    await db.execute(sql`
      create trigger refuse_demo before insert on accounts
      for each row when (new.name = 'Demo Atende') execute function refuse_demo()`);
    await expect(seedDemoAccount(ctx.app, config)).rejects.toThrow();
    expect(await queryRows(ctx, sql`select email, password_hash from users`)).toEqual([
      { email: DEMO_EMAIL, password_hash: DEMO_BEING_SEEDED },
    ]);
    expect(await queryRows(ctx, sql`select id from accounts`)).toEqual([]);

    await db.execute(sql`drop trigger refuse_demo on accounts`);
    const demo = await seedDemoAccount(ctx.app, config);
    expect(demo?.email).toBe(DEMO_EMAIL);
    const res = await api(ctx.app, 'POST', '/g/auth/login', {
      body: { email: DEMO_EMAIL, password: demo!.password },
    });
    expect(res.statusCode).toBe(200);
    const [account] = await queryRows<{ id: string }>(ctx, sql`select id from accounts`);
    const contacts = await api(ctx.app, 'GET', `/p/chat/contact/list?limit=100&acc=${account.id}`, {
      token: res.body.data.accessToken,
    });
    expect(contacts.body.data.count).toBe(DEMO_CONTACTS.length);
  }, 180_000);
});

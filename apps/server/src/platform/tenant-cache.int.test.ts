import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { sql } from 'drizzle-orm';
import { openDatabase, type TDatabase } from './db/client';
import { TENANT_CACHE_CHANNEL } from './tenant-cache';
import { api, startTestApp, type TTestApp } from '../testing/test-app';
import { addMember, signUp } from '../testing/fixtures';

let ctx: TTestApp;
let second: FastifyInstance;
let secondDatabase: TDatabase;

beforeAll(async () => {
  ctx = await startTestApp();
  const first = ctx.db.database;
  // A second process-like app on the same database (own pool on PostgreSQL; the same instance on PGlite).
  secondDatabase = first.kind === 'pg' ? await openDatabase({ databaseUrl: first.connectionString }) : first;
  second = await buildApp({
    database: secondDatabase,
    logger: false,
    env: { NODE_ENV: 'test' },
    config: {
      JWT_SECRET: 'test-secret-test-secret-test-secret-000',
      WEB_DIST: '/nonexistent',
      SMTP_URL: 'smtp://127.0.0.1:9',
    },
    workers: false,
  });
});
afterAll(async () => {
  await second.close();
  if (secondDatabase !== ctx.db.database) await secondDatabase.close();
  await ctx.close();
});

describe('tenant cache across app instances', () => {
  it('a role change made through one instance is honoured by the other at once', async () => {
    const owner = await signUp(ctx);
    const member = await addMember(ctx, owner, 'operator');
    const denied = await api(second, 'GET', `/g/acc/${owner.accountId}/users`, { token: member.token });
    expect(denied.statusCode).toBe(403);

    const invalidated = once(second.platform.tenantCache, 'invalidated');
    const promoted = await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}/users/${member.userId}`, {
      token: owner.token,
      body: { acl: 'admin' },
    });
    expect(promoted.statusCode).toBe(200);
    expect(await invalidated).toEqual([owner.accountId]);

    const allowed = await api(second, 'GET', `/g/acc/${owner.accountId}/users`, { token: member.token });
    expect(allowed.statusCode).toBe(200);
  });

  it('a removed member loses access on the other instance', async () => {
    const owner = await signUp(ctx);
    const member = await addMember(ctx, owner, 'admin');
    expect((await api(second, 'GET', `/g/acc/${owner.accountId}`, { token: member.token })).statusCode).toBe(
      200,
    );
    const invalidated = once(second.platform.tenantCache, 'invalidated');
    const removed = await api(ctx.app, 'DELETE', `/g/acc/access/${owner.accountId}/${member.userId}`, {
      token: owner.token,
    });
    expect(removed.statusCode).toBe(200);
    await invalidated;
    const after = await api(second, 'GET', `/g/acc/${owner.accountId}`, { token: member.token });
    expect(after.statusCode).toBe(404);
    expect(after.body.message).toBe('Invalid acc or user ID');
  });

  it('a value whose load began before an invalidation is not kept; the next read loads again', async () => {
    const cache = ctx.app.platform.tenantCache;
    const { accountId } = await signUp(ctx);
    let loads = 0;
    let finish: (value: string) => void = () => undefined;
    const inFlight = cache.scoped(accountId, 'test.rules', () => {
      loads += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    });
    // The rules change while the read is on its way: what it read is the old state.
    await cache.invalidate(accountId);
    finish('before the change');
    expect(await inFlight).toBe('before the change');
    expect(await cache.scoped(accountId, 'test.rules', async () => `load ${++loads}`)).toBe('load 2');
    // Loaded with nothing in between: kept.
    expect(await cache.scoped(accountId, 'test.rules', async () => `load ${++loads}`)).toBe('load 2');
    expect(loads).toBe(2);
  });

  it("an instance's own invalidation, back through NOTIFY, keeps what was loaded after it; another's drops it", async () => {
    const cache = ctx.app.platform.tenantCache;
    const { accountId } = await signUp(ctx);
    const other = await signUp(ctx);
    await cache.invalidate(accountId);
    expect(await cache.scoped(accountId, 'test.rules', async () => 'after the change')).toBe(
      'after the change',
    );
    // Its notification, as it arrives late on a busy server; then a later one: notifications
    // arrive in the order they were sent, so once the later one is here, ours was handled.
    const db = ctx.app.platform.database.db;
    await db.execute(sql`select pg_notify(${TENANT_CACHE_CHANNEL}, ${`${accountId}:${cache.origin}`})`);
    const marker = once(cache, 'invalidated');
    await db.execute(sql`select pg_notify(${TENANT_CACHE_CHANNEL}, ${other.accountId})`);
    expect(await marker).toEqual([other.accountId]);
    expect(cache.peekScoped(accountId, 'test.rules')).toBe('after the change');
    // The same change announced by the other instance is a change this one has not seen.
    const dropped = once(cache, 'invalidated');
    await second.platform.tenantCache.invalidate(accountId);
    expect(await dropped).toEqual([accountId]);
    expect(cache.peekScoped(accountId, 'test.rules')).toBeUndefined();
  });
});

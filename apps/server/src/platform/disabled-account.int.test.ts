import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from './db/schema';
import { api, startTestApp, type TTestApp } from '../testing/test-app';
import { signUp } from '../testing/fixtures';

let ctx: TTestApp;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('a disabled account (status 0)', () => {
  it('still opens its account page (flagged blocked) but refuses the product API', async () => {
    const user = await signUp(ctx);
    await ctx.app.platform.database.db
      .update(accounts)
      .set({ status: 0 })
      .where(eq(accounts.id, user.accountId));
    await ctx.app.platform.tenantCache.invalidate(user.accountId);

    const details = await api(ctx.app, 'GET', `/g/acc/${user.accountId}`, { token: user.token });
    expect(details.statusCode).toBe(200);
    expect(details.body.data.acc).toMatchObject({ status: 0, blocked: true });

    const product = await api(ctx.app, 'GET', `/p/activity-log?acc=${user.accountId}`, {
      token: user.token,
      lang: 'en',
    });
    expect(product.statusCode).toBe(403);
    expect(product.body).toMatchObject({ code: 'ACC_DISABLED', message: 'This account is disabled' });
  });
});

describe('the NUL character (PostgreSQL text cannot hold it)', () => {
  it('in a JSON body or a query string answers 400 VALIDATION_FAILED, never 500', async () => {
    const user = await signUp(ctx);
    const body = await api(ctx.app, 'POST', '/g/user/notification/remove-token', {
      token: user.token,
      body: { token: '\u0000' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.body.code).toBe('VALIDATION_FAILED');
    const query = await api(ctx.app, 'GET', `/p/activity-log?acc=${user.accountId}&page=%00`, {
      token: user.token,
    });
    expect(query.statusCode).toBe(400);
    expect(query.body.code).toBe('VALIDATION_FAILED');
  });
});

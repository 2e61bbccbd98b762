import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';

let ctx: TTestApp;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('a valid token whose user record is gone (spec §4)', () => {
  it('GET /g/user/me answers USER_NOT_FOUND, which the web turns into a logout', async () => {
    const user = await signUp(ctx);
    await queryRows(ctx, sql`delete from users where id = ${user.userId}`);
    const me = await api(ctx.app, 'GET', '/g/user/me', { token: user.token, lang: 'en' });
    expect(me.statusCode).toBe(404);
    expect(me.body.code).toBe('USER_NOT_FOUND');
  });
});

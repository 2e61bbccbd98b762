import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTwoAccounts } from '../../testing/app-fixtures';
import { addMember } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { api } from '../../testing/test-app';

const setup = useTwoAccounts();

const restrict = (body: Record<string, boolean>, token = setup.owner.token, acc = setup.owner.accountId) =>
  api(setup.ctx.app, 'PUT', `/g/acc/${acc}`, { token, body, lang: 'en' });

describe('Settings → Restrictions (spec §6)', () => {
  it('admins switch the contacts blocks; operators lose the contacts page, managers keep it; each change is logged', async () => {
    const { ctx, owner, call } = setup;
    const operator = await addMember(ctx, owner, 'operator');
    const manager = await addMember(ctx, owner, 'manager');
    const admin = await addMember(ctx, owner, 'admin');
    expect((await call('GET', '/p/chat/contact/list', { token: operator.token })).statusCode).toBe(200);

    const on = await restrict({ blockContactTab: true }, admin.token);
    expect(on.statusCode).toBe(200);
    expect(on.body.data).toMatchObject({ blockContactTab: true, blockContactTabGeneral: false });
    const refused = await call('GET', '/p/chat/contact/list', { token: operator.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.code).toBe('NOT_AUTHORIZED');
    expect((await call('GET', '/p/chat/contact/list', { token: manager.token })).statusCode).toBe(200);

    // Managers and operators cannot switch them.
    expect((await restrict({ blockContactTab: false }, manager.token)).statusCode).toBe(403);
    expect((await restrict({ blockContactTab: false }, operator.token)).statusCode).toBe(403);

    expect((await restrict({ blockContactTab: false, blockContactTabGeneral: true })).statusCode).toBe(200);
    expect((await call('GET', '/p/chat/contact/list', { token: operator.token })).statusCode).toBe(403);
    await restrict({ blockContactTabGeneral: false });
    expect((await call('GET', '/p/chat/contact/list', { token: operator.token })).statusCode).toBe(200);

    const log = await queryRows<{ action: string; details: { changes: Record<string, boolean> } }>(
      ctx,
      sql`select action, details from activity_log where account_id = ${owner.accountId}
          and action = 'account.restrictions_changed' order by created_at`,
    );
    expect(log.map((l) => l.details.changes)).toEqual([
      { blockContactTab: true },
      { blockContactTab: false, blockContactTabGeneral: true },
      { blockContactTabGeneral: false },
    ]);
  });

  it("report downloads: managers get 'Function unavailable…' once restricted; admins still download; another account is untouched", async () => {
    const { ctx, owner, other } = setup;
    const manager = await addMember(ctx, owner, 'manager');
    const otherManager = await addMember(ctx, other, 'manager');
    // The file itself is not JSON: the status and, when refused, the JSON error.
    const exportAs = async (token: string, acc = owner.accountId) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/p/chat/contact/export?format=csv&acc=${acc}`,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      });
      return { statusCode: res.statusCode, body: res.statusCode === 200 ? {} : res.json() };
    };
    expect((await exportAs(manager.token)).statusCode).toBe(200);

    for (const flag of ['restrictReportDownload', 'blockDownloadExcel'] as const) {
      expect((await restrict({ [flag]: true })).body.data[flag]).toBe(true);
      const refused = await exportAs(manager.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'FUNCTION_UNAVAILABLE',
        message: 'Function unavailable. Contact an administrator for more information.',
      });
      expect((await exportAs(owner.token)).statusCode).toBe(200);
      expect((await exportAs(otherManager.token, other.accountId)).statusCode).toBe(200);
      await restrict({ [flag]: false });
    }
    expect((await exportAs(manager.token)).statusCode).toBe(200);
  });
});

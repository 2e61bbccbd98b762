import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import { member, type TMember, withAcc } from '../testing/inbox.testing';

let ctx: TTestApp;
let owner: TSignedUp;
let operator: TMember;
let manager: TMember;
let admin: TMember;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx);
  operator = await member(ctx, owner, 'operator');
  manager = await member(ctx, owner, 'manager');
  admin = await member(ctx, owner, 'admin');
});
afterAll(async () => {
  await ctx.close();
});

/** The minimum role of each inbox-area route (admin: settings, channels, queue, statement; operator: the inbox). */
const routes: Array<{ path: string; min: 'operator' | 'admin' }> = [
  { path: '/p/chat/channels', min: 'admin' },
  { path: '/p/chat/settings', min: 'admin' },
  { path: '/p/chat/distribution', min: 'admin' },
  { path: '/p/chat/statement?from=2025-01-01&to=2025-01-31', min: 'admin' },
  { path: '/p/chat/closing-reasons', min: 'operator' },
  { path: '/p/chat/quick-messages', min: 'operator' },
  { path: '/p/chat/conversation/list?tab=attendance', min: 'operator' },
  { path: '/p/chat/conversation/list?tab=waiting', min: 'operator' },
];

describe('role matrix of the inbox area', () => {
  it('admits the minimum role and every higher one, refuses the lower ones with the spec message', async () => {
    const byRole = { operator, manager, admin, master: owner } as const;
    for (const route of routes) {
      for (const [role, user] of Object.entries(byRole)) {
        const res = await api(ctx.app, 'GET', withAcc(route.path, owner.accountId), {
          token: user.token,
          lang: 'en',
        });
        const allowed = route.min === 'operator' || role === 'admin' || role === 'master';
        expect({ route: route.path, role, status: res.statusCode }).toEqual({
          route: route.path,
          role,
          status: allowed ? 200 : 403,
        });
        if (!allowed)
          expect(res.body.message).toBe(
            "You don't have access to this feature, talk to your account administrator",
          );
      }
    }
    const inbox = await api(ctx.app, 'GET', `/p/chat/inbox/${owner.accountId}?minimal=true`, {
      token: operator.token,
    });
    expect(inbox.statusCode).toBe(200);
    const anonymous = await api(ctx.app, 'GET', `/p/chat/inbox/${owner.accountId}`);
    expect(anonymous.statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { signUp } from '../../testing/fixtures';

let ctx: TTestApp;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('starting the Pro trial from the plans page', () => {
  it('a Free account starts the 7-day Pro trial once; choosing Pro again goes to checkout', async () => {
    const user = await signUp(ctx, { plan: 'free' });
    const started = await api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/pro`, { token: user.token });
    expect(started.body).toEqual({
      status: 1,
      data: { provider: 'sandbox', status: 'trial', sandbox: true },
    });

    const details = await api(ctx.app, 'GET', `/g/acc/${user.accountId}`, { token: user.token });
    expect(details.body.data.accPlan).toMatchObject({
      id: 'pro',
      paymentStatus: 'trial',
      trialActive: true,
      remainingTrialDays: 7,
    });
    expect(details.body.data.acc.blocked).toBe(false);

    const paid = await api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/pro`, { token: user.token });
    expect(paid.body.data.status).toBe('paid');
    const after = await api(ctx.app, 'GET', `/g/acc/${user.accountId}`, { token: user.token });
    expect(after.body.data.accPlan).toMatchObject({ id: 'pro', paymentStatus: 'paid', trialActive: false });
    expect(after.body.data.acc.accIsPaying).toBe(true);
  });

  it('an account that already had its trial is not given another one', async () => {
    const user = await signUp(ctx, { plan: 'pro' });
    await api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/free`, { token: user.token });
    const again = await api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/pro`, { token: user.token });
    expect(again.body.data.status).toBe('paid');
  });
});

import { describe, expect, it } from 'vitest';
import { findRouteByName, type TRouteDef } from '@atende/shared';
import { evaluateGuards, type TGuardContext } from './guards';

const route = (name: string): TRouteDef => findRouteByName(name)!;
const ACC = '0190aaaa-0000-7000-8000-000000000001';

const ready: TGuardContext = {
  pathname: '/dashboard',
  search: `?acc=${ACC}`,
  hasToken: true,
  status: 'ready',
  role: 'admin',
  blocked: false,
  restrictedOperator: false,
  automationEnabled: false,
  activeAccId: ACC,
  requestedAcc: null,
};

describe('navigation guards (spec §2 order)', () => {
  it('free routes pass whatever the session', () => {
    for (const name of [
      'page-login',
      'forgot-password',
      'error-404',
      'error-500',
      'register',
      'callback',
      'comingsoon',
    ]) {
      expect(evaluateGuards(route(name), { ...ready, hasToken: false, status: 'anonymous' })).toEqual({
        kind: 'allow',
      });
    }
  });

  it('the automation route goes to /error-404 unless the automation flag is set', () => {
    const ctx = { ...ready, pathname: '/apps/automation' };
    expect(evaluateGuards(route('automation'), ctx)).toEqual({ kind: 'redirect', to: '/error-404' });
    expect(evaluateGuards(route('automation'), { ...ctx, automationEnabled: true })).toEqual({
      kind: 'allow',
    });
  });

  it('no access token → /login with the return path in `to`', () => {
    const ctx = {
      ...ready,
      hasToken: false,
      status: 'anonymous' as const,
      pathname: '/acc/users',
      search: '?tab=1',
    };
    expect(evaluateGuards(route('acc-users'), ctx)).toEqual({
      kind: 'redirect',
      to: '/login?to=%2Facc%2Fusers%3Ftab%3D1',
    });
  });

  it('waits while the account loads; no account loaded → login', () => {
    expect(evaluateGuards(route('dashboard'), { ...ready, status: 'loading' })).toEqual({ kind: 'wait' });
    expect(evaluateGuards(route('dashboard'), { ...ready, status: 'noAccount', activeAccId: null })).toEqual({
      kind: 'redirect',
      to: '/login?to=%2Fdashboard%3Facc%3D0190aaaa-0000-7000-8000-000000000001',
    });
  });

  it('compliant-only routes → /blocked when the account is blocked; plans and account stay reachable', () => {
    expect(evaluateGuards(route('dashboard'), { ...ready, blocked: true })).toEqual({
      kind: 'redirect',
      to: '/blocked',
    });
    const plans = { ...ready, blocked: true, pathname: '/plans' };
    expect(evaluateGuards(route('plans'), plans)).toEqual({ kind: 'allow' });
  });

  it('restricted operators → /restricted (the page itself is reachable)', () => {
    const ctx = { ...ready, role: 'operator' as const, restrictedOperator: true };
    expect(evaluateGuards(route('dashboard'), ctx)).toEqual({ kind: 'redirect', to: '/restricted' });
    expect(evaluateGuards(route('restricted'), { ...ctx, pathname: '/restricted' })).toEqual({
      kind: 'allow',
    });
  });

  it('adds the current account as `acc` to the query when missing', () => {
    expect(evaluateGuards(route('profile'), { ...ready, pathname: '/profile', search: '?x=1' })).toEqual({
      kind: 'redirect',
      to: `/profile?x=1&acc=${ACC}`,
    });
  });

  it('another `acc` in the query switches account, once; after a fallback the query follows the active account', () => {
    const other = '0190bbbb-0000-7000-8000-000000000002';
    const ctx = { ...ready, search: `?acc=${other}` };
    expect(evaluateGuards(route('dashboard'), ctx)).toEqual({ kind: 'switch', acc: other });
    expect(evaluateGuards(route('dashboard'), { ...ctx, requestedAcc: other })).toEqual({
      kind: 'redirect',
      to: `/dashboard?acc=${ACC}`,
    });
  });

  it('a role below the minimum → /not-authorized; higher roles pass', () => {
    const ctx = { ...ready, pathname: '/acc', role: 'operator' as const };
    expect(evaluateGuards(route('acc'), ctx)).toEqual({ kind: 'redirect', to: '/not-authorized' });
    expect(evaluateGuards(route('acc'), { ...ctx, role: 'master' })).toEqual({ kind: 'allow' });
    expect(
      evaluateGuards(route('feedback'), { ...ctx, pathname: '/apps/feedback', role: 'manager' }),
    ).toEqual({
      kind: 'allow',
    });
  });

  it('unknown routes → /error-404', () => {
    expect(evaluateGuards(undefined, ready)).toEqual({ kind: 'redirect', to: '/error-404' });
  });
});

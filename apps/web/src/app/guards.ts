import { hasRole, type TRole, type TRouteDef } from '@atende/shared';
import type { TSessionStatus } from './session';

/** What a navigation guard decided (spec §2, applied in the spec's order). */
export type TGuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'wait' }
  | { kind: 'switch'; acc: string };

export interface TGuardContext {
  pathname: string;
  search: string;
  hasToken: boolean;
  status: TSessionStatus;
  role: TRole | null;
  blocked: boolean;
  restrictedOperator: boolean;
  automationEnabled: boolean;
  activeAccId: string | null;
  /** The `acc` the session was last asked to load (to stop a switch loop after a fallback). */
  requestedAcc: string | null;
}

export function loginRedirect(pathname: string, search: string): string {
  const back = `${pathname}${search}`;
  if (pathname === '/' || pathname.startsWith('/login')) return '/login';
  return `/login?to=${encodeURIComponent(back)}`;
}

function withAcc(pathname: string, search: string, acc: string): string {
  const params = new URLSearchParams(search);
  params.set('acc', acc);
  return `${pathname}?${params.toString()}`;
}

/**
 * The navigation guards of spec §2, in order: free routes pass; automation flag; access token;
 * loaded account; compliant-only → /blocked; restricted operators → /restricted; `acc` in the query
 * (not on /); the route's minimum role → /not-authorized. Unknown paths never get here (→ /error-404).
 */
export function evaluateGuards(route: TRouteDef | undefined, ctx: TGuardContext): TGuardDecision {
  if (!route) return { kind: 'redirect', to: '/error-404' };
  if (route.free) return { kind: 'allow' };
  if (route.automationFlag && !ctx.automationEnabled) return { kind: 'redirect', to: '/error-404' };
  if (!route.loginRequired) return { kind: 'allow' };

  if (!ctx.hasToken) return { kind: 'redirect', to: loginRedirect(ctx.pathname, ctx.search) };
  if (ctx.status === 'loading') return { kind: 'wait' };
  if (ctx.status !== 'ready' || !ctx.activeAccId)
    return { kind: 'redirect', to: loginRedirect(ctx.pathname, ctx.search) };

  const queryAcc = new URLSearchParams(ctx.search).get('acc');
  if (queryAcc && queryAcc !== ctx.activeAccId) {
    // Asked for another account: load it, unless it was just tried and fell back to the first one.
    if (ctx.requestedAcc !== queryAcc) return { kind: 'switch', acc: queryAcc };
    return { kind: 'redirect', to: withAcc(ctx.pathname, ctx.search, ctx.activeAccId) };
  }

  if (route.compliantOnly && ctx.blocked) return { kind: 'redirect', to: '/blocked' };
  if (ctx.restrictedOperator && route.path !== '/restricted') return { kind: 'redirect', to: '/restricted' };
  if (ctx.pathname !== '/' && !queryAcc)
    return { kind: 'redirect', to: withAcc(ctx.pathname, ctx.search, ctx.activeAccId) };
  if (route.minRole && !hasRole(ctx.role, route.minRole)) return { kind: 'redirect', to: '/not-authorized' };
  return { kind: 'allow' };
}

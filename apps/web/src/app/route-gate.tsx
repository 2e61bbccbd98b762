import { createContext, Suspense, useContext, useEffect, type ReactNode } from 'react';
import {
  matchRoutes,
  Navigate,
  type RouteObject,
  UNSAFE_DataRouterStateContext,
  useLocation,
} from 'react-router';
import type { TRouteDef } from '@atende/shared';
import { PageLoader } from '../ui/page-loader';
import { evaluateGuards, type TGuardContext } from './guards';
import { currentRole, isBlocked, loadAccount, useSession, type TSessionState, currentAcc } from './session';
import { readItem } from './storage';

export interface TRouteHandle {
  def: TRouteDef;
}

export function guardContext(session: TSessionState, pathname: string, search: string): TGuardContext {
  return {
    pathname,
    search,
    hasToken: Boolean(session.token),
    status: session.status,
    role: currentRole(session),
    blocked: isBlocked(session),
    restrictedOperator: session.restrictedOperator,
    automationEnabled:
      readItem('automationEnable') === 'true' || session.account?.acc.automationEnable === true,
    activeAccId: currentAcc(session),
    requestedAcc: session.requestedAcc,
  };
}

/**
 * The app's route table, for the gate to find the deepest matched route under the declarative
 * router (app/router.tsx AppRoutes); a data router (tests) has its matches in its own state.
 */
export const RouteTableContext = createContext<RouteObject[] | null>(null);

/** The route definition of the deepest matched route (its `handle`). */
export function useRouteDef(): TRouteDef | undefined {
  const dataState = useContext(UNSAFE_DataRouterStateContext);
  const table = useContext(RouteTableContext);
  const location = useLocation();
  const matches = dataState?.matches ?? (table ? (matchRoutes(table, location) ?? []) : []);
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].route.handle as TRouteHandle | undefined;
    if (handle?.def) return handle.def;
  }
  return undefined;
}

/** Runs the spec §2 guards for the matched route before its layout and page render. */
export function RouteGate({ children }: { children: ReactNode }) {
  const def = useRouteDef();
  const session = useSession();
  const { pathname, search, state } = useLocation();
  const decision = evaluateGuards(def, guardContext(session, pathname, search));
  const switchTo = decision.kind === 'switch' ? decision.acc : null;

  useEffect(() => {
    if (switchTo) void loadAccount(switchTo);
  }, [switchTo]);

  if (decision.kind === 'redirect') {
    // /restricted remembers the page asked for (also through its own redirect that adds ?acc=):
    // the operator goes back there once no longer restricted.
    const from = pathname === '/restricted' ? (state as { from?: string } | null)?.from : pathname + search;
    const restricted = decision.to.split('?')[0] === '/restricted';
    return <Navigate to={decision.to} replace state={restricted && from ? { from } : undefined} />;
  }
  if (decision.kind !== 'allow') return def?.noLoader ? null : <PageLoader />;
  return <Suspense fallback={def?.noLoader ? null : <PageLoader />}>{children}</Suspense>;
}

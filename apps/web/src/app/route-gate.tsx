import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
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

/** The route definition of the deepest matched route (its `handle`). */
export function useRouteDef(): TRouteDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as TRouteHandle | undefined;
    if (handle?.def) return handle.def;
  }
  return undefined;
}

/** Runs the spec §2 guards for the matched route before its layout and page render. */
export function RouteGate({ children }: { children: ReactNode }) {
  const def = useRouteDef();
  const session = useSession();
  const { pathname, search } = useLocation();
  const decision = evaluateGuards(def, guardContext(session, pathname, search));
  const switchTo = decision.kind === 'switch' ? decision.acc : null;

  useEffect(() => {
    if (switchTo) void loadAccount(switchTo);
  }, [switchTo]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind !== 'allow') return def?.noLoader ? null : <PageLoader />;
  return <Suspense fallback={def?.noLoader ? null : <PageLoader />}>{children}</Suspense>;
}

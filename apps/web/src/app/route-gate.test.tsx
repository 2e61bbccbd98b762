import { act, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES, type TAccountDetails } from '@atende/shared';
import { NotAuthorizedPage, RestrictedPage } from '../features/status/status-pages';
import { Wrapper } from '../test/setup';
import { RouteGate } from './route-gate';
import { resetSession } from './session';

const ACC = '0190aaaa-0000-7000-8000-000000000001';

function details(role: TAccountDetails['userAccAccessAcl'], trialEnd: string | null): TAccountDetails {
  return {
    acc: {
      _id: ACC,
      id: ACC,
      name: 'Loja',
      locked: false,
      blocked: false,
      accIsPaying: false,
      automationEnable: false,
    },
    plan: { id: 'pro', planParameters: { conversations: 300, chatbots: 1 } },
    accPlan: { isBonus: false, trialEndDate: trialEnd },
    accFinancial: { isPaying: false },
    userAccAccessAcl: role,
  } as unknown as TAccountDetails;
}

function renderAt(path: string) {
  const children: RouteObject[] = ROUTES.filter((r) => !r.redirect).map((def) => ({
    path: def.path,
    handle: { def },
    element:
      def.name === 'not-authorized' ? (
        <NotAuthorizedPage />
      ) : def.name === 'restricted' ? (
        <RestrictedPage />
      ) : (
        <p>page:{def.name}</p>
      ),
  }));
  const router = createMemoryRouter(
    [
      {
        element: (
          <RouteGate>
            <OutletProbe />
          </RouteGate>
        ),
        children,
      },
    ],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />, { wrapper: Wrapper });
  return router;
}

function OutletProbe() {
  return <Outlet />;
}

const future = new Date(Date.now() + 5 * 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();

describe('RouteGate', () => {
  it('sends a visitor without a token to /login with the return path', async () => {
    resetSession({ token: null, status: 'anonymous' });
    const router = renderAt('/acc/users');
    expect(await screen.findByText('page:page-login')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?to=%2Facc%2Fusers');
  });

  it('shows the not-authorized page with the spec message to an operator on /acc', async () => {
    resetSession({ token: 't', status: 'ready', account: details('operator', future) });
    const router = renderAt(`/acc?acc=${ACC}`);
    expect(
      await screen.findByText(
        'Você não tem acesso a esta funcionalidade, fale com o administrador da sua conta',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/not-authorized');
  });

  it('sends an account whose trial ended to /blocked, and lets it reach /plans', async () => {
    resetSession({ token: 't', status: 'ready', account: details('admin', past) });
    const router = renderAt(`/dashboard?acc=${ACC}`);
    expect(await screen.findByText('page:blocked')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blocked');
    await router.navigate(`/plans?acc=${ACC}`);
    expect(await screen.findByText('page:plans')).toBeInTheDocument();
  });

  it('adds the active account to the query and renders the page for an allowed role', async () => {
    resetSession({ token: 't', status: 'ready', account: details('admin', future) });
    const router = renderAt('/acc/users');
    expect(await screen.findByText('page:acc-users')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?acc=${ACC}`);
  });

  it('sends the automation route to /error-404 without the automation flag, and restricted operators to /restricted', async () => {
    resetSession({ token: 't', status: 'ready', account: details('operator', future) });
    renderAt(`/apps/automation?acc=${ACC}`);
    expect(await screen.findByText('page:error-404')).toBeInTheDocument();
  });

  it('sends restricted operators to /restricted', async () => {
    resetSession({
      token: 't',
      status: 'ready',
      account: details('operator', future),
      restrictedOperator: true,
    });
    const router = renderAt(`/dashboard?acc=${ACC}`);
    expect(await screen.findByText('Acesso restrito')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/restricted');
  });
  it('an operator whose restriction ended (a stale flag from the last visit) is taken back to the page asked for', async () => {
    // The flag left in the browser sends the inbox to /restricted before the account is read.
    const restricted = { token: 't', status: 'ready' as const, account: details('operator', future) };
    resetSession({ ...restricted, restrictedOperator: true });
    const router = renderAt(`/apps/inbox?acc=${ACC}&c=abc`);
    expect(await screen.findByText('Acesso restrito')).toBeInTheDocument();
    // The account's read says the operator is not restricted (within the hours): back to the inbox.
    act(() => resetSession({ ...restricted, restrictedOperator: false }));
    expect(await screen.findByText('page:inbox')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apps/inbox');
    expect(router.state.location.search).toBe(`?acc=${ACC}&c=abc`);
  });
});

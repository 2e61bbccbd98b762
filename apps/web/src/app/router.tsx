import { useEffect } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { ROUTES, type TLayout, type TRouteDef } from '@atende/shared';
import { appPage, CreateFirstAccountPage, PAGES } from './pages';
import { RouteGate, RouteTableContext } from './route-gate';
import { setSessionNavigator } from './session';
import { PublicLayout } from './layouts/public-layout';
import { RouteErrorBoundary } from './layouts/router-error';

// The signed-in layouts (shell, team chat) load with their first page, never on the sign-in path.
const MainLayout = appPage('MainLayout');
const BlankLayout = appPage('BlankLayout');

/**
 * /create-account: for a signed-in user who has no account (the last one was deleted). Free of the
 * guards (the page itself sends visitors without a token to sign in).
 */
export const CREATE_ACCOUNT_ROUTE: TRouteDef = {
  name: 'create-account',
  path: '/create-account',
  minRole: null,
  layout: 'public',
  loginRequired: false,
  free: true,
};

function routeObject(def: TRouteDef): RouteObject {
  if (def.redirect) return { path: def.path, element: <Navigate to={def.redirect} replace /> };
  // Every route has its page (pages.test.ts); a name without one would be a not-found page.
  const Page = PAGES[def.name] ?? PAGES['error-404'];
  return { path: def.path, handle: { def }, element: <Page /> };
}

function layoutRoutes(layout: TLayout, element: React.ReactNode, extra: RouteObject[] = []): RouteObject {
  return {
    element,
    children: [...ROUTES.filter((r) => r.layout === layout && !r.redirect).map(routeObject), ...extra],
  };
}

/** Every route of spec §2 (packages/shared ROUTES) under its layout; unknown paths → /error-404. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      ...ROUTES.filter((r) => r.redirect).map(routeObject),
      layoutRoutes(
        'main',
        <RouteGate>
          <MainLayout />
        </RouteGate>,
      ),
      layoutRoutes(
        'blank',
        <RouteGate>
          <BlankLayout />
        </RouteGate>,
      ),
      layoutRoutes(
        'public',
        <RouteGate>
          <PublicLayout />
        </RouteGate>,
        [
          {
            path: CREATE_ACCOUNT_ROUTE.path,
            handle: { def: CREATE_ACCOUNT_ROUTE },
            element: <CreateFirstAccountPage />,
          },
        ],
      ),
      { path: '*', element: <Navigate to="/error-404" replace /> },
    ],
  },
];

/** Render errors of any page show the error page (the data router's errorElement, by hand). */
function RootRoute() {
  const { pathname, search } = useLocation();
  return (
    <RouteErrorBoundary location={`${pathname}${search}`}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/**
 * The app's routes under a declarative <BrowserRouter> (main.tsx): the data router
 * (createBrowserRouter) would add ~17 kB gzip to the sign-in page for loaders and actions the app
 * does not use. The session's redirects (sign-out) navigate through it.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionNavigator((to) => void navigate(to, { replace: true }));
  }, [navigate]);
  return <RouteTableContext.Provider value={routes}>{useRoutes(routes)}</RouteTableContext.Provider>;
}

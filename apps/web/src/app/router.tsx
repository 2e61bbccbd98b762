import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES, type TLayout, type TRouteDef } from '@atende/shared';
import { lazyPage } from './lazy-page';
import { AreaPage, CreateFirstAccountPage, PAGES } from './pages';
import { RouteGate } from './route-gate';
import { BlankLayout } from './layouts/blank-layout';
import { PublicLayout } from './layouts/public-layout';
import { RouterErrorPage } from './layouts/router-error';

const MainLayout = lazyPage(() => import('./layouts/main-layout'), 'MainLayout');

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
  const Page = PAGES[def.name] ?? AreaPage;
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
    element: <Outlet />,
    errorElement: <RouterErrorPage />,
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}

import { lazy } from 'react';
import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES, type TLayout, type TRouteDef } from '@atende/shared';
import { AreaPage, PAGES } from './pages';
import { RouteGate } from './route-gate';
import { BlankLayout } from './layouts/blank-layout';
import { PublicLayout } from './layouts/public-layout';
import { RouterErrorPage } from './layouts/router-error';

const MainLayout = lazy(async () => ({ default: (await import('./layouts/main-layout')).MainLayout }));

function routeObject(def: TRouteDef): RouteObject {
  if (def.redirect) return { path: def.path, element: <Navigate to={def.redirect} replace /> };
  const Page = PAGES[def.name] ?? AreaPage;
  return { path: def.path, handle: { def }, element: <Page /> };
}

function layoutRoutes(layout: TLayout, element: React.ReactNode): RouteObject {
  return { element, children: ROUTES.filter((r) => r.layout === layout && !r.redirect).map(routeObject) };
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
      ),
      { path: '*', element: <Navigate to="/error-404" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../ui/page-loader';

/** Public routes (sign-in flows, status pages): each page brings its own frame. */
export function PublicLayout() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}

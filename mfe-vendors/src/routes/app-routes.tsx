/** Routes of this remote. Each screen is its own chunk; unknown paths get the not-found view. */
import { useLocation } from '@erp/ui';
import { NotFound, PageSkeleton } from '@erp/ui/remote';
import { lazy, Suspense } from 'react';
import { screenForPath } from './screen-for-path';

const VendorListRoute = lazy(() => import('./vendor-list-route'));
const VendorCreateRoute = lazy(() => import('./vendor-create-route'));
const VendorDetailRoute = lazy(() => import('./vendor-detail-route'));
const VendorAccountsRoute = lazy(() => import('./vendor-accounts-route'));

export function AppRoutes() {
  const { pathname } = useLocation();
  const screen = screenForPath(pathname);
  // Left for another app: render nothing while single-spa unmounts us.
  if (screen === null) return null;
  let view;
  if (screen === 'list') view = <VendorListRoute />;
  else if (screen === 'create') view = <VendorCreateRoute />;
  else if (screen === 'detail') view = <VendorDetailRoute />;
  else if (screen === 'accounts') view = <VendorAccountsRoute />;
  else view = <NotFound pathname={pathname} />;
  return <Suspense fallback={<PageSkeleton />}>{view}</Suspense>;
}

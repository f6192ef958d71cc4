/** Routes of this remote. Each screen is its own chunk; unknown paths get the not-found view. */
import { useLocation } from '@erp/ui';
import { NotFound, PageSkeleton } from '@erp/ui/remote';
import { lazy, Suspense } from 'react';

const VendorListRoute = lazy(() => import('./vendor-list-route'));
const VendorCreateRoute = lazy(() => import('./vendor-create-route'));
const VendorDetailRoute = lazy(() => import('./vendor-detail-route'));

/** The vendor ledger and payment screens (SPEC §2) are not part of this remote. */
const LEDGER_PATHS = /^\/vendors\/(account-ledger|ledger|ledger-detail|payment)(\/|$)/;

export function AppRoutes() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  // Left for another app (the vendor ledger screens live elsewhere): render nothing while single-spa unmounts us.
  if (!/^\/vendors(\/|$)/.test(path) || LEDGER_PATHS.test(path)) return null;
  let screen;
  if (path === '/vendors/list' || path === '/vendors') screen = <VendorListRoute />;
  else if (path === '/vendors/create') screen = <VendorCreateRoute />;
  else if (path === '/vendors/detail' || path.startsWith('/vendors/detail/')) screen = <VendorDetailRoute />;
  else screen = <NotFound pathname={pathname} />;
  return <Suspense fallback={<PageSkeleton />}>{screen}</Suspense>;
}

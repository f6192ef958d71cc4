/** Routes of this remote. Each screen is its own chunk; unknown paths get the not-found view. */
import { useLocation } from '@erp/ui';
import { NotFound, PageSkeleton } from '@erp/ui/remote';
import { lazy, Suspense } from 'react';

const ItemListRoute = lazy(() => import('./item-list-route'));
const ItemFormRoute = lazy(() => import('./item-form-route'));

export function AppRoutes() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  // Left for another app: render nothing while single-spa unmounts us.
  if (!/^\/items(\/|$)/.test(path)) return null;
  let screen;
  if (path === '/items/list' || path === '/items') screen = <ItemListRoute />;
  else if (path === '/items/create' || path === '/items/edit') screen = <ItemFormRoute />;
  else screen = <NotFound pathname={pathname} />;
  return <Suspense fallback={<PageSkeleton />}>{screen}</Suspense>;
}

/** Routes of this remote. Each screen is its own chunk; unknown paths get the not-found view. */
import { useLocation } from '@erp/ui';
import { NotFound, PageSkeleton } from '@erp/ui/remote';
import { lazy, Suspense } from 'react';
import { screenForPath } from './screen-for-path';

const ItemListRoute = lazy(() => import('./item-list-route'));
const ItemFormRoute = lazy(() => import('./item-form-route'));

export function AppRoutes() {
  const { pathname } = useLocation();
  const screen = screenForPath(pathname);
  // Left for another app: render nothing while single-spa unmounts us.
  if (screen === null) return null;
  let view;
  if (screen === 'list') view = <ItemListRoute />;
  else if (screen === 'form') view = <ItemFormRoute />;
  else view = <NotFound pathname={pathname} />;
  return <Suspense fallback={<PageSkeleton />}>{view}</Suspense>;
}

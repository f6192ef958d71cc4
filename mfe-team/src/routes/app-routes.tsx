/** Routes of this remote. Each screen is its own chunk; unknown paths get the not-found view. */
import { useLocation } from '@erp/ui';
import { NotFound, PageSkeleton } from '@erp/ui/remote';
import { lazy, Suspense } from 'react';

const TeamListRoute = lazy(() => import('./team-list-route'));
const MemberFormRoute = lazy(() => import('./member-form-route'));

export function AppRoutes() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  // Left for another app: render nothing while single-spa unmounts us.
  if (!/^\/(team|boq)(\/|$)/.test(path)) return null;
  let screen;
  if (path === '/team/list') screen = <TeamListRoute />;
  else if (path === '/team/edit') screen = <MemberFormRoute />;
  else screen = <NotFound pathname={pathname} />;
  return <Suspense fallback={<PageSkeleton />}>{screen}</Suspense>;
}

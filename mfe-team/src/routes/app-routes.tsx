/** Routes of this remote. Each screen is its own chunk; unknown paths get the not-found view. */
import { useLocation } from '@erp/ui';
import { NotFound, PageSkeleton } from '@erp/ui/remote';
import { lazy, Suspense } from 'react';
import { screenForPath } from './screen-for-path';

const TeamListRoute = lazy(() => import('./team-list-route'));
const MemberFormRoute = lazy(() => import('./member-form-route'));

export function AppRoutes() {
  const { pathname } = useLocation();
  const screen = screenForPath(pathname);
  // Left for another app: render nothing while single-spa unmounts us.
  if (screen === null) return null;
  let view;
  if (screen === 'list') view = <TeamListRoute />;
  else if (screen === 'member') view = <MemberFormRoute />;
  else view = <NotFound pathname={pathname} />;
  return <Suspense fallback={<PageSkeleton />}>{view}</Suspense>;
}

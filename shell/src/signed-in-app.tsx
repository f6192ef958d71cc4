/** Everything behind sign-in: the layout with a shell page, or the outlet a remote mounts into. */
import { type ReactNode } from 'react';
import { DashboardPage } from './features/dashboard/components/dashboard-page';
import { AppLayout } from './features/layout/components/app-layout';
import { NotFoundPage } from './features/not-found/components/not-found-page';
import { remoteForPath } from './modules';

export function SignedInApp({ pathname }: { pathname: string }) {
  let page: ReactNode | null;
  if (pathname === '/dashboard') page = <DashboardPage />;
  else {
    const remote = remoteForPath(pathname);
    page = remote ? null : <NotFoundPage pathname={pathname} />;
  }
  return <AppLayout page={page} />;
}

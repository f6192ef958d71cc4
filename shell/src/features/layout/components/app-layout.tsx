import { getUserName } from '@erp/sdk';
import { ErrorPanel, Outlet, theme, useIsMobile, useLocation } from '@erp/ui';
import { useEffect } from 'react';
import { triggerAppChange } from 'single-spa';
import styled from 'styled-components';
import { useCurrentUser } from '../../../current-user';
import { describeFailure, retryRemote, useRemoteFailure, type RemoteFailure } from '../../../remote-errors';
import { OUTLET_ID } from '../../../root-config';
import { navGroups, remoteForPath } from '../../../modules';
import { useSidebarState } from '../hooks/use-sidebar-state';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { MobileNav } from './mobile-nav';
import { groupOfPath } from '../../../nav-config';

const Root = styled.div`
  display: flex;
  min-height: 100vh;
  min-height: 100dvh;
`;

const Column = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

const Content = styled.main`
  flex: 1;
  width: 100%;
  max-width: 90rem;
  margin: 0 auto;
  padding: 1.5rem;
  ${theme.media.mobile} {
    padding: 1rem 1rem calc(5rem + env(safe-area-inset-bottom));
  }
`;

function FailurePanel({ failure, label }: { failure: RemoteFailure; label: string }) {
  const { text, retryable } = describeFailure(failure, label);
  return <ErrorPanel title="This section could not be loaded" message={text} {...(retryable ? { onRetry: () => retryRemote(failure) } : {})} />;
}

/** The signed-in layout: sidebar or bottom bar, header, and the content area remotes mount into. */
export function AppLayout() {
  const isMobile = useIsMobile();
  const [expanded, toggleSidebar] = useSidebarState();
  const { pathname, search } = useLocation();
  const user = useCurrentUser();
  const anyFailure = useRemoteFailure();
  // A shell page (the dashboard, the not-found page) or a path a deployed remote mounts on.
  const remote = pathname === '/dashboard' ? null : remoteForPath(pathname);
  const failure = anyFailure && remote !== null && remote === anyFailure.app ? anyFailure : null;
  const storedName = getUserName() || user?.name;

  // The outlet exists from now on: let single-spa mount the remote of the current URL.
  useEffect(() => {
    void triggerAppChange();
  }, []);

  const groups = navGroups();
  const section =
    pathname === '/dashboard' ? 'Dashboard' : (groupOfPath(groups, pathname)?.label ?? '');
  const failedLabel = failure ? (groups.find((g) => g.remote === failure.app)?.label ?? failure.app) : '';

  return (
    <Root>
      {!isMobile && <AppSidebar expanded={expanded} onExpand={toggleSidebar} pathname={pathname} search={search} />}
      <Column>
        <AppHeader
          isMobile={isMobile}
          sidebarExpanded={expanded}
          onToggleSidebar={toggleSidebar}
          title={section}
          userName={storedName || 'Admin'}
          role={user?.role}
        />
        <Content id="main-content">
          <Outlet />
          {failure && <FailurePanel failure={failure} label={failedLabel} />}
          {/* Remotes render here; React never touches its children. */}
          <div id={OUTLET_ID} hidden={remote === null || failure !== null} />
        </Content>
      </Column>
      {isMobile && <MobileNav pathname={pathname} search={search} userName={storedName || 'Admin User'} />}
    </Root>
  );
}

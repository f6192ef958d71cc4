import { getUserName } from '@erp/sdk';
import { ErrorPanel, Outlet, theme, useIsMobile, useLocation } from '@erp/ui';
import { useEffect, type MouseEvent } from 'react';
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

/**
 * The first thing Tab reaches: hidden until focused, then shown over the header; it moves the focus
 * to the content (without changing the URL, which the routers and the leave guards watch).
 */
const SkipLink = styled.a`
  position: fixed;
  top: 0.5rem;
  left: 0.5rem;
  z-index: ${theme.z.toast + 1};
  padding: 0.5rem 1rem;
  border-radius: ${theme.radius.md};
  background: ${theme.color.primary};
  color: ${theme.color.primaryForeground};
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  &:focus {
    outline: 2px solid ${theme.color.ring};
    outline-offset: 2px;
  }
  &:not(:focus) {
    width: 1px;
    height: 1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
  }
`;

const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
};

const MAIN_ID = 'main-content';

const Content = styled.main`
  &:focus {
    outline: none;
  }
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
  return (
    <ErrorPanel
      title="This section could not be loaded"
      message={text}
      {...(retryable ? { onRetry: () => retryRemote(failure) } : {})}
    />
  );
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
  const section = pathname === '/dashboard' ? 'Dashboard' : (groupOfPath(groups, pathname)?.label ?? '');
  const failedLabel = failure ? (groups.find((g) => g.remote === failure.app)?.label ?? failure.app) : '';

  return (
    <Root>
      <SkipLink href={`#${MAIN_ID}`} onClick={skipToContent}>
        Skip to main content
      </SkipLink>
      {!isMobile && (
        <AppSidebar expanded={expanded} onExpand={toggleSidebar} pathname={pathname} search={search} />
      )}
      <Column>
        <AppHeader
          isMobile={isMobile}
          sidebarExpanded={expanded}
          onToggleSidebar={toggleSidebar}
          title={section}
          userName={storedName || 'Admin'}
          role={user?.role}
        />
        <Content id={MAIN_ID} tabIndex={-1}>
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

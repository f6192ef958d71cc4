/**
 * The shell's routes: sign-in at '/', and behind sign-in the layout with the dashboard (a lazily
 * loaded route) or the area a remote mounts into; a path no deployed module owns is not found.
 */
import { getToken, subscribeSession } from '@erp/sdk';
import {
  AppRouter,
  ErrorPanel,
  Navigate,
  NotFound,
  Spinner,
  useLocation,
  useRoutes,
  type RouteObject,
} from '@erp/ui';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { setCurrentUser, useCurrentUser } from './current-user';
import { getMe } from './features/auth/api/get-me';
import { remoteForPath } from './modules';
import { dashboardScreen, signedInScreen, signInScreen } from './screens';

const Centered = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 1rem;
`;

/** A token without a member (signed in from another tab, or /auth/me failed): fetch the member. */
function LoadMember() {
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    getMe()
      .then(({ user }) => !cancelled && setCurrentUser(user))
      .catch(
        (error: unknown) => !cancelled && setFailed(error instanceof Error ? error.message : String(error)),
      );
    return () => {
      cancelled = true;
    };
  }, [attempt]);
  return (
    <Centered>
      {failed ? (
        <ErrorPanel
          title="Could not load your account"
          message={failed}
          onRetry={() => {
            setFailed(null);
            setAttempt((n) => n + 1);
          }}
        />
      ) : (
        <Spinner size={28} />
      )}
    </Centered>
  );
}

const useToken = () => useSyncExternalStore(subscribeSession, getToken, getToken);

const spinner = (
  <Centered>
    <Spinner size={28} />
  </Centered>
);

/** '/': the sign-in page, or the dashboard for a signed-in member. */
function Home() {
  const token = useToken();
  const user = useCurrentUser();
  if (token && user) return <Navigate to="/dashboard" replace />;
  if (token) return <LoadMember />;
  return <signInScreen.Screen />;
}

/** Everything else needs a session (SPEC §2: signed out, any path but '/' goes to '/'). */
function SignedIn() {
  const token = useToken();
  const user = useCurrentUser();
  if (!token) return <Navigate to="/" replace />;
  if (!user) return <LoadMember />;
  return <signedInScreen.Screen />;
}

/** A path of the signed-in area other than a shell page: a deployed remote mounts there, or it is not found. */
function RemoteArea() {
  const { pathname } = useLocation();
  return remoteForPath(pathname) ? null : <NotFound pathname={pathname} />;
}

const ROUTES: RouteObject[] = [
  { path: '/', element: <Home /> },
  {
    element: <SignedIn />,
    children: [
      { path: 'dashboard', element: <dashboardScreen.Screen /> },
      { path: '*', element: <RemoteArea /> },
    ],
  },
];

function ShellRoutes() {
  const token = useToken();
  const user = useCurrentUser();
  // Signed out elsewhere (401 in a remote, logout in another tab): forget the member too.
  useEffect(() => {
    if (!token && user) setCurrentUser(null);
  }, [token, user]);
  return <Suspense fallback={spinner}>{useRoutes(ROUTES)}</Suspense>;
}

export function App() {
  return (
    <AppRouter>
      <ShellRoutes />
    </AppRouter>
  );
}

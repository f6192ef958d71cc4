/** The shell's own screens: sign-in when signed out, otherwise the layout with a shell page or a remote. */
import { getToken, subscribeSession } from '@erp/sdk';
import { ErrorPanel, navigate, Spinner, useLocation } from '@erp/ui';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { setCurrentUser, useCurrentUser } from './current-user';
import { getMe } from './features/auth/api/get-me';
import { signedInScreen, signInScreen } from './screens';

const Centered = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 1rem;
`;

function Redirect({ to }: { to: string }) {
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [to]);
  return null;
}

/** A token without a member (signed in from another tab, or /auth/me failed): fetch the member. */
function LoadMember() {
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    getMe()
      .then(({ user }) => !cancelled && setCurrentUser(user))
      .catch((error: unknown) => !cancelled && setFailed(error instanceof Error ? error.message : String(error)));
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

export function App() {
  const token = useSyncExternalStore(subscribeSession, getToken, getToken);
  const user = useCurrentUser();
  const { pathname } = useLocation();

  // Signed out elsewhere (401 in a remote, logout in another tab): forget the member too.
  useEffect(() => {
    if (!token && user) setCurrentUser(null);
  }, [token, user]);

  let screen;
  if (!token) {
    // SPEC §2: any path but '/' redirects to '/' when signed out.
    screen = pathname === '/' ? <signInScreen.Screen /> : <Redirect to="/" />;
  } else if (!user) {
    screen = <LoadMember />;
  } else if (pathname === '/') {
    screen = <Redirect to="/dashboard" />;
  } else {
    screen = <signedInScreen.Screen pathname={pathname} />;
  }
  return (
    <Suspense
      fallback={
        <Centered>
          <Spinner size={28} />
        </Centered>
      }
    >
      {screen}
    </Suspense>
  );
}

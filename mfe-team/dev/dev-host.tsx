/**
 * Development only: mounts mfe_team without the shell, the way the shell would (single-spa
 * lifecycles + the same customProps), with a minimal sign-in that reads the code from the dev SMS
 * outbox of the gateway. Not part of the production build.
 */
import type { DevSmsMessage, Member, MeResponse, VerifyOtpResponse } from '@erp/contracts';
import { api, clearSession, errorMessage, getToken, setSession, type ShellCustomProps } from '@erp/sdk';
import { Button, Card, CardContent, GlobalStyle, Input, Link, navigate, Toaster, toast, useLocation } from '@erp/ui';
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { bootstrap, mount, unmount } from '../src/app';

type Lifecycle = (props: ShellCustomProps & { name: string }) => Promise<unknown>;

function DevSignIn({ onSignedIn }: { onSignedIn: (user: Member) => void }) {
  const [phone, setPhone] = useState('9000000001');
  const [busy, setBusy] = useState(false);
  const signIn = async () => {
    setBusy(true);
    try {
      await api.post('/auth/sendOtp', { phoneNumber: phone });
      const [latest] = await api.get<DevSmsMessage[]>('/dev/sms', { query: { phoneNumber: phone } });
      if (!latest) throw new Error('No code in the dev SMS outbox');
      const { token, user } = await api.post<VerifyOtpResponse>('/auth/verifyOtp', { phoneNumber: phone, otp: latest.code });
      setSession({ token, user });
      onSignedIn(user);
    } catch (error) {
      toast({ title: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card style={{ maxWidth: 360, margin: '4rem auto' }}>
      <CardContent style={{ display: 'grid', gap: 12 }}>
        <strong>mfe_team dev sign-in</strong>
        <Input value={phone} onChange={(e) => setPhone(e.target.value)} aria-label="Mobile number" />
        <Button onClick={() => void signIn()} disabled={busy}>
          Sign in with the dev outbox
        </Button>
      </CardContent>
    </Card>
  );
}

function MountedApp({ user }: { user: Member }) {
  const outlet = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = outlet.current;
    if (!element) return;
    const props = { name: 'mfe_team', user, navigate, domElementGetter: () => element };
    let mounted = false;
    void (bootstrap as Lifecycle)(props)
      .then(() => (mount as Lifecycle)(props))
      .then(() => {
        mounted = true;
      });
    return () => {
      if (mounted) void (unmount as Lifecycle)(props);
    };
  }, [user]);
  return <div ref={outlet} style={{ padding: '1.5rem' }} />;
}

function DevHost() {
  const [user, setUser] = useState<Member | null>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (getToken()) void api.get<MeResponse>('/auth/me').then((r) => setUser(r.user), () => setUser(null));
  }, []);
  useEffect(() => {
    if (pathname === '/') void navigate('/team/list', { replace: true });
  }, [pathname]);
  if (!user) return <DevSignIn onSignedIn={setUser} />;
  return (
    <>
      <nav style={{ display: 'flex', gap: 16, padding: '0.75rem 1.5rem', borderBottom: '1px solid #e2e8f0' }}>
        <Link to="/team/list">Team List</Link>
        <Link to="/team/edit">Add Member</Link>
        <span style={{ flex: 1 }} />
        <span>
          {user.name} ({user.role})
        </span>
        <button
          type="button"
          onClick={() => {
            clearSession();
            setUser(null);
          }}
        >
          Sign out
        </button>
      </nav>
      <MountedApp user={user} />
    </>
  );
}

const container = document.getElementById('dev-root');
if (container) {
  createRoot(container).render(
    <>
      <GlobalStyle />
      <DevHost />
      <Toaster />
    </>,
  );
}

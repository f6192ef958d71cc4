/**
 * Development only: mounts one remote without the shell, the way the shell would (single-spa
 * lifecycles + the same customProps), with a minimal sign-in that reads the code from the dev SMS
 * outbox of the gateway. dev-host-start.ts calls `startDevHost` with the remote's name, its
 * lifecycles and its menu links (from its module.json). Not part of any production build.
 */
import type { DevSmsMessage, Member, MeResponse, VerifyOtpResponse } from '@erp/contracts';
import { api, clearSession, errorMessage, getToken, setSession, type ShellCustomProps } from '@erp/sdk';
import {
  Button,
  Card,
  CardContent,
  GlobalStyle,
  Input,
  navigateOutsideRouter,
  Toaster,
  toast,
} from '@erp/ui';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { createRoot } from 'react-dom/client';

type Lifecycle = (props: ShellCustomProps & { name: string }) => Promise<unknown>;

/**
 * Without single-spa nobody turns a pushState into a popstate, which is how the remote's router
 * hears of navigation from outside it: do it here.
 */
async function navigate(to: string, options?: { replace?: boolean }): Promise<boolean> {
  const ok = await navigateOutsideRouter(to, options);
  if (ok) window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  return ok;
}

function DevLink({ to, children }: { to: string; children: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    <a href={to} onClick={onClick}>
      {children}
    </a>
  );
}

export interface DevHostOptions {
  /** The remote's federation name, e.g. 'mfe_team'. */
  name: string;
  /** The remote's single-spa lifecycles (its src/app.tsx). */
  app: { bootstrap: unknown; mount: unknown; unmount: unknown };
  /** The menu of the dev page; '/' opens the first link. */
  links: [{ to: string; label: string }, ...{ to: string; label: string }[]];
}

function DevSignIn({ name, onSignedIn }: { name: string; onSignedIn: (user: Member) => void }) {
  const [phone, setPhone] = useState('9000000001');
  const [busy, setBusy] = useState(false);
  const signIn = async () => {
    setBusy(true);
    try {
      await api.post('/auth/sendOtp', { phoneNumber: phone });
      const [latest] = await api.get<DevSmsMessage[]>('/dev/sms', { query: { phoneNumber: phone } });
      if (!latest) throw new Error('No code in the dev SMS outbox');
      const { token, user } = await api.post<VerifyOtpResponse>('/auth/verifyOtp', {
        phoneNumber: phone,
        otp: latest.code,
      });
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
        <strong>{name} dev sign-in</strong>
        <Input value={phone} onChange={(e) => setPhone(e.target.value)} aria-label="Mobile number" />
        <Button onClick={() => void signIn()} disabled={busy}>
          Sign in with the dev outbox
        </Button>
      </CardContent>
    </Card>
  );
}

function MountedApp({ name, app, user }: Pick<DevHostOptions, 'name' | 'app'> & { user: Member }) {
  const outlet = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = outlet.current;
    if (!element) return;
    const props = { name, user, navigate, domElementGetter: () => element };
    let mounted = false;
    void (app.bootstrap as Lifecycle)(props)
      .then(() => (app.mount as Lifecycle)(props))
      .then(() => {
        mounted = true;
      });
    return () => {
      if (mounted) void (app.unmount as Lifecycle)(props);
    };
  }, [name, app, user]);
  return <div ref={outlet} style={{ padding: '1.5rem' }} />;
}

function DevHost({ name, app, links }: DevHostOptions) {
  const [user, setUser] = useState<Member | null>(null);
  const home = links[0].to;
  useEffect(() => {
    if (getToken())
      void api.get<MeResponse>('/auth/me').then(
        (r) => setUser(r.user),
        () => setUser(null),
      );
  }, []);
  useEffect(() => {
    if (window.location.pathname === '/') void navigate(home, { replace: true });
  }, [home]);
  if (!user) return <DevSignIn name={name} onSignedIn={setUser} />;
  return (
    <>
      <nav style={{ display: 'flex', gap: 16, padding: '0.75rem 1.5rem', borderBottom: '1px solid #e2e8f0' }}>
        {links.map((link) => (
          <DevLink key={link.to} to={link.to}>
            {link.label}
          </DevLink>
        ))}
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
      <MountedApp name={name} app={app} user={user} />
    </>
  );
}

/** Renders the dev host into #dev-root (see dev-host.html). */
export function startDevHost(options: DevHostOptions): void {
  const container = document.getElementById('dev-root');
  if (container) {
    createRoot(container).render(
      <>
        <GlobalStyle />
        <DevHost {...options} />
        <Toaster />
      </>,
    );
  }
}

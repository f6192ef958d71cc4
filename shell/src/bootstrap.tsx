/**
 * Starts the shell: reads the remotes file and the signed-in member, registers the applications (so
 * the current path's remote starts loading), draws the layout (so the remotes' outlet exists), then
 * starts single-spa.
 */
import { getToken } from '@erp/sdk';
import { GlobalStyle, Toaster } from '@erp/ui';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { App } from './app';
import { setCurrentUser } from './current-user';
import { getMe } from './features/auth/api/get-me';
import { watchRemoteErrors } from './remote-errors';
import { fetchRemotesConfig, preloadRemoteFor } from './remotes';
import { registerApplications } from './root-config';
import { dashboardScreen, signedInScreen, signInScreen } from './screens';

async function main(): Promise<void> {
  const signedIn = getToken() !== null;
  const [, me] = await Promise.all([
    // A signed-in member's remote starts loading as soon as the file says which one it is.
    fetchRemotesConfig().then(() => signedIn && preloadRemoteFor(window.location.pathname)),
    // A stale token answers 401, which clears the session: the sign-in page shows.
    signedIn ? getMe().catch(() => null) : Promise.resolve(null),
    // Fetch the screen's code alongside the data instead of after it.
    signedIn ? signedInScreen.preload() : signInScreen.preload(),
    // The dashboard too when it is what shows ('/' sends a member there): rendered without a
    // fallback, it is not held back by React's 300 ms between a fallback and what replaces it.
    signedIn && ['/', '/dashboard'].includes(window.location.pathname)
      ? dashboardScreen.preload().catch(() => undefined)
      : null,
  ]);
  if (me) setCurrentUser(me.user);
  // The token was refused (401 cleared it): the sign-in page shows after all.
  else if (!getToken()) await signInScreen.preload();

  // Registering before start() makes single-spa fetch the code of the remote this path shows
  // (manifest, entry, first chunks) now, while the shell renders; it mounts only after start().
  watchRemoteErrors();
  registerApplications();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // Rendered as a transition: React yields to the browser every few milliseconds instead of
  // holding the main thread for the whole first render (a phone's input stays responsive).
  // single-spa starts once the layout, with the remotes' outlet, is in the document. A first render
  // that throws rejects, so the plain 'could not start' message below shows instead of a blank page.
  let failed: (error: unknown) => void = () => undefined;
  const root = createRoot(container, {
    onUncaughtError(error) {
      console.error(error);
      failed(error);
    },
  });
  await new Promise<void>((committed, reject) => {
    failed = reject;
    startTransition(() => {
      root.render(
        <StrictMode>
          <GlobalStyle />
          <App />
          <Toaster />
          <Committed onCommit={committed} />
        </StrictMode>,
      );
    });
  });

  start({ urlRerouteOnly: true });
}

/** Tells the start-up that the first render is in the document (its effects run after the commit). */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

main().catch((error: unknown) => {
  // Without React (its code may be what failed to arrive), say so plainly instead of spinning forever.
  console.error('The shell failed to start', error);
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML =
      '<p style="font:16px system-ui,sans-serif;text-align:center;margin:20vh 1rem;color:#334155">' +
      'The application could not start. Check your connection and <a href="">reload the page</a>.</p>';
  }
});

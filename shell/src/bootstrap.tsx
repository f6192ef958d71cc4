/**
 * Starts the shell: reads the remotes file and the signed-in member, draws the layout (so the remotes'
 * outlet exists), then registers the applications and starts single-spa.
 */
import { getToken } from '@erp/sdk';
import { GlobalStyle, Toaster } from '@erp/ui';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { App } from './app';
import { setCurrentUser } from './current-user';
import { getMe } from './features/auth/api/get-me';
import { watchRemoteErrors } from './remote-errors';
import { fetchRemotesConfig } from './remotes';
import { registerApplications } from './root-config';
import { signedInScreen, signInScreen } from './screens';

async function main(): Promise<void> {
  const signedIn = getToken() !== null;
  const [, me] = await Promise.all([
    fetchRemotesConfig(),
    // A stale token answers 401, which clears the session: the sign-in page shows.
    signedIn ? getMe().catch(() => null) : Promise.resolve(null),
    // Fetch the screen's code alongside the data instead of after it.
    signedIn ? signedInScreen.preload() : signInScreen.preload(),
  ]);
  if (me) setCurrentUser(me.user);
  // The token was refused (401 cleared it): the sign-in page shows after all.
  else if (!getToken()) await signInScreen.preload();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  flushSync(() => {
    root.render(
      <StrictMode>
        <GlobalStyle />
        <App />
        <Toaster />
      </StrictMode>,
    );
  });

  watchRemoteErrors();
  registerApplications();
  start({ urlRerouteOnly: true });
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

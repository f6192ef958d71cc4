/** The two halves of the shell, split so a signed-out visitor does not download the layout and vice versa. */
import { preloadable } from './preloadable';

export const signInScreen = preloadable(() =>
  import('./features/auth/components/sign-in-page').then((m) => m.SignInPage),
);

export const signedInScreen = preloadable(() => import('./signed-in-app').then((m) => m.SignedInApp));

/** The dashboard, the signed-in member's first screen at '/' and '/dashboard'. */
export const dashboardScreen = preloadable(() =>
  import('./features/dashboard/components/dashboard-page').then((m) => m.DashboardPage),
);

/** Everything behind sign-in: the layout, with a shell page or the outlet a remote mounts into. */
import { AppLayout } from './features/layout/components/app-layout';

export function SignedInApp() {
  return <AppLayout />;
}

import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToaster, subscribeToasterWanted, toasterWanted } from './toast';

const ToasterImpl = lazy(() => loadToaster().then((m) => ({ default: m.ToasterImpl })));

/** Mount once per page (the shell does); shows toasts bottom-right (above the bottom bar on phones). */
export function Toaster() {
  const wanted = useSyncExternalStore(subscribeToasterWanted, toasterWanted, toasterWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToasterImpl />
    </Suspense>
  );
}

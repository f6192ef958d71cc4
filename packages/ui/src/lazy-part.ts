import { useEffect, useState } from 'react';

/**
 * Library code the shell must not load at '/' (its first-load budget, decision 0013) but every app
 * uses: dialogs, sheets, popovers on Radix and toasts on sonner. Each lives in a chunk of @erp/ui that
 * is fetched once, the first time a component that may need it is on screen, and then shared by the
 * shell and every remote (they all use the one @erp/ui singleton).
 */
export function lazyPart<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      // A failed fetch (a flaky site connection) is tried again next time instead of staying broken.
      loading = null;
      throw error;
    });
    return loading;
  };
}

/** Starts loading `load` when the browser is idle after mount, so the part is there before it is opened. */
export function usePreload(load: () => Promise<unknown>): void {
  useEffect(() => {
    const start = () => void load().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(start, 200);
    return () => clearTimeout(timer);
  }, [load]);
}

/** True from the first time `open` is true: the lazy part stays mounted afterwards so it can animate closed. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * Toasts on sonner. `toast()` can be called from any app at any time: @erp/ui is one shared instance,
 * so every toast lands in the one <Toaster /> the shell mounts. sonner and the toast's look are a lazy
 * chunk (overlays/toaster-impl.tsx), fetched with the first toast, so the shell's first load does not
 * carry them; sonner shows toasts raised before its Toaster subscribed.
 */
import { lazyPart } from './lazy-part';

export type ToastVariant = 'default' | 'success' | 'destructive' | 'info';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; the spec's default is 5000. */
  duration?: number;
}

export const loadToaster = lazyPart(() => import('./overlays/toaster-impl'));

let nextId = 1;
let wanted = false;
const listeners = new Set<() => void>();

/** Whether a toast was ever raised on this page (the Toaster mounts sonner from then on). */
export const toasterWanted = (): boolean => wanted;

export function subscribeToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Shows a toast; returns its id for `dismissToast`. */
export function toast(options: ToastOptions): string {
  const id = `toast-${nextId++}`;
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  loadToaster().then(
    (m) => m.showToast(id, options),
    (error: unknown) => console.error(`Could not show the notification "${options.title}"`, error),
  );
  return id;
}

export function dismissToast(id: string): void {
  void loadToaster()
    .then((m) => m.dismissToast(id))
    .catch(() => undefined);
}

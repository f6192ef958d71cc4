/**
 * A screen's data that could not be loaded because of the server (a service that is down answers
 * 503 with `{message}`, a timeout 504): the screen shows its own error state with Retry, and the
 * remotes' query caches also raise the server's message as an error toast (SPEC §8: errors are
 * toasts with the server's message). Once per failure: the same message again while its toast is
 * still on screen (several loads of one service failing together) raises no second toast.
 */
import { toast, type ToastOptions } from '@erp/ui';

/** sonner's time on screen for our toasts (toast.ts). */
const SHOWN_MS = 5000;

/** The deduplicating toaster around `show`; true when it raised a toast. */
export function serverErrorToasts(show: (options: ToastOptions) => unknown) {
  const shownAt = new Map<string, number>();
  return (message: string, now = Date.now()): boolean => {
    for (const [text, at] of shownAt) if (now - at >= SHOWN_MS) shownAt.delete(text);
    if (shownAt.has(message)) return false;
    shownAt.set(message, now);
    show({ title: message, variant: 'destructive' });
    return true;
  };
}

export const toastServerError = serverErrorToasts(toast);

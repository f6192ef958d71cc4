/**
 * Navigation shared by the shell and every remote on react-router-dom. Each React root (the shell's,
 * each remote's) has its own router over the browser's history; they share the URL, and single-spa
 * turns every pushState into a popstate, so all of them stay in step. What they must also share is
 * the unsaved-changes guard: a form in a remote has to stop the shell's sidebar link, the remote's
 * own links and the browser's back button alike. Guards live here (one instance: @erp/ui is a Module
 * Federation singleton). Every router navigates through a guarded history (its push and replace ask
 * the guards first: react-router's navigation blocking at the navigator, which works across
 * routers), and back/forward is caught before single-spa unmounts anything.
 *
 * Why not createBrowserRouter and useBlocker: the data router is 33 KB gzipped against 15 KB for
 * this, the shell's budget is 170 KB, and useBlocker only sees its own router's navigation.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  createPath,
  unstable_HistoryRouter as HistoryRouter,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useLocation,
  useNavigate,
  type To,
} from 'react-router-dom';

/** A guard decides whether the app may leave the current screen (unsaved changes), possibly by asking. */
export type NavigationGuard = (to: string) => boolean | Promise<boolean>;

export interface NavigateOptions {
  replace?: boolean;
}

const guards: NavigationGuard[] = [];

const currentHref = (): string => window.location.pathname + window.location.search + window.location.hash;

/** The URL (and history state) the apps last settled on; back/forward is undone to it while a guard decides. */
let lastHref = '';
let lastState: unknown = null;

/** Resolves true when the current screen may be left for `to` (asks the registered guards, newest first). */
export async function canLeave(to: string): Promise<boolean> {
  for (const guard of [...guards].reverse()) {
    if (!(await guard(to))) return false;
  }
  return true;
}

function onPopState(event: PopStateEvent): void {
  const target = currentHref();
  // single-spa re-dispatches pushState/replaceState (every router's navigation) as popstate marked `singleSpa`.
  const fromHistoryButtons = !(event as PopStateEvent & { singleSpa?: boolean }).singleSpa;
  if (fromHistoryButtons && guards.length > 0 && target !== lastHref) {
    // Put the URL back at once (synchronously, before single-spa unmounts anything), then go on only
    // if the user agrees: the entry the browser moved to gets its own URL and state back.
    const targetState: unknown = event.state;
    window.history.replaceState(lastState, '', lastHref);
    void canLeave(target).then((ok) => {
      if (ok) window.history.replaceState(targetState, '', target);
    });
    return;
  }
  lastState = window.history.state;
  lastHref = target;
}

/**
 * Listen natively: single-spa patches window.addEventListener to delay popstate listeners (the
 * routers' included) until it has re-mounted applications, but a guard must see back/forward before
 * anything unmounts.
 */
const nativeAdd = EventTarget.prototype.addEventListener;
const nativeRemove = EventTarget.prototype.removeEventListener;

export function addNavigationGuard(guard: NavigationGuard): () => void {
  if (guards.length === 0) {
    lastHref = currentHref();
    lastState = window.history.state;
    nativeAdd.call(window, 'popstate', onPopState as EventListener);
  }
  guards.push(guard);
  return () => {
    const index = guards.indexOf(guard);
    if (index !== -1) guards.splice(index, 1);
    if (guards.length === 0) nativeRemove.call(window, 'popstate', onPopState as EventListener);
  };
}

type BrowserHistory = ReturnType<typeof createBrowserHistory>;

/**
 * A new screen opens at its top, as a new page would (the apps share one window, so its scroll
 * position would otherwise carry over: a long form saved at its end opened its BOQ's page scrolled
 * halfway). Only when the path changes: a filter or a page number in the query keeps the place.
 */
function topOfNewScreen(fromPathname: string): void {
  if (window.location.pathname !== fromPathname) window.scrollTo(0, 0);
}

/** A browser history whose push and replace go on only when every app's guards agree. */
function guardedHistory(): BrowserHistory {
  const history = createBrowserHistory({ v5Compat: true });
  const guarded = (go: (to: To, state?: unknown) => void) => (to: To, state?: unknown) => {
    const href = typeof to === 'string' ? to : createPath(to);
    const target = new URL(href, window.location.href);
    const same = target.pathname + target.search === window.location.pathname + window.location.search;
    if (guards.length === 0 || same) return go(to, state);
    void canLeave(target.pathname + target.search + target.hash).then((ok) => ok && go(to, state));
  };
  const push = guarded((to, state) => {
    const from = window.location.pathname;
    history.push(to, state);
    topOfNewScreen(from);
  });
  const replace = guarded((to, state) => {
    const from = window.location.pathname;
    history.replace(to, state);
    topOfNewScreen(from);
  });
  return new Proxy(history, {
    get: (target, prop, receiver) =>
      prop === 'push' ? push : prop === 'replace' ? replace : Reflect.get(target, prop, receiver),
  });
}

/** The router of one app (the shell, or a remote while it is mounted), over the guarded browser history. */
export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(guardedHistory);
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

/**
 * Navigation from outside any router (the props the shell hands a remote): asks the guards, then
 * pushes; single-spa tells every router. Resolves false when the user stayed.
 */
export async function navigateOutsideRouter(to: string, options: NavigateOptions = {}): Promise<boolean> {
  if (guards.length > 0 && !(await canLeave(to))) return false;
  if (to === currentHref()) return true;
  const from = window.location.pathname;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  topOfNewScreen(from);
  return true;
}

/**
 * The URL of `pathname` with `next` merged into the current query (an empty or undefined value
 * removes the key), or null when the browser has already left `pathname`: a page's late update
 * (a search box's debounce firing just as a row's link is followed) must not pull the user back.
 */
export function withParams(
  pathname: string,
  current: { pathname: string; search: string },
  next: Record<string, string | undefined>,
): string | null {
  if (current.pathname !== pathname) return null;
  const merged = new URLSearchParams(current.search);
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || value === '') merged.delete(key);
    else merged.set(key, value);
  }
  const query = merged.toString();
  return pathname + (query ? `?${query}` : '');
}

/**
 * Read and update the query string of the current page (filters, paging, search); updating replaces
 * the history entry by default, and does nothing once the user has left the page.
 */
export function useQueryParams(): [
  URLSearchParams,
  (next: Record<string, string | undefined>, options?: NavigateOptions) => void,
] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: Record<string, string | undefined>, options: NavigateOptions = { replace: true }) => {
      const url = withParams(pathname, window.location, next);
      if (url !== null) void navigate(url, { replace: options.replace ?? true });
    },
    [pathname, navigate],
  );
  return [params, setParams];
}

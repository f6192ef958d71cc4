/**
 * A deliberately tiny router shared by the shell and every remote (one instance, because @erp/ui is a
 * Module Federation singleton). The URL is the only state: single-spa patches pushState/replaceState
 * and fires popstate, so every React root re-reads location and stays in step without glue.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  replace?: boolean;
}

/** A guard decides whether the app may leave the current screen (unsaved changes), possibly by asking. */
export type NavigationGuard = (to: string) => boolean | Promise<boolean>;

const listeners = new Set<() => void>();
const guards: NavigationGuard[] = [];

const getHref = (): string => window.location.pathname + window.location.search + window.location.hash;

/** The URL every subscriber last saw; back/forward is undone to it while a guard decides. */
let lastHref = '';

function notify(): void {
  lastHref = getHref();
  for (const listener of listeners) listener();
}

function onPopState(event: PopStateEvent): void {
  const target = getHref();
  // single-spa re-dispatches pushState/replaceState as popstate events marked `singleSpa`.
  const fromHistoryButtons = !(event as PopStateEvent & { singleSpa?: boolean }).singleSpa;
  if (fromHistoryButtons && guards.length > 0 && target !== lastHref) {
    // Put the URL back before any app reacts, then go on only if the user agrees.
    window.history.replaceState(null, '', lastHref);
    void canLeave(target).then((ok) => ok && go(target, false));
    return;
  }
  notify();
}

/**
 * Listen natively: single-spa patches window.addEventListener to delay popstate listeners until it
 * has re-mounted applications, but a guard must see back/forward before anything unmounts.
 */
const nativeAdd = EventTarget.prototype.addEventListener;
const nativeRemove = EventTarget.prototype.removeEventListener;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    lastHref = getHref();
    nativeAdd.call(window, 'popstate', onPopState as EventListener);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) nativeRemove.call(window, 'popstate', onPopState as EventListener);
  };
}

function go(to: string, replace: boolean): void {
  if (to === getHref()) return;
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  // Without single-spa (a remote running alone) nobody fires popstate for us.
  notify();
}

/** Resolves true when the current screen may be left for `to` (asks registered guards). */
export async function canLeave(to: string): Promise<boolean> {
  for (const guard of [...guards].reverse()) {
    if (!(await guard(to))) return false;
  }
  return true;
}

/**
 * Navigate inside the app. Resolves true once navigated, false when a guard (unsaved changes) kept
 * the user on the current screen.
 */
export async function navigate(to: string, options: NavigateOptions = {}): Promise<boolean> {
  if (guards.length > 0 && !(await canLeave(to))) return false;
  go(to, options.replace ?? false);
  return true;
}

export function addNavigationGuard(guard: NavigationGuard): () => void {
  guards.push(guard);
  return () => {
    const index = guards.indexOf(guard);
    if (index !== -1) guards.splice(index, 1);
  };
}

export function useLocation(): Location {
  const href = useSyncExternalStore(subscribe, getHref, getHref);
  return useMemo(() => {
    const url = new URL(href, 'http://x');
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  }, [href]);
}

/** Read and update the query string; setting replaces the history entry by default (filters, paging). */
/**
 * The URL of `pathname` with `next` merged into the current query (an empty or undefined value
 * removes the key), or null when the browser has already left `pathname`: a page's late update
 * (a search box's debounce firing just as a row's link is followed) must not pull the user back.
 */
export function withParams(pathname: string, current: { pathname: string; search: string }, next: Record<string, string | undefined>): string | null {
  if (current.pathname !== pathname) return null;
  const merged = new URLSearchParams(current.search);
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || value === '') merged.delete(key);
    else merged.set(key, value);
  }
  const query = merged.toString();
  return pathname + (query ? `?${query}` : '');
}

export function useSearchParams(): [URLSearchParams, (next: Record<string, string | undefined>, options?: NavigateOptions) => void] {
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: Record<string, string | undefined>, options: NavigateOptions = { replace: true }) => {
      const url = withParams(pathname, window.location, next);
      if (url !== null) void navigate(url, options);
    },
    [pathname],
  );
  return [params, setParams];
}

/**
 * Match a pattern such as '/team/project/:id' or '/team/*' against a path.
 * Returns the params, or null when it does not match.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const clean = (p: string) => p.replace(/\/+$/, '') || '/';
  const patternParts = clean(pattern).split('/');
  const pathParts = clean(pathname).split('/');
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i++) {
    const part = patternParts[i]!;
    if (part === '*') return params;
    const value = pathParts[i];
    if (value === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(value);
    else if (part !== value) return null;
  }
  return patternParts.length === pathParts.length ? params : null;
}

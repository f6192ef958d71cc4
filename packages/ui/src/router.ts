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

/** A guard asks before leaving (unsaved changes). It calls proceed() if the user agrees. */
export type NavigationGuard = (to: string, proceed: () => void) => void;

const listeners = new Set<() => void>();
const guards = new Set<NavigationGuard>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

const getHref = (): string => window.location.pathname + window.location.search + window.location.hash;

function go(to: string, replace: boolean): void {
  if (to === getHref()) return;
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  // Without single-spa (a remote running alone) nobody fires popstate for us.
  notify();
}

/** Navigate inside the app. Guards registered with useNavigationGuard may hold the navigation. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const guard = [...guards].pop();
  if (guard) {
    guard(to, () => {
      guards.delete(guard);
      go(to, options.replace ?? false);
    });
    return;
  }
  go(to, options.replace ?? false);
}

export function addNavigationGuard(guard: NavigationGuard): () => void {
  guards.add(guard);
  return () => {
    guards.delete(guard);
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
export function useSearchParams(): [URLSearchParams, (next: Record<string, string | undefined>, options?: NavigateOptions) => void] {
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: Record<string, string | undefined>, options: NavigateOptions = { replace: true }) => {
      const merged = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === '') merged.delete(key);
        else merged.set(key, value);
      }
      const query = merged.toString();
      navigate(pathname + (query ? `?${query}` : ''), options);
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

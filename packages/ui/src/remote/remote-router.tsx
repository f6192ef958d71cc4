import {
  AppRouter,
  matchRoutes,
  NotFound,
  useLocation,
  useRoutes,
  type Params,
  type RouteObject,
} from '@erp/ui';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { PageSkeleton } from './page-skeleton';

/** What a lazy screen's route carries in its `handle`: fetches the screen's code ahead of rendering. */
interface ScreenHandle {
  preloadScreen: () => Promise<unknown>;
  prefetch?: ScreenPrefetch;
}

/**
 * The data a screen shows first, asked for while its code loads: `(params, queryClient) =>
 * queryClient.prefetchQuery(xQueryOptions(params.id))` with the very query options the screen's hook
 * uses, so the screen finds the answer (or the request in flight) instead of asking again.
 */
export type ScreenPrefetch = (params: Params, queryClient: QueryClient) => Promise<unknown> | void;

/**
 * A route whose screen is its own chunk, loaded when first visited. `id` names the screen (unique
 * per route: 'list', 'list#index'); tests read which screen a path shows. Once its code is loaded
 * (`preloadScreenFor` before a mount) it renders directly, without a Suspense fallback: React holds
 * the content that replaces a fallback until 300 ms after the fallback showed, and the screen's
 * data requests start only when it renders (decision 0042).
 */
export function lazyScreen(
  id: string,
  load: () => Promise<{ default: ComponentType }>,
  prefetch?: ScreenPrefetch,
): Pick<RouteObject, 'id' | 'element' | 'handle'> {
  let loaded: ComponentType | null = null;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function Screen() {
    // Chosen once per mount: switching from Lazy to the loaded component on a later render would be
    // another component type to React, and remount the screen (losing what was typed).
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  const handle: ScreenHandle = { preloadScreen: preload, prefetch };
  return { id, element: <Screen />, handle };
}

/**
 * Fetches the code of the screens this path shows under these sections and, given the remote's query
 * cache, the data they declared (`prefetch`), both at once. Resolves when the code is in; never
 * rejects: a screen that cannot load fails when it renders, inside the remote's error boundary, and
 * a failed prefetch is the screen's query error, shown (and retried) by the screen as before.
 */
export async function preloadScreenFor(
  sections: RemoteSection[],
  pathname: string,
  queryClient?: QueryClient,
): Promise<void> {
  const matches = matchRoutes(remoteRoutes(sections), pathname) ?? [];
  await Promise.all(
    matches.map((m) => {
      const handle = m.route.handle as Partial<ScreenHandle> | undefined;
      if (queryClient && handle?.prefetch) {
        try {
          void Promise.resolve(handle.prefetch(m.params, queryClient)).catch(() => undefined);
        } catch {
          // A prefetch that throws leaves the screen to ask for its data when it renders.
        }
      }
      return handle?.preloadScreen?.().catch(() => undefined);
    }),
  );
}

/** One URL prefix of a remote (its module.json `routes`) and the screens under it. */
export interface RemoteSection {
  /** e.g. '/vendors' */
  path: string;
  children: RouteObject[];
}

function NotFoundHere() {
  return <NotFound pathname={useLocation().pathname} />;
}

/** The route table of a remote: its sections, a not-found view for unknown paths under them, and nothing for other apps' paths. */
export function remoteRoutes(sections: RemoteSection[]): RouteObject[] {
  return [
    ...sections.map((section) => ({
      path: section.path,
      children: [
        ...section.children,
        // The prefix alone, when the module has no screen there, and any path under it that it does not serve.
        ...(section.children.some((r) => r.index)
          ? []
          : [{ index: true, id: `not-found-index${section.path}`, element: <NotFoundHere /> }]),
        { id: `not-found${section.path}`, path: '*', element: <NotFoundHere /> },
      ],
    })),
    // Left for another app: render nothing while single-spa unmounts this one.
    { id: 'elsewhere', path: '*', element: null },
  ];
}

/** The screen a path shows under these routes: the matched route's id up to '#', 'not-found', or null for another app's path. */
export function screenForPath(routes: RouteObject[], pathname: string): string | null {
  const id = matchRoutes(routes, pathname)?.at(-1)?.route.id ?? 'elsewhere';
  if (id === 'elsewhere') return null;
  return id.startsWith('not-found') ? 'not-found' : id.split('#')[0]!;
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return <Suspense fallback={<PageSkeleton />}>{useRoutes(routes)}</Suspense>;
}

/** A remote's router: made when it mounts, over the guarded browser history every app shares. */
export function RemoteRouter({ sections }: { sections: RemoteSection[] }) {
  return (
    <AppRouter>
      <Routes routes={remoteRoutes(sections)} />
    </AppRouter>
  );
}

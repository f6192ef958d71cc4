import { AppRouter, matchRoutes, NotFound, useLocation, useRoutes, type RouteObject } from '@erp/ui';
import { lazy, Suspense, type ComponentType } from 'react';
import { PageSkeleton } from './page-skeleton';

/**
 * A route whose screen is its own chunk, loaded when first visited. `id` names the screen (unique
 * per route: 'list', 'list#index'); tests read which screen a path shows.
 */
export function lazyScreen(id: string, load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'id' | 'element'> {
  const Screen = lazy(load);
  return { id, element: <Screen /> };
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
        ...(section.children.some((r) => r.index) ? [] : [{ index: true, id: `not-found-index${section.path}`, element: <NotFoundHere /> }]),
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

/**
 * A remote's single-spa lifecycles from its name and routes: the whole of its src/app.tsx. Kept small
 * for the first load (remoteEntry + this): the root, the router and every screen load lazily.
 */
import type { ShellCustomProps } from '@erp/sdk';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteSection } from './remote-router';
import { rootErrorBoundary } from './root-error-boundary';

type Options = Parameters<typeof singleSpaReact<ShellCustomProps>>[0];
type RootComponent = Awaited<ReturnType<NonNullable<Options['loadRootComponent']>>>;

/** `name`: the federation name (module.json); `loadRoutes`: `() => import('./routes/routes')`, which exports SECTIONS. */
export function remoteLifecycles(name: string, loadRoutes: () => Promise<{ SECTIONS: RemoteSection[] }>) {
  return singleSpaReact<ShellCustomProps>({
    React,
    ReactDOMClient,
    loadRootComponent: async () => {
      const [{ RemoteRoot }, { SECTIONS }] = await Promise.all([import('./remote-root'), loadRoutes()]);
      // single-spa-react types the loaded component's props as possibly undefined; they never are.
      return (({ user }: ShellCustomProps) => <RemoteRoot user={user} sections={SECTIONS} />) as RootComponent;
    },
    // A crash in a screen stays inside the content area and can be retried in place.
    errorBoundaryClass: rootErrorBoundary(name),
  });
}

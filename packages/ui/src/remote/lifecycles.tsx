/**
 * A remote's single-spa lifecycles from its name and routes: the whole of its src/app.tsx. The root
 * and the routes come with the remote kit and app.tsx (one round trip after remoteEntry); every screen
 * loads lazily, the one the page shows as soon as this module runs.
 */
import type { ShellCustomProps } from '@erp/sdk';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { queryClient, RemoteRoot } from './remote-root';
import { preloadScreenFor, type RemoteSection } from './remote-router';
import { rootErrorBoundary } from './root-error-boundary';

type Options = Parameters<typeof singleSpaReact<ShellCustomProps>>[0];
type RootComponent = Awaited<ReturnType<NonNullable<Options['loadRootComponent']>>>;

/**
 * single-spa-react mounts with `createRoot(el).render(…)`, which React renders in one task. Rendered
 * as a transition instead, the first render of a screen yields to the browser every few milliseconds,
 * so a phone's main thread is never held for the whole screen (decision 0042). single-spa-react still
 * reports the mount when the tree has committed (its root's componentDidMount).
 */
const transitionRoots: Pick<typeof ReactDOMClient, 'createRoot'> = {
  createRoot(container, options) {
    const root = ReactDOMClient.createRoot(container, options);
    return {
      render: (children) => React.startTransition(() => root.render(children)),
      unmount: () => root.unmount(),
    };
  },
};

/** `name`: the federation name (module.json); `sections`: the SECTIONS of its src/routes/routes.tsx. */
export function remoteLifecycles(name: string, sections: RemoteSection[]) {
  // This module is evaluated when the shell loads the remote for a path it shows: that screen's code
  // and the data it declared are asked for now, together, rather than when single-spa bootstraps the
  // remote after the shell's first render, and the data before the screen renders (decision 0042).
  const firstScreen = preloadScreenFor(sections, window.location.pathname, queryClient);
  const lifecycles = singleSpaReact<ShellCustomProps>({
    React,
    ReactDOMClient: transitionRoots as typeof ReactDOMClient,
    loadRootComponent: async () => {
      await firstScreen;
      // single-spa-react types the loaded component's props as possibly undefined; they never are.
      return (({ user }: ShellCustomProps) => (
        <RemoteRoot user={user} sections={sections} />
      )) as RootComponent;
    },
    // A crash in a screen stays inside the content area and can be retried in place.
    errorBoundaryClass: rootErrorBoundary(name),
  });
  return {
    ...lifecycles,
    // Each mount (the member may come back to this module on another path): that screen's code and
    // data first, then the render. What is already loaded or fresh is not asked for again.
    mount: async (props: Parameters<typeof lifecycles.mount>[0]) => {
      await preloadScreenFor(sections, window.location.pathname, queryClient);
      return lifecycles.mount(props);
    },
  };
}

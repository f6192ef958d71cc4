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

/** `name`: the federation name (module.json); `loadRoutes`: `() => import('./routes/routes')`, which exports SECTIONS. */
export function remoteLifecycles(name: string, loadRoutes: () => Promise<{ SECTIONS: RemoteSection[] }>) {
  let sections: RemoteSection[] | null = null;
  const lifecycles = singleSpaReact<ShellCustomProps>({
    React,
    ReactDOMClient: transitionRoots as typeof ReactDOMClient,
    loadRootComponent: async () => {
      const [{ RemoteRoot }, { SECTIONS }, { preloadScreenFor }] = await Promise.all([
        import('./remote-root'),
        loadRoutes(),
        import('./remote-router'),
      ]);
      sections = SECTIONS;
      // The first screen's code loads with the root's instead of after its first render.
      await preloadScreenFor(SECTIONS, window.location.pathname);
      // single-spa-react types the loaded component's props as possibly undefined; they never are.
      return (({ user }: ShellCustomProps) => <RemoteRoot user={user} sections={SECTIONS} />) as RootComponent;
    },
    // A crash in a screen stays inside the content area and can be retried in place.
    errorBoundaryClass: rootErrorBoundary(name),
  });
  return {
    ...lifecycles,
    // Mounted again later (the member came back to this module): its screen's code first, then the render.
    mount: async (props: Parameters<typeof lifecycles.mount>[0]) => {
      if (sections) {
        const { preloadScreenFor } = await import('./remote-router');
        await preloadScreenFor(sections, window.location.pathname);
      }
      return lifecycles.mount(props);
    },
  };
}

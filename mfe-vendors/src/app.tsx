/**
 * The single-spa lifecycles the shell mounts on /vendors/*. Kept small: the root component
 * and every screen load lazily.
 */
import type { ShellCustomProps } from '@erp/sdk';
import { rootErrorBoundary } from '@erp/ui/remote';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';

type Options = Parameters<typeof singleSpaReact<ShellCustomProps>>[0];
type RootComponent = Awaited<ReturnType<NonNullable<Options['loadRootComponent']>>>;

const lifecycles = singleSpaReact<ShellCustomProps>({
  React,
  ReactDOMClient,
  // single-spa-react types the loaded component's props as possibly undefined; they never are.
  loadRootComponent: () => import('./root').then((m) => m.Root as RootComponent),
  // A crash in a screen stays inside the content area and can be retried in place.
  errorBoundaryClass: rootErrorBoundary('mfe_vendors'),
});

export const { bootstrap, mount, unmount } = lifecycles;

/** The single-spa root config: registers one application per remote listed in /config/remotes.json, active on the routes it declares. */
import { navigateOutsideRouter } from '@erp/ui';
import type { Member } from '@erp/contracts';
import type { ShellCustomProps } from '@erp/sdk';
import { registerApplication } from 'single-spa';
import { getCurrentUser } from './current-user';
import { matchesRoutes } from '@erp/contracts';
import { deployedModules } from './modules';
import { RemoteRefused } from './remote-errors';
import { loadRemoteApp } from './remotes';

export const OUTLET_ID = 'remote-outlet';

/** Each application gets its own container inside the layout's content area. */
function domElementGetter(name: string): HTMLElement {
  const outlet = document.getElementById(OUTLET_ID);
  if (!outlet) throw new Error('The layout is not rendered, so there is nowhere to mount the module.');
  const id = `single-spa-application:${name}`;
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement('div');
    element.id = id;
    outlet.appendChild(element);
  }
  return element;
}

/** The member the applications were mounted for; still needed while they unmount after a sign-out. */
let mountedFor: Member | null = null;

export function registerApplications(): void {
  for (const { name, descriptor, problem } of deployedModules()) {
    registerApplication<ShellCustomProps>({
      name,
      // A module that must not run fails like one that cannot load: its paths show the error panel.
      app: () => (problem ? Promise.reject(new RemoteRefused(problem)) : loadRemoteApp(name)),
      // Remotes only run inside the signed-in layout; signed out, the shell redirects to '/'.
      activeWhen: (location) =>
        getCurrentUser() !== null && matchesRoutes(descriptor.routes, location.pathname),
      customProps: (appName) => {
        mountedFor = getCurrentUser() ?? mountedFor;
        if (!mountedFor) throw new Error('Not signed in.');
        return {
          user: mountedFor,
          navigate: navigateOutsideRouter,
          domElementGetter: () => domElementGetter(appName),
        };
      },
    });
  }
}

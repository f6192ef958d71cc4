/**
 * Remotes come from /config/remotes.json at run time, never from URLs baked into the build:
 * { "mfe_team": { "entry": "/mfe/team/mf-manifest.json", "module": { routes, nav, dashboard… } } }.
 * An entry without `module` (a remote served from elsewhere) is described by the module.json next to
 * its entry. They are loaded with the Module Federation runtime.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import { deployedModules, readDescriptor, setDeployedModules, type DeployedModule } from './modules';

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/** One entry of the file as a deployed module; null (and a console error) when it cannot be used. */
async function deployedModule(name: string, value: unknown): Promise<DeployedModule | null> {
  const spec = typeof value === 'string' ? { entry: value } : (value as { entry?: unknown; module?: unknown; version?: unknown } | null);
  if (!spec || typeof spec.entry !== 'string' || !spec.entry) {
    if (value !== null) console.error(`/config/remotes.json: ${name} has no entry; it is left out.`);
    return null;
  }
  const entry = spec.entry;
  try {
    const raw = spec.module ?? (await getJson(new URL('module.json', new URL(entry, window.location.href)).href));
    const descriptor = readDescriptor(raw, name);
    if (!descriptor) throw new Error('its module.json declares no routes');
    const pinned = typeof spec.version === 'string' ? spec.version : null;
    if (pinned && descriptor.version !== pinned) {
      return { name, entry, descriptor, problem: `This installation asks for version ${pinned} of this module, but version ${descriptor.version} is what is deployed. Deploy version ${pinned}, or change the version in the remotes configuration.` };
    }
    return { name, entry, descriptor };
  } catch (error) {
    console.error(`The ${name} module is left out: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** Reads the remotes file; a missing or broken file means no remotes (the shell still works). */
export async function fetchRemotesConfig(): Promise<readonly DeployedModule[]> {
  let modules: DeployedModule[] = [];
  try {
    const raw = await getJson('/config/remotes.json');
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('not an object of remote name to entry');
    const found = await Promise.all(Object.entries(raw).map(([name, value]) => deployedModule(name, value)));
    modules = found.filter((m): m is DeployedModule => m !== null);
  } catch (error) {
    console.error('Could not read /config/remotes.json; no modules will be loaded.', error);
  }
  setDeployedModules(modules);
  registerRemotes(modules.filter((m) => !m.problem).map(({ name, entry }) => ({ name, entry })));
  return modules;
}

/** The single-spa lifecycles a remote exposes as './app'. */
export async function loadRemoteApp(name: string): Promise<LifeCycles> {
  const app = await loadRemote<LifeCycles>(`${name}/app`);
  if (!app) throw new Error(`The ${name} module did not provide its application.`);
  return app;
}

/**
 * Forget a remote that failed to load so the next attempt fetches its manifest and entry again
 * (the runtime otherwise keeps the failed manifest and container in its caches).
 */
export function resetRemote(name: string): void {
  const module = deployedModules().find((m) => m.name === name);
  if (module && !module.problem) registerRemotes([{ name, entry: module.entry }], { force: true });
}

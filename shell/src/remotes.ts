/**
 * Remotes come from /config/remotes.json at run time, never from URLs baked into the build:
 * { "mfe_team": { "entry": "/mfe/team/mf-manifest.json", "module": { routes, nav, dashboard… } } }.
 * An entry without `module` (a remote served from elsewhere) is described by the module.json next to
 * its entry. They are loaded with the Module Federation runtime.
 */
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import { matchesRoutes } from '@erp/contracts';
import { deployedModules, readDescriptor, setDeployedModules, type DeployedModule } from './modules';

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/** One entry of the file as a deployed module; null (and a console error) when it cannot be used. */
async function deployedModule(name: string, value: unknown): Promise<DeployedModule | null> {
  const spec =
    typeof value === 'string'
      ? { entry: value }
      : (value as { entry?: unknown; module?: unknown; version?: unknown; preload?: unknown } | null);
  if (!spec || typeof spec.entry !== 'string' || !spec.entry) {
    if (value !== null) console.error(`/config/remotes.json: ${name} has no entry; it is left out.`);
    return null;
  }
  const entry = spec.entry;
  try {
    const raw =
      spec.module ?? (await getJson(new URL('module.json', new URL(entry, window.location.href)).href));
    const descriptor = readDescriptor(raw, name);
    if (!descriptor) throw new Error('its module.json declares no routes');
    const pinned = typeof spec.version === 'string' ? spec.version : null;
    if (pinned && descriptor.version !== pinned) {
      return {
        name,
        entry,
        descriptor,
        problem: `This installation asks for version ${pinned} of this module, but version ${descriptor.version} is what is deployed. Deploy version ${pinned}, or change the version in the remotes configuration.`,
      };
    }
    return { name, entry, descriptor, ...readPreload(spec.preload) };
  } catch (error) {
    console.error(
      `The ${name} module is left out: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}

const scriptList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/** remotes.json's `preload` of a remote, when it is of the form the gateway writes. */
function readPreload(value: unknown): Pick<DeployedModule, 'preload'> {
  const p = value as { entry?: unknown; scripts?: unknown; shared?: unknown } | null | undefined;
  if (
    !p ||
    typeof p.entry !== 'string' ||
    !scriptList(p.scripts) ||
    typeof p.shared !== 'object' ||
    p.shared === null
  )
    return {};
  const shared = Object.fromEntries(
    Object.entries(p.shared).filter(([, files]) => scriptList(files)),
  ) as Record<string, string[]>;
  return { preload: { entry: p.entry, scripts: p.scripts, shared } };
}

/** Asks the browser for a script now; the loader's own <script> for it then finds it in the cache. */
function preloadScript(href: string): void {
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  // Behind the shell's own chunks, which paint the layout first.
  link.fetchPriority = 'low';
  document.head.appendChild(link);
}

/**
 * How the federation runtime loads a remote: from its remoteEntry.js when remotes.json names it (a
 * remote this gateway serves: one request fewer before its code, the rest preloaded), else from its
 * manifest.
 */
function federationRemote({ name, entry, preload }: DeployedModule): { name: string; entry: string } {
  return { name, entry: preload?.entry ?? entry };
}

/** Reads the remotes file; a missing or broken file means no remotes (the shell still works). */
export async function fetchRemotesConfig(): Promise<readonly DeployedModule[]> {
  let modules: DeployedModule[] = [];
  try {
    const raw = await getJson('/config/remotes.json');
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw new Error('not an object of remote name to entry');
    const found = await Promise.all(Object.entries(raw).map(([name, value]) => deployedModule(name, value)));
    modules = found.filter((m): m is DeployedModule => m !== null);
  } catch (error) {
    console.error('Could not read /config/remotes.json; no modules will be loaded.', error);
  }
  setDeployedModules(modules);
  registerRemotes(modules.filter((m) => !m.problem).map(federationRemote));
  return modules;
}

/** The single-spa lifecycles a remote exposes as './app'. */
export async function loadRemoteApp(name: string): Promise<LifeCycles> {
  const app = await loadRemote<LifeCycles>(`${name}/app`);
  if (!app) throw new Error(`The ${name} module did not provide its application.`);
  return app;
}

/**
 * Asks the browser now, without waiting for the signed-in member, for the scripts of the remote that
 * shows this path: its entry, its exposed app and the chunks of the libraries it shares that the shell
 * does not provide (the remote kit, react-query), all at once. They used to come in three round trips,
 * each after the one before (the manifest, then the entry and app, then the shared chunks), after
 * /auth/me (decision 0042). Only downloaded: they run when single-spa loads the remote, after the
 * shell's first render, so the layout paints as soon as before.
 */
export function preloadRemoteFor(pathname: string): void {
  const module = deployedModules().find((m) => !m.problem && matchesRoutes(m.descriptor.routes, pathname));
  if (!module?.preload) return;
  const provided = new Set(Object.keys(getInstance()?.options.shared ?? {}));
  const shared = Object.entries(module.preload.shared).filter(([name]) => !provided.has(name));
  for (const href of [
    module.preload.entry,
    ...module.preload.scripts,
    ...shared.flatMap(([, files]) => files),
  ])
    preloadScript(href);
}

/**
 * Forget a remote that failed to load so the next attempt fetches its manifest and entry again
 * (the runtime otherwise keeps the failed manifest and container in its caches).
 */
export function resetRemote(name: string): void {
  const module = deployedModules().find((m) => m.name === name);
  if (module && !module.problem) registerRemotes([federationRemote(module)], { force: true });
}

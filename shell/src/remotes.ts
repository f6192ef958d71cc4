/**
 * Remotes come from /config/remotes.json at run time ({ "mfe_team": "/mfe/team/mf-manifest.json" }),
 * never from URLs baked into the build, and are loaded with the Module Federation runtime.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import { REMOTE_NAMES, type RemoteName } from './activity-functions';

export type RemotesConfig = Partial<Record<RemoteName, string>>;

let config: RemotesConfig = {};

/** Reads the remotes file; a missing or broken file means no remotes (the shell still works). */
export async function fetchRemotesConfig(): Promise<RemotesConfig> {
  try {
    const response = await fetch('/config/remotes.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const raw = (await response.json()) as Record<string, unknown>;
    config = {};
    for (const name of REMOTE_NAMES) {
      const entry = raw[name];
      if (typeof entry === 'string' && entry) config[name] = entry;
    }
  } catch (error) {
    console.error('Could not read /config/remotes.json; no modules will be loaded.', error);
    config = {};
  }
  registerRemotes(Object.entries(config).map(([name, entry]) => ({ name, entry })));
  return config;
}

export function isRemotePresent(name: RemoteName): boolean {
  return Boolean(config[name]);
}

/** The single-spa lifecycles a remote exposes as './app'. */
export async function loadRemoteApp(name: RemoteName): Promise<LifeCycles> {
  const app = await loadRemote<LifeCycles>(`${name}/app`);
  if (!app) throw new Error(`The ${name} module did not provide its application.`);
  return app;
}

/**
 * Forget a remote that failed to load so the next attempt fetches its manifest and entry again
 * (the runtime otherwise keeps the failed manifest and container in its caches).
 */
export function resetRemote(name: RemoteName): void {
  const entry = config[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

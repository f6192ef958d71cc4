/**
 * The shared singletons of the shell and every remote, in one place: one instance per page of each,
 * provided by the shell. Each side states the version range its own package.json asks for; a remote
 * also requires it strictly, so a remote built against a version the shell does not provide fails
 * to load (the shell shows its error panel with the versions) instead of running on the wrong one.
 *
 * '@erp/ui/remote' (the remote kit: list page, tables, forms, tabs on their libraries) is shared by the
 * remotes only: one copy per page, fetched with the first remote, never by the shell at '/' (decision 0013).
 * '@erp/ui/remote-form' (the form kit: react-hook-form and TypeBox's checker) likewise, apart, so that
 * a screen without a form does not fetch it (decision 0042).
 *
 * react-router-dom is not shared by itself: a shared package is bundled whole (60 KB gzipped for
 * react-router), so @erp/ui re-exports the part of its API the apps use, tree-shaken into @erp/ui's
 * shared chunk, and the apps import the router from @erp/ui only (lint refuses react-router-dom).
 */
import { readFileSync } from 'node:fs';

interface PackageJson {
  version: string;
  dependencies: Record<string, string>;
}

const readJson = (url: URL) => JSON.parse(readFileSync(url, 'utf8')) as PackageJson;

/** Libraries shared as singletons: third-party ones with the range of the app's package.json, ours with ^their version. */
const THIRD_PARTY = ['react', 'react-dom', 'styled-components', '@tanstack/react-query'] as const;
const OURS = { '@erp/ui': 'ui', '@erp/sdk': 'sdk' } as const;
/** Shared between remotes only (the shell does not use it, so it does not provide it). */
const REMOTE_KIT = { '@erp/ui/remote': 'ui', '@erp/ui/remote-form': 'ui' } as const;

/** `appDir`: the app's folder URL (e.g. new URL('.', import.meta.url) of its config); remotes require versions strictly and share the remote kit. */
export function sharedSingletons(appDir: URL, { role }: { role: 'shell' | 'remote' }) {
  const strict = role === 'remote';
  const pkg = readJson(new URL('./package.json', appDir));
  const singleton = (requiredVersion: string) => ({
    singleton: true,
    requiredVersion,
    strictVersion: strict,
    eager: false,
  });
  const range = (name: string) => {
    const r = pkg.dependencies[name];
    if (!r)
      throw new Error(
        `${name} must be a dependency of ${new URL('./package.json', appDir).pathname} to be shared`,
      );
    return r;
  };
  const shared: Record<string, ReturnType<typeof singleton>> = {};
  for (const name of THIRD_PARTY) shared[name] = singleton(range(name));
  // Sharing react-dom does not cover react-dom/client.
  shared['react-dom/client'] = singleton(range('react-dom'));
  const ours = role === 'remote' ? { ...OURS, ...REMOTE_KIT } : OURS;
  for (const [name, dir] of Object.entries(ours))
    shared[name] = singleton(`^${readJson(new URL(`../packages/${dir}/package.json`, appDir)).version}`);
  return shared;
}

/**
 * Module Federation for the shell (the host). Remotes are not listed here: their manifest URLs come
 * from /config/remotes.json at run time (ARCHITECTURE §8), registered by src/remotes.ts.
 */
import { readFileSync } from 'node:fs';
import { createModuleFederationConfig } from '@module-federation/enhanced/rspack';

const readJson = (path: string) =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { version: string; dependencies: Record<string, string> };

const pkg = readJson('./package.json');
const workspaceVersion = (dir: string) => `^${readJson(`../packages/${dir}/package.json`).version}`;

/** One instance per page; the version a remote needs is what its package.json asks for. Nothing eager. */
const singleton = (requiredVersion: string) => ({ singleton: true, requiredVersion, eager: false });

export const shared = {
  react: singleton(pkg.dependencies.react!),
  'react-dom': singleton(pkg.dependencies['react-dom']!),
  // Sharing react-dom does not cover react-dom/client (ARCHITECTURE §10).
  'react-dom/client': singleton(pkg.dependencies['react-dom']!),
  'styled-components': singleton(pkg.dependencies['styled-components']!),
  '@tanstack/react-query': singleton(pkg.dependencies['@tanstack/react-query']!),
  '@erp/ui': singleton(workspaceVersion('ui')),
  '@erp/sdk': singleton(workspaceVersion('sdk')),
};

export default createModuleFederationConfig({
  name: 'shell',
  remotes: {},
  shared,
  // No mf-manifest/types for the host: nothing consumes them.
  manifest: false,
  dts: false,
  experiments: { asyncStartup: true },
});

/** mfe_team: team members, projects and BOQs, exposed to the shell as single-spa lifecycles. */
import { readFileSync } from 'node:fs';
import { createModuleFederationConfig } from '@module-federation/enhanced/rspack';

const readJson = (path: string) =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { version: string; dependencies: Record<string, string> };

const pkg = readJson('./package.json');
const workspaceVersion = (dir: string) => `^${readJson(`../packages/${dir}/package.json`).version}`;

/** The same singletons as the shell, with the versions this remote was built against. Nothing eager. */
const singleton = (requiredVersion: string) => ({ singleton: true, requiredVersion, eager: false });

export default createModuleFederationConfig({
  name: 'mfe_team',
  filename: 'remoteEntry.js',
  exposes: { './app': './src/app.tsx' },
  shared: {
    react: singleton(pkg.dependencies.react!),
    'react-dom': singleton(pkg.dependencies['react-dom']!),
    'react-dom/client': singleton(pkg.dependencies['react-dom']!),
    'styled-components': singleton(pkg.dependencies['styled-components']!),
    '@tanstack/react-query': singleton(pkg.dependencies['@tanstack/react-query']!),
    '@erp/ui': singleton(workspaceVersion('ui')),
    '@erp/sdk': singleton(workspaceVersion('sdk')),
  },
  manifest: true,
  dts: false,
});

import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { fileURLToPath } from 'node:url';
// eslint-disable-next-line no-restricted-imports -- build-time file shared with the remotes, not a package dependency
import { webConfig } from '../packages/web-build/web-config';
// eslint-disable-next-line no-restricted-imports -- build-time file shared with the remotes, not a package dependency
import { PreloadStartupPlugin } from '../packages/web-build/preload-startup';
import mfConfig from './module-federation.config';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig((_env, argv) => {
  const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
  return webConfig({
    dir,
    production,
    entry: { main: './src/index.ts' },
    outputPath: './dist',
    // '/' and not 'auto': a deep link such as /team/list must still load /main.js (ARCHITECTURE §10).
    publicPath: '/',
    uniqueName: 'shell',
    plugins: [
      new ModuleFederationPlugin(mfConfig),
      new rspack.HtmlRspackPlugin({ template: './src/index.html', minify: production }),
      // Preload hints for the chunks main.js loads before it runs (decision 0042).
      new PreloadStartupPlugin('main'),
    ],
  });
});

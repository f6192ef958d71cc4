import { defineConfig } from '@rspack/cli';
import { rspack, type RspackPluginInstance } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { fileURLToPath } from 'node:url';
import mfConfig from './module-federation.config';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Production: the remote only (remoteEntry.js, mf-manifest.json, chunks) into dist/, served by the
 * gateway under /mfe/team/. With `--env devHost` (npm run dev) it also builds a small host page that
 * mounts the app on its own, into dist-dev/.
 */
export default defineConfig((env: Record<string, unknown>, argv: { mode?: string }) => {
  const production = (argv.mode ?? 'production') === 'production';
  const devHost = Boolean(env.devHost);
  const plugins: RspackPluginInstance[] = [
    new ModuleFederationPlugin(mfConfig),
  ];
  const entry: Record<string, string> = devHost ? { 'dev-host': './dev/index.ts' } : {};
  if (devHost) {
    plugins.push(new rspack.HtmlRspackPlugin({ template: './dev/index.html', chunks: ['dev-host'] }));
  }
  return {
    mode: production ? 'production' : 'development',
    context: dir('.'),
    entry,
    target: ['web', 'es2022'],
    // No eval-based source maps: the gateway's Content-Security-Policy forbids eval.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: dir(devHost ? './dist-dev' : './dist'),
      // The manifest and chunks resolve from wherever the remote is served (ARCHITECTURE §10).
      publicPath: devHost ? '/' : 'auto',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: 'mfe_team',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      conditionNames: ['@erp/source', '...'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules[\\/](?!@erp)/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        {
          // Keep only the contracts helpers the browser uses, not the TypeBox schemas behind them.
          test: /packages[\\/]contracts[\\/]src[\\/]/,
          sideEffects: false,
        },
      ],
    },
    plugins,
    optimization: { minimize: production },
    performance: { hints: false },
  };
});

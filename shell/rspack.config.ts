import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { fileURLToPath } from 'node:url';
import mfConfig from './module-federation.config';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig((_env, argv) => {
  const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
  return {
    mode: production ? 'production' : 'development',
    context: dir('.'),
    entry: { main: './src/index.ts' },
    target: ['web', 'es2022'],
    // No eval-based source maps: the gateway's Content-Security-Policy forbids eval.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: dir('./dist'),
      // '/' and not 'auto': a deep link such as /team/list must still load /main.js (ARCHITECTURE §10).
      publicPath: '/',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: 'shell',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      // Workspace packages ship TypeScript sources behind the '@erp/source' condition and import with '.js'.
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
          // Contracts' schema modules build TypeBox objects at import time; marking the sources
          // side-effect free lets the bundle keep only the helpers the browser uses (not TypeBox).
          test: /packages[\\/]contracts[\\/]src[\\/]/,
          sideEffects: false,
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin(mfConfig),
      new rspack.HtmlRspackPlugin({
        template: './src/index.html',
        minify: production,
      }),
    ],
    optimization: { minimize: production },
    performance: { hints: false },
  };
});

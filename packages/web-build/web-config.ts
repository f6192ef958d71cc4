/**
 * The rspack configuration the shell and every remote share: TypeScript through swc, the workspace
 * packages' sources, output names, source maps. Each app adds its entry, output place and plugins.
 */
import type { Configuration, RspackPluginInstance } from '@rspack/core';

export interface WebConfigOptions {
  /** Resolves a path from the app's folder. */
  dir: (path: string) => string;
  production: boolean;
  entry: Record<string, string>;
  /** The output folder (relative to the app), its public path and the federation's uniqueName. */
  outputPath: string;
  publicPath: string;
  uniqueName: string;
  alias?: Record<string, string>;
  plugins: RspackPluginInstance[];
}

export function webConfig({
  dir,
  production,
  entry,
  outputPath,
  publicPath,
  uniqueName,
  alias,
  plugins,
}: WebConfigOptions): Configuration {
  return {
    mode: production ? 'production' : 'development',
    context: dir('.'),
    entry,
    target: ['web', 'es2022'],
    // No eval-based source maps: the gateway's Content-Security-Policy forbids eval.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: dir(outputPath),
      publicPath,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName,
      clean: true,
    },
    resolve: {
      ...(alias ? { alias } : {}),
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
          // side-effect free lets a bundle keep only what it uses.
          test: /packages[\\/]contracts[\\/]src[\\/]/,
          sideEffects: false,
        },
        {
          // The remote kit's modules have no side effects at import (it was bundled per remote before it
          // became a shared singleton; harmless now, and right if a remote ever bundles it again).
          test: /packages[\\/]ui[\\/]src[\\/]remote[\\/]/,
          sideEffects: false,
        },
      ],
    },
    plugins,
    optimization: { minimize: production },
    performance: { hints: false },
  };
}

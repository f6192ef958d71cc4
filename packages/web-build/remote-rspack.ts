/**
 * The rspack configuration every federated remote (mfe-*) builds with: one factory, called from each
 * remote's rspack.config.ts with its name. Build-time only; nothing here reaches a browser bundle.
 *
 * Production: the remote only (remoteEntry.js, mf-manifest.json, chunks) into <remote>/dist/, served by
 * the gateway under /mfe/<remote>/. With `--env devHost` (npm run dev) it also builds the remote's small
 * standalone host page (<remote>/dev/, see dev-host.tsx) into <remote>/dist-dev/.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack, type RspackPluginInstance } from '@rspack/core';
import { createModuleFederationConfig, ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { RemotePreloadPlugin } from './preload-startup';
import { sharedSingletons } from './shared';
import { webConfig } from './web-config';

export interface RemoteOptions {
  /** The remote's rspack.config.ts `import.meta.url`: paths resolve from its folder. */
  dir: string;
  /** The federation name, also the output's uniqueName, e.g. 'mfe_team'. */
  name: string;
}

/** The page of the standalone dev host, shared by the remotes (each sets only its title). */
const devHostPage = fileURLToPath(new URL('./dev-host.html', import.meta.url));
const devEntry = fileURLToPath(new URL('./dev-entry.ts', import.meta.url));

const readJson = (url: URL) =>
  JSON.parse(readFileSync(url, 'utf8')) as { version: string; dependencies: Record<string, string> };

/**
 * The same singletons as the shell, required at the versions this remote was built against. Nothing eager.
 * `externalRuntime`: the remote runs on the federation runtime the shell provides (its
 * `provideExternalRuntime`) instead of bringing a second copy of its core in remoteEntry.js (66 of
 * mfe-indent's 122 KB, and its evaluation on every first visit; decision 0042). The standalone dev host has no shell, so
 * its build keeps the runtime.
 */
function federation(base: string, name: string, { externalRuntime }: { externalRuntime: boolean }) {
  return createModuleFederationConfig({
    name,
    filename: 'remoteEntry.js',
    exposes: { './app': './src/app.tsx' },
    shared: sharedSingletons(new URL('.', base), { role: 'remote' }),
    manifest: true,
    dts: false,
    ...(externalRuntime ? { experiments: { externalRuntime: true } } : {}),
  });
}

/**
 * Writes the remote's module.json (routes, navigation, dashboard: see @erp/contracts ModuleDescriptor)
 * into the build with the package's version, so the descriptor travels with the files it describes.
 */
class ModuleDescriptorPlugin implements RspackPluginInstance {
  constructor(
    private readonly base: string,
    private readonly name: string,
  ) {}
  apply(compiler: Parameters<RspackPluginInstance['apply']>[0]): void {
    const source = fileURLToPath(new URL('./module.json', this.base));
    compiler.hooks.thisCompilation.tap('ModuleDescriptorPlugin', (compilation) => {
      compilation.fileDependencies.add(source);
      compilation.hooks.processAssets.tap(
        { name: 'ModuleDescriptorPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const declared = JSON.parse(readFileSync(source, 'utf8')) as { name?: string };
          if (declared.name !== this.name)
            throw new Error(`${source}: "name" must be "${this.name}", the remote's federation name`);
          const { version } = readJson(new URL('./package.json', this.base));
          const json = JSON.stringify({ ...declared, version }, null, 2);
          compilation.emitAsset('module.json', new rspack.sources.RawSource(json));
        },
      );
    });
  }
}

export function remoteConfig({ dir: base, name }: RemoteOptions) {
  const dir = (path: string) => fileURLToPath(new URL(path, base));
  return defineConfig((env: Record<string, unknown>, argv: { mode?: string }) => {
    const production = (argv.mode ?? 'production') === 'production';
    const devHost = Boolean(env.devHost);
    const plugins: RspackPluginInstance[] = [
      new ModuleFederationPlugin(federation(base, name, { externalRuntime: !devHost })),
      new ModuleDescriptorPlugin(base, name),
      new RemotePreloadPlugin('remoteEntry.js'),
    ];
    // The dev host is the same for every remote: its entry imports the remote's app and module.json by alias.
    const entry: Record<string, string> = devHost ? { 'dev-host': devEntry } : {};
    if (devHost) {
      plugins.push(
        new rspack.HtmlRspackPlugin({
          template: devHostPage,
          title: `${name} – standalone dev host`,
          chunks: ['dev-host'],
        }),
      );
    }
    return webConfig({
      dir,
      production,
      entry,
      outputPath: devHost ? './dist-dev' : './dist',
      // The manifest and chunks resolve from wherever the remote is served (ARCHITECTURE §10).
      publicPath: devHost ? '/' : 'auto',
      uniqueName: name,
      alias: { 'erp-remote-app$': dir('./src/app.tsx'), 'erp-remote-module$': dir('./module.json') },
      plugins,
    });
  });
}

/**
 * Preload hints for the shell's start-up (decision 0042). With `asyncStartup` the shell's entry asks
 * for its shared singletons' chunks (React DOM, styled-components, @erp/ui…) only once main.js has
 * arrived and run, so a phone on a slow network waited one more round trip before the first screen
 * could render. The build knows those chunks: the fallbacks of the shared modules the entry chunk
 * consumes. This adds `<link rel="preload" as="script">` for them to index.html, so they download
 * alongside main.js; the federation runtime still decides which provider's copy runs.
 */
import { rspack, type Compilation, type RspackPluginInstance } from '@rspack/core';

/** The JavaScript files of the chunks the entry chunk's shared modules fall back to: what it loads before it runs. */
export function startupChunkFiles(compilation: Compilation, entryName: string): string[] {
  const entry = compilation.entrypoints.get(entryName);
  if (!entry) throw new Error(`PreloadStartupPlugin: no entry named ${entryName}`);
  const files = new Set<string>();
  for (const chunk of entry.chunks) {
    for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
      if (!module.identifier().startsWith('consume shared module')) continue;
      for (const block of module.blocks) {
        for (const file of compilation.chunkGraph.getBlockChunkGroup(block)?.getFiles() ?? [])
          if (file.endsWith('.js')) files.add(file);
      }
    }
  }
  return [...files].sort();
}

export class PreloadStartupPlugin implements RspackPluginInstance {
  constructor(private readonly entryName = 'main') {}
  apply(compiler: Parameters<RspackPluginInstance['apply']>[0]): void {
    compiler.hooks.compilation.tap('PreloadStartupPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise(
        'PreloadStartupPlugin',
        async (data) => {
          const links = startupChunkFiles(compilation, this.entryName).map((file) => ({
            tagName: 'link',
            voidTag: true,
            attributes: { rel: 'preload', as: 'script', href: `${data.publicPath}${file}` },
          }));
          data.headTags.unshift(...links);
          return data;
        },
      );
    });
  }
}

/** 'consume shared module (default) @erp/ui/remote@^0.1.0 (singleton) …' → '@erp/ui/remote'. */
function shareKey(identifier: string): string | null {
  return /^consume shared module \([^)]*\) (.+?)@[^@\s]*(\s|$)/.exec(identifier)?.[1] ?? null;
}

/**
 * A remote's preload.json (decision 0042): its entry, the scripts its './app' needs before it runs
 * (the exposed module's chunks) and, per shared library those chunks consume, the library's own
 * chunks. The gateway puts it into /config/remotes.json and the shell asks for all of it at once
 * (leaving out the libraries it provides itself) instead of in three round trips, each waiting for
 * the one before: the manifest, then the entry and app, then the shared chunks.
 */
export class RemotePreloadPlugin implements RspackPluginInstance {
  constructor(
    private readonly entryFile: string,
    private readonly exposeChunk = '__federation_expose_app',
  ) {}
  apply(compiler: Parameters<RspackPluginInstance['apply']>[0]): void {
    compiler.hooks.thisCompilation.tap('RemotePreloadPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemotePreloadPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const group = compilation.namedChunkGroups.get(this.exposeChunk);
          if (!group) throw new Error(`RemotePreloadPlugin: no chunk group named ${this.exposeChunk}`);
          const scripts = new Set<string>();
          for (const chunk of group.chunks)
            for (const file of chunk.files) if (file.endsWith('.js')) scripts.add(file);
          // The shared libraries those chunks consume, and the ones those libraries' chunks consume in turn.
          const shared: Record<string, string[]> = {};
          const queue = [...group.chunks];
          const seen = new Set(queue);
          while (queue.length) {
            const chunk = queue.shift()!;
            for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
              const key = shareKey(module.identifier());
              if (!key) continue;
              const files = new Set(shared[key]);
              for (const block of module.blocks) {
                const fallback = compilation.chunkGraph.getBlockChunkGroup(block);
                for (const file of fallback?.getFiles() ?? []) if (file.endsWith('.js')) files.add(file);
                for (const next of fallback?.chunks ?? []) {
                  if (seen.has(next)) continue;
                  seen.add(next);
                  queue.push(next);
                }
              }
              shared[key] = [...files].sort();
            }
          }
          const json = JSON.stringify({ entry: this.entryFile, scripts: [...scripts], shared }, null, 2);
          compilation.emitAsset('preload.json', new rspack.sources.RawSource(json));
        },
      );
    });
  }
}

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

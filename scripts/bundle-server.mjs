// Bundle each Node entry (every service's dist/server.js, the gateway's dist/main.js) with what it
// imports into one file next to it, <name>.bundle.js, after tsc has compiled them. A process then
// reads and compiles one file instead of resolving, opening and compiling ~1,500 modules: a
// service's imports cost ~1.1 s of CPU unbundled and ~0.3 s bundled, and a full restart of the
// distributed topology runs nine processes on two cores (decision 0031).
//
// Run by scripts/build.mjs after tsc; skipped when nothing it reads has changed since the last run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { fingerprint, log, root, upToDate, writeStamp } from './lib.mjs';

/** Entries and their bundles, relative to the repository's root. */
export function serverEntries() {
  const services = readdirSync(path.join(root, 'services'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(root, 'services', d.name, 'src', 'server.ts')))
    .map((d) => `services/${d.name}/dist/server.js`);
  return [...services, 'gateway/dist/main.js'].map((entry) => ({
    entry,
    bundle: entry.replace(/\.js$/, '.bundle.js'),
  }));
}

/**
 * Packages left out of the bundles, loaded from node_modules as before: those that read their own
 * files at run time (PGlite's WebAssembly and data, pdfkit's fonts, the Swagger UI's assets and
 * @fastify/swagger's package.json), pino (its transports start worker files by path), the ones
 * loaded on first use (exceljs, pdfkit: lazy-modules.ts) and pg's optional native binding.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'pdfkit',
  'exceljs',
  'pino',
  'pino-pretty',
  'thread-stream',
  'pg-native',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'sharp',
];

/**
 * Our own modules find files next to them (a service's migrations, the PO demo's invoice photo,
 * the gateway's web apps) from `import.meta.url`; in a bundle that would be the bundle's URL. Each
 * such module gets its own URL back, written relative to the bundle, so the tree can still move.
 */
function ownModuleUrls(bundleFile, isOwn) {
  return {
    name: 'own-module-urls',
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, (args) => {
        if (!isOwn(args.path)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const relative = path.relative(path.dirname(bundleFile), args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', `(${url})`), loader: 'js' };
      });
    },
  };
}

/** A compiled module of this repository's workspaces (not a package from node_modules). */
function ourCompiledModule(file) {
  const parts = path.relative(root, file).split(path.sep);
  return parts[0] !== '..' && !parts.includes('node_modules') && parts.includes('dist');
}

/**
 * Bundle one ES module entry into `outfile`: what it imports, except EXTERNAL, in one ES module;
 * `import.meta.url` of each module `isOwn` accepts stays that module's own URL.
 */
export function bundleEntry(entry, outfile, { isOwn = ourCompiledModule, external = EXTERNAL } = {}) {
  return esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __erpCreateRequire } from 'node:module'; const require = __erpCreateRequire(import.meta.url);",
    },
    plugins: [ownModuleUrls(outfile, isOwn)],
    logLevel: 'warning',
    legalComments: 'none',
  });
}

/** Every compiled file the bundles read (the workspaces' dist folders, not the bundles), the lockfile and this script. */
function inputsPrint() {
  const dists = ['packages', 'services'].flatMap((group) =>
    readdirSync(path.join(root, group), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `${group}/${d.name}/dist`),
  );
  const print = fingerprint(
    [...dists, 'gateway/dist', 'package-lock.json', 'scripts/bundle-server.mjs'],
    (f) => f.endsWith('.js') && !f.endsWith('.bundle.js'),
  );
  // A bundle deleted since the last run is made again.
  return `${print}:${serverEntries()
    .map(({ bundle }) => (existsSync(path.join(root, bundle)) ? 1 : 0))
    .join('')}`;
}

export async function bundleServer({ force = false } = {}) {
  const stamp = path.join(root, 'node_modules', '.cache', 'erp-server-bundles.stamp');
  const print = inputsPrint();
  if (!force && upToDate(stamp, print)) {
    log('Server bundles: up to date');
    return;
  }
  log('Bundling the services and the gateway (esbuild)…');
  await Promise.all(
    serverEntries().map(({ entry, bundle }) => bundleEntry(path.join(root, entry), path.join(root, bundle))),
  );
  writeStamp(stamp, inputsPrint());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await bundleServer({ force: process.argv.includes('--force') });
}

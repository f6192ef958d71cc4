/**
 * /config/remotes.json: the remotes the shell loads, each with the module.json it declares (routes,
 * navigation, dashboard). The shell builds everything module-specific from this answer, so leaving
 * a remote out (REMOTES_JSON, or REMOTES_FILE while running) removes its menu entries and paths, and
 * putting it back restores them, without rebuilding anything.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ModuleDescriptor, RemoteOverride, type RemoteEntry, type RemotesConfig } from '@erp/contracts';
import { schemaProblem } from '@erp/service-kit';

/** name -> the remote's mf-manifest.json URL, an entry ({entry?, module?, version?}), or null to leave it out. */
export type RemoteOverrides = Record<string, RemoteOverride | null>;

/** Reads REMOTES_JSON / REMOTES_FILE text; throws with a message naming `source` when it is not of that form. */
export function parseRemoteOverrides(text: string, source: string): RemoteOverrides {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(
      `${source} is not JSON: it must be an object of remote name to manifest URL, {"entry": URL}, {"version": "x.y.z"}, or null`,
    );
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(
      `${source} must be a JSON object of remote name to manifest URL, {"entry": URL}, {"version": "x.y.z"}, or null`,
    );
  }
  const out: RemoteOverrides = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (value === null) out[name] = null;
    else if (typeof value === 'string' && value) out[name] = { entry: value };
    else {
      const problem =
        schemaProblem(RemoteOverride, value) ??
        (Object.keys(value as object).length === 0 ? 'needs an entry or a version' : null);
      if (problem) throw new Error(`${source}: "${name}" ${problem}`);
      out[name] = value as RemoteOverride;
    }
  }
  return out;
}

interface Cached {
  mtimeMs: number;
  descriptor: ModuleDescriptor;
}

/** What a built remote declares: dist/module.json, or before a build the folder's module.json with its package's version. */
export function createDescriptorReader() {
  const cache = new Map<string, Cached>();

  async function readJson(file: string): Promise<unknown> {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  }

  async function fromFile(file: string, withVersionFrom?: string): Promise<ModuleDescriptor> {
    const { mtimeMs } = await stat(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.descriptor;
    const raw = (await readJson(file)) as Record<string, unknown>;
    if (withVersionFrom) raw.version = ((await readJson(withVersionFrom)) as { version?: unknown }).version;
    const problem = schemaProblem(ModuleDescriptor, raw);
    if (problem) throw new Error(`${file}: ${problem}`);
    const descriptor = raw as ModuleDescriptor;
    cache.set(file, { mtimeMs, descriptor });
    return descriptor;
  }

  /** The descriptor of the remote built into `distDir`; null when there is none (not a remote of this repository). */
  return async function read(distDir: string): Promise<ModuleDescriptor | null> {
    const built = path.join(distDir, 'module.json');
    try {
      return await fromFile(built);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    // Not built (or its files were removed): the source still says which paths are the module's,
    // so the shell shows its error panel there instead of a not-found page.
    const folder = path.dirname(distDir);
    try {
      return await fromFile(path.join(folder, 'module.json'), path.join(folder, 'package.json'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
}

type RemotePreload = NonNullable<RemoteEntry['preload']>;

/** Names of built files, never a path out of the remote's folder. */
const fileNames = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((f) => typeof f === 'string' && /^[\w.-]+$/.test(f) && f !== '..')
    ? (value as string[])
    : null;

/**
 * What the shell may preload for a remote served from `urlBase` (/mfe/<name>/): the preload.json its
 * build wrote (packages/web-build, RemotePreloadPlugin), as URLs. Null when there is none or it is not
 * of that form: the shell then loads the remote as it always did.
 */
export function createPreloadReader() {
  const cache = new Map<string, { mtimeMs: number; preload: RemotePreload | null }>();
  return async function read(distDir: string, urlBase: string): Promise<RemotePreload | null> {
    const file = path.join(distDir, 'preload.json');
    let mtimeMs: number;
    try {
      ({ mtimeMs } = await stat(file));
    } catch {
      return null;
    }
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.preload;
    let preload: RemotePreload | null = null;
    try {
      const raw = JSON.parse(await readFile(file, 'utf8')) as {
        entry?: unknown;
        scripts?: unknown;
        shared?: Record<string, unknown>;
      };
      const entry = fileNames([raw.entry])?.[0];
      const scripts = fileNames(raw.scripts);
      const shared = Object.entries(raw.shared ?? {}).map(
        ([name, files]) => [name, fileNames(files)] as const,
      );
      if (entry && scripts && shared.every(([, files]) => files)) {
        const url = (f: string) => `${urlBase}${f}`;
        preload = {
          entry: url(entry),
          scripts: scripts.map(url),
          shared: Object.fromEntries(shared.map(([name, files]) => [name, files!.map(url)])),
        };
      }
    } catch {
      preload = null;
    }
    cache.set(file, { mtimeMs, preload });
    return preload;
  };
}

export interface RemotesSource {
  /** URL path under /mfe/ -> directory of the remote's built files. */
  remoteDirs: Record<string, string>;
  remoteOverrides: RemoteOverrides;
  remotesFile?: string;
}

/**
 * Earlier builds kept next to a remote's current one, in `<remote>/releases/<version>/` (a deploy
 * copies dist/ there): served at /mfe/<name>/<version>/, so remotes.json can pin one.
 */
export function remoteReleases(distDir: string): Record<string, string> {
  const dir = path.join(path.dirname(distDir), 'releases');
  if (!existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    if (
      d.isDirectory() &&
      /^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/.test(d.name) &&
      existsSync(path.join(dir, d.name, 'mf-manifest.json'))
    )
      out[d.name] = path.join(dir, d.name);
  }
  return out;
}

/**
 * The remotes this gateway serves, with their descriptors and preload lists: read in parallel,
 * listed in the declared order (the same answer every time). One whose module.json is not valid is
 * logged and left out.
 */
async function readServed(
  remoteDirs: RemotesSource['remoteDirs'],
  readDescriptor: ReturnType<typeof createDescriptorReader>,
  readPreload: ReturnType<typeof createPreloadReader>,
  log: { error(obj: object, msg: string): void },
) {
  return Promise.all(
    Object.entries(remoteDirs).map(async ([urlPath, dir]) => {
      try {
        const [module, preload] = await Promise.all([
          readDescriptor(dir),
          readPreload(dir, `/mfe/${urlPath}/`),
        ]);
        return { urlPath, dir, module, preload };
      } catch (error) {
        log.error(
          { err: error, remote: urlPath },
          'a remote’s module.json is not valid; the remote is left out',
        );
        return { urlPath, dir, module: null, preload: null };
      }
    }),
  );
}

/**
 * The answer of /config/remotes.json: every remote this gateway serves, with its descriptor, then
 * REMOTES_JSON's changes, then REMOTES_FILE's (read on every call, so it can change while running).
 */
export function createRemotesConfig(source: RemotesSource, log: { error(obj: object, msg: string): void }) {
  const readDescriptor = createDescriptorReader();
  const readPreload = createPreloadReader();
  let lastGoodFile: RemoteOverrides = {};
  /** name -> where the gateway serves it, to resolve a pinned version. */
  const local = new Map<string, { urlPath: string; dir: string }>();

  async function fileOverrides(): Promise<RemoteOverrides> {
    if (!source.remotesFile) return {};
    try {
      lastGoodFile = parseRemoteOverrides(
        await readFile(source.remotesFile, 'utf8'),
        `REMOTES_FILE (${source.remotesFile})`,
      );
    } catch (error) {
      // A missing file changes nothing; a half-written or broken one keeps the last good version.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') lastGoodFile = {};
      else log.error({ err: error }, 'REMOTES_FILE could not be read; using its last good version');
    }
    return lastGoodFile;
  }

  /** A pinned version of a remote served here: the current build, a kept release, or else the current one marked with the pin (the shell refuses it, saying so). */
  async function pinned(
    name: string,
    version: string,
    current: RemoteEntry | undefined,
  ): Promise<RemoteEntry | null> {
    if (!current) return null;
    if (current.module?.version === version) return { ...current, version };
    const where = local.get(name);
    const release = where ? remoteReleases(where.dir)[version] : undefined;
    if (where && release) {
      try {
        const module = await readDescriptor(release);
        const base = `/mfe/${where.urlPath}/${version}/`;
        const preload = await readPreload(release, base);
        if (module) return { entry: `${base}mf-manifest.json`, module, version, ...(preload && { preload }) };
      } catch (error) {
        log.error({ err: error, remote: name, version }, 'a kept release’s module.json is not valid');
      }
    }
    return { ...current, version };
  }

  return async function remotesConfig(): Promise<RemotesConfig> {
    const out: RemotesConfig = {};
    for (const { urlPath, dir, module, preload } of await readServed(
      source.remoteDirs,
      readDescriptor,
      readPreload,
      log,
    )) {
      if (!module) continue;
      out[module.name] = { entry: `/mfe/${urlPath}/mf-manifest.json`, module, ...(preload && { preload }) };
      local.set(module.name, { urlPath, dir });
    }
    for (const changes of [source.remoteOverrides, await fileOverrides()]) {
      for (const [name, change] of Object.entries(changes)) {
        if (change === null) {
          delete out[name];
        } else if (change.entry) {
          // Without its own `module`, the shell reads module.json next to the entry: a remote served
          // elsewhere (another version, another host) declares itself.
          out[name] = change as RemoteEntry;
        } else if (change.version) {
          const entry = await pinned(name, change.version, out[name]);
          if (entry) out[name] = entry;
          else
            log.error(
              { remote: name },
              'a version is pinned for a remote this gateway does not serve; give its entry',
            );
        }
      }
    }
    return out;
  };
}

/** Origins other than this one that remotes are loaded from (the Content-Security-Policy allows them). */
export function remoteOrigins(overrides: RemoteOverrides): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(overrides)) {
    if (entry?.entry && /^https?:\/\//.test(entry.entry)) origins.add(new URL(entry.entry).origin);
  }
  return [...origins];
}

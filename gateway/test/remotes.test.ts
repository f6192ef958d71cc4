import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  matchesRoutes,
  ModuleDescriptor,
  MODULES as PERMISSION_MODULES,
  RemotesConfig,
  type ModuleKey,
} from '@erp/contracts';
import { schemaProblem } from '@erp/service-kit';
import { describe, expect, it } from 'vitest';
import { declaredCounts } from '../src/dashboard.js';
import { MODULES } from '../src/modules.js';
import { createRemotesConfig, parseRemoteOverrides } from '../src/remotes.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const descriptor = (name: string, route: string) => ({
  name,
  version: '1.2.3',
  routes: [route],
  navGroups: [{ id: 'vendors', label: 'Vendors', shortLabel: 'Vendors', icon: 'truck', order: 40 }],
  nav: [
    {
      group: 'vendors',
      label: 'Vendor List',
      path: `${route}/list`,
      module: 'vendors',
      sub: 'list',
      order: 10,
    },
  ],
  dashboard: { cards: [], quickActions: [] },
});

function remoteFolder(root: string, folder: string, files: Record<string, unknown>): string {
  mkdirSync(path.join(root, folder, 'dist'), { recursive: true });
  for (const [file, content] of Object.entries(files))
    writeFileSync(
      path.join(root, folder, file),
      typeof content === 'string' ? content : JSON.stringify(content),
    );
  return path.join(root, folder, 'dist');
}

const silent = {
  errors: [] as string[],
  error(_obj: object, msg: string) {
    this.errors.push(msg);
  },
};

describe('/config/remotes.json', () => {
  it('lists each built remote with the module.json it declares', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
    const dist = remoteFolder(root, 'mfe-vendors', {
      'dist/module.json': descriptor('mfe_vendors', '/vendors'),
    });
    const config = await createRemotesConfig(
      { remoteDirs: { vendors: dist }, remoteOverrides: {} },
      silent,
    )();
    expect(config).toEqual({
      mfe_vendors: { entry: '/mfe/vendors/mf-manifest.json', module: descriptor('mfe_vendors', '/vendors') },
    });
  });

  it("passes on the scripts its build says its app loads first, as URLs under the remote's path, so the shell can ask for them at once", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
    const preload = {
      entry: 'remoteEntry.js',
      scripts: ['__federation_expose_app.1a2b3c.js'],
      shared: { '@erp/ui/remote': ['285.aa.js', '733.bb.js'] },
    };
    const dist = remoteFolder(root, 'mfe-vendors', {
      'dist/module.json': descriptor('mfe_vendors', '/vendors'),
      'dist/preload.json': preload,
    });
    const config = await createRemotesConfig(
      { remoteDirs: { vendors: dist }, remoteOverrides: {} },
      silent,
    )();
    expect(config.mfe_vendors?.preload).toEqual({
      entry: '/mfe/vendors/remoteEntry.js',
      scripts: ['/mfe/vendors/__federation_expose_app.1a2b3c.js'],
      shared: { '@erp/ui/remote': ['/mfe/vendors/285.aa.js', '/mfe/vendors/733.bb.js'] },
    });
    expect(schemaProblem(RemotesConfig, config)).toBeNull();
  });

  it('passes on no preload list that names a file outside the remote, or is not of that form (the shell then loads the remote as before)', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
    const outside = remoteFolder(root, 'mfe-team', {
      'dist/module.json': descriptor('mfe_team', '/team'),
      'dist/preload.json': { entry: 'remoteEntry.js', scripts: ['../../secret.js'], shared: {} },
    });
    const broken = remoteFolder(root, 'mfe-vendors', {
      'dist/module.json': descriptor('mfe_vendors', '/vendors'),
      'dist/preload.json': '{"entry": "remoteEntry.js", "scri',
    });
    const config = await createRemotesConfig(
      { remoteDirs: { team: outside, vendors: broken }, remoteOverrides: {} },
      silent,
    )();
    expect(config.mfe_team).toEqual({
      entry: '/mfe/team/mf-manifest.json',
      module: descriptor('mfe_team', '/team'),
    });
    expect(config.mfe_vendors).toEqual({
      entry: '/mfe/vendors/mf-manifest.json',
      module: descriptor('mfe_vendors', '/vendors'),
    });
  });

  it('knows the paths of a remote whose build is missing from its source, so the shell shows its error panel there', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
    const { version: _v, ...source } = descriptor('mfe_vendors', '/vendors');
    const dist = remoteFolder(root, 'mfe-vendors', {
      'module.json': source,
      'package.json': { version: '0.4.0' },
    });
    const config = await createRemotesConfig(
      { remoteDirs: { vendors: dist }, remoteOverrides: {} },
      silent,
    )();
    expect(config.mfe_vendors?.module).toMatchObject({ version: '0.4.0', routes: ['/vendors'] });
  });

  it('leaves out a remote whose module.json is not valid, and says why in the log', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
    const log = {
      errors: [] as string[],
      error(_o: object, msg: string) {
        this.errors.push(msg);
      },
    };
    const bad = { ...descriptor('mfe_vendors', '/vendors'), routes: ['vendors'] };
    const good = remoteFolder(root, 'mfe-team', { 'dist/module.json': descriptor('mfe_team', '/team') });
    const broken = remoteFolder(root, 'mfe-vendors', { 'dist/module.json': bad });
    const config = await createRemotesConfig(
      { remoteDirs: { team: good, vendors: broken }, remoteOverrides: {} },
      log,
    )();
    expect(Object.keys(config)).toEqual(['mfe_team']);
    expect(log.errors).toEqual(['a remote’s module.json is not valid; the remote is left out']);
  });

  it('REMOTES_JSON leaves a remote out with null, and moves one elsewhere (the shell then reads module.json there)', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
    const team = remoteFolder(root, 'mfe-team', { 'dist/module.json': descriptor('mfe_team', '/team') });
    const vendors = remoteFolder(root, 'mfe-vendors', {
      'dist/module.json': descriptor('mfe_vendors', '/vendors'),
    });
    const overrides = parseRemoteOverrides(
      '{"mfe_vendors": null, "mfe_team": "https://cdn.example.com/team/2.0.0/mf-manifest.json"}',
      'REMOTES_JSON',
    );
    const config = await createRemotesConfig(
      { remoteDirs: { team, vendors }, remoteOverrides: overrides },
      silent,
    )();
    expect(config).toEqual({ mfe_team: { entry: 'https://cdn.example.com/team/2.0.0/mf-manifest.json' } });
  });

  it('REMOTES_FILE changes what is deployed while the gateway runs; a broken file keeps its last good version', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
    const team = remoteFolder(root, 'mfe-team', { 'dist/module.json': descriptor('mfe_team', '/team') });
    const vendors = remoteFolder(root, 'mfe-vendors', {
      'dist/module.json': descriptor('mfe_vendors', '/vendors'),
    });
    const file = path.join(root, 'remotes.json');
    const log = {
      errors: [] as string[],
      error(_o: object, msg: string) {
        this.errors.push(msg);
      },
    };
    const remotes = createRemotesConfig(
      { remoteDirs: { team, vendors }, remoteOverrides: {}, remotesFile: file },
      log,
    );
    expect(Object.keys(await remotes())).toEqual(['mfe_team', 'mfe_vendors']);
    writeFileSync(file, '{"mfe_vendors": null}');
    expect(Object.keys(await remotes())).toEqual(['mfe_team']);
    writeFileSync(file, '{"mfe_vendors": nul');
    expect(Object.keys(await remotes())).toEqual(['mfe_team']);
    expect(log.errors).toEqual(['REMOTES_FILE could not be read; using its last good version']);
    writeFileSync(file, '{}');
    expect(Object.keys(await remotes()).sort()).toEqual(['mfe_team', 'mfe_vendors']);
  });

  it('pins a version: the current build, a kept release under releases/<version>/, or else the current one marked with the pin', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
    const current = { ...descriptor('mfe_vendors', '/vendors'), version: '2.0.0' };
    const older = { ...descriptor('mfe_vendors', '/vendors'), version: '1.4.0' };
    const dist = remoteFolder(root, 'mfe-vendors', { 'dist/module.json': current });
    mkdirSync(path.join(root, 'mfe-vendors', 'releases', '1.4.0'), { recursive: true });
    writeFileSync(path.join(root, 'mfe-vendors', 'releases', '1.4.0', 'module.json'), JSON.stringify(older));
    writeFileSync(path.join(root, 'mfe-vendors', 'releases', '1.4.0', 'mf-manifest.json'), '{}');
    const config = (pin: string) =>
      createRemotesConfig(
        {
          remoteDirs: { vendors: dist },
          remoteOverrides: parseRemoteOverrides(`{"mfe_vendors": {"version": "${pin}"}}`, 'REMOTES_JSON'),
        },
        silent,
      )();
    expect((await config('2.0.0')).mfe_vendors).toEqual({
      entry: '/mfe/vendors/mf-manifest.json',
      module: current,
      version: '2.0.0',
    });
    expect((await config('1.4.0')).mfe_vendors).toEqual({
      entry: '/mfe/vendors/1.4.0/mf-manifest.json',
      module: older,
      version: '1.4.0',
    });
    // Not deployed: the shell sees the pin and the version it would get, and shows the error panel.
    expect((await config('1.0.0')).mfe_vendors).toEqual({
      entry: '/mfe/vendors/mf-manifest.json',
      module: current,
      version: '1.0.0',
    });
  });

  it('refuses REMOTES_JSON that is not a map of remote name to entry, naming the problem', () => {
    expect(() => parseRemoteOverrides('[1]', 'REMOTES_JSON')).toThrow(
      'REMOTES_JSON must be a JSON object of remote name to manifest URL, {"entry": URL}, {"version": "x.y.z"}, or null',
    );
    expect(() => parseRemoteOverrides('{', 'REMOTES_JSON')).toThrow(/^REMOTES_JSON is not JSON/);
    expect(() => parseRemoteOverrides('{"mfe_x": {"url": "/x"}}', 'REMOTES_JSON')).toThrow(
      /^REMOTES_JSON: "mfe_x"/,
    );
    expect(() => parseRemoteOverrides('{"mfe_x": {}}', 'REMOTES_JSON')).toThrow(
      'REMOTES_JSON: "mfe_x" needs an entry or a version',
    );
  });
});

describe('the modules of this repository', () => {
  const remotes = Object.values(MODULES).flatMap((m) => m.remotes);
  const declared = remotes.map((folder) => {
    const source = JSON.parse(readFileSync(path.join(repoRoot, folder, 'module.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8')) as {
      version: string;
    };
    return { folder, module: { ...source, version } as ModuleDescriptor };
  });

  it('each declares a valid module.json', () => {
    for (const { folder, module } of declared)
      expect(schemaProblem(ModuleDescriptor, module), folder).toBeNull();
  });

  it('no two own the same path, and each one’s navigation and quick actions lead to its own paths', () => {
    for (const { folder, module } of declared) {
      for (const other of declared.filter((d) => d !== declared.find((x) => x.folder === folder))) {
        for (const route of module.routes)
          expect(matchesRoutes(other.module.routes, route), `${folder} ${route} in ${other.folder}`).toBe(
            false,
          );
      }
      for (const link of [...module.nav, ...module.dashboard.quickActions])
        expect(matchesRoutes(module.routes, link.path), `${folder} ${link.path}`).toBe(true);
    }
  });

  it('their entries name sub-modules that exist and counts the dashboard answers', () => {
    const stats = declaredCounts().map((c) => c.key);
    for (const { folder, module } of declared) {
      for (const entry of [...module.nav, ...module.dashboard.quickActions]) {
        expect(
          Object.keys(PERMISSION_MODULES[entry.module as ModuleKey].subModules),
          `${folder} ${entry.path}`,
        ).toContain(entry.sub);
      }
      for (const card of module.dashboard.cards) expect(stats, folder).toContain(card.stat);
      const groups = new Set(declared.flatMap((d) => d.module.navGroups.map((g) => g.id)));
      for (const item of module.nav)
        expect(groups.has(item.group), `${folder} ${item.path} group ${item.group}`).toBe(true);
    }
  });
});

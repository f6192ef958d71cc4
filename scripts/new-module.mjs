#!/usr/bin/env node
/**
 * `npm run new:module <name> [--title "Site Stores"]`: a new module from the templates in
 * scripts/new-module/template: a service (services/<name>), a remote (mfe-<name>) and its contracts
 * (schemas, events and endpoints in packages/contracts), which build, start, appear in the menu
 * and pass the tests as they are. Outside those, it wires the module into the gateway
 * (gateway/src/modules.ts, gateway/package.json, gateway/tsconfig.json), adds the module's rows to
 * the permission table (gateway/test/security/modules/<name>.ts) and writes docker-compose.yml and
 * deploy/example.env again (npm run compose). docs/adding-a-module.md says what to do next.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log, root } from './lib.mjs';

const TEMPLATE = path.join(root, 'scripts/new-module/template');

/** Where each template folder goes, for a module called `name`. */
const DESTINATIONS = (name) => ({
  service: `services/${name}`,
  remote: `mfe-${name}`,
  'contracts/schemas': 'packages/contracts/src/schemas',
  'contracts/events': 'packages/contracts/src/events',
  'contracts/endpoints': 'packages/contracts/src/endpoints',
  'gateway-permissions': 'gateway/test/security/modules',
});

export function parseArgs(argv) {
  const args = [...argv];
  let title;
  const t = args.indexOf('--title');
  if (t >= 0) {
    title = args[t + 1];
    args.splice(t, 2);
  }
  const name = args[0];
  if (!name || !/^[a-z]{2,20}$/.test(name))
    throw new Error(
      'Usage: npm run new:module <name> [-- --title "Title"] (name: 2 to 20 lower-case letters, e.g. stock)',
    );
  if (title !== undefined && !/^[\p{L}\p{N} &'()-]{2,40}$/u.test(title))
    throw new Error("--title: 2 to 40 letters, digits, spaces and & ' ( ) -");
  return { name, title: title ?? name[0].toUpperCase() + name.slice(1) };
}

function tokens({ name, title }) {
  const mfe = readdirSync(root).filter(
    (d) => d.startsWith('mfe-') && existsSync(path.join(root, d, 'package.json')),
  );
  const ports = mfe.map((d) =>
    Number(/dev-server\.mjs (\d+)/.exec(readFileSync(path.join(root, d, 'package.json'), 'utf8'))?.[1] ?? 0),
  );
  const orders = mfe.flatMap((d) => {
    try {
      return JSON.parse(readFileSync(path.join(root, d, 'module.json'), 'utf8')).navGroups.map(
        (g) => g.order,
      );
    } catch {
      return [];
    }
  });
  return {
    __name__: name,
    __Name__: name[0].toUpperCase() + name.slice(1),
    __Title__: title,
    __port__: String(Math.max(3000, ...ports) + 1),
    __order__: String(Math.max(0, ...orders) + 10),
  };
}

const fill = (text, t) => text.replace(/__(name|Name|Title|port|order)__/g, (m) => t[m]);

function filesUnder(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** Every file the templates make, as [target path, text]. */
function planFiles(t) {
  const out = [];
  for (const [from, to] of Object.entries(DESTINATIONS(t.__name__))) {
    const base = path.join(TEMPLATE, from);
    for (const file of filesUnder(base)) {
      const rel = fill(path.relative(base, file), t).replace(/\.tmpl$/, '');
      out.push([path.join(to, rel), fill(readFileSync(file, 'utf8'), t)]);
    }
  }
  return out;
}

/** Inserts `text` before the first `closing` after `anchor` in `file`. */
function insertBefore(file, anchor, closing, text) {
  const p = path.join(root, file);
  const source = readFileSync(p, 'utf8');
  const a = source.indexOf(anchor);
  const at = a < 0 ? -1 : source.indexOf(closing, a);
  if (at < 0) throw new Error(`${file}: cannot find where to add the module (${anchor} … ${closing})`);
  writeFileSync(p, source.slice(0, at) + text + source.slice(at));
}

function editJson(file, edit) {
  const p = path.join(root, file);
  const json = JSON.parse(readFileSync(p, 'utf8'));
  edit(json);
  writeFileSync(p, `${JSON.stringify(json, null, 2)}\n`);
}

/** The lines that wire the module into the contracts and the gateway. */
function wire(t) {
  const { __name__: name, __Title__: title } = t;
  const contractsIndex = path.join(root, 'packages/contracts/src/index.ts');
  writeFileSync(
    contractsIndex,
    `${readFileSync(contractsIndex, 'utf8')}export * from './schemas/${name}.js';\nexport * from './events/${name}.js';\n`,
  );
  insertBefore(
    'packages/contracts/src/endpoints/index.ts',
    'import',
    '\nexport type',
    `import { ${name}Endpoints } from './${name}.js';\n`,
  );
  insertBefore(
    'packages/contracts/src/endpoints/index.ts',
    'export const endpoints',
    '};',
    `  ...${name}Endpoints,\n`,
  );
  insertBefore(
    'packages/contracts/src/permissions.ts',
    'export const MODULES = {',
    '} as const;',
    `  ${name}: { label: ${JSON.stringify(title)}, subModules: { list: ${JSON.stringify(`${title} List`)}, add: ${JSON.stringify(`Add ${title}`)} } },\n`,
  );
  insertBefore(
    'gateway/src/modules.ts',
    'import type',
    'import type',
    `import { ${name}Service } from '@erp/${name}-service';\n`,
  );
  insertBefore(
    'gateway/src/modules.ts',
    'export const MODULES',
    '\n};',
    `\n  ${name}: {\n    service: () => ${name}Service(),\n    title: ${JSON.stringify(title.toLowerCase())},\n    prefixes: ['/${name}'],\n    stats: '/${name}/stats',\n    counts: [{ key: '${name}Records', optional: true }],\n    remotes: ['mfe-${name}'],\n  },`,
  );
  editJson('gateway/package.json', (j) => (j.dependencies[`@erp/${name}-service`] = '*'));
  // A line like the others (JSON.stringify would spread the file's short objects over lines).
  insertBefore('gateway/tsconfig.json', '"references"', '\n  ]', `,\n    { "path": "../services/${name}" }`);
}

function run(cmd, args) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

function main() {
  const t = tokens(parseArgs(process.argv.slice(2)));
  const name = t.__name__;
  const modulesSource = readFileSync(path.join(root, 'gateway/src/modules.ts'), 'utf8');
  if (new RegExp(`^  ${name}: \\{`, 'm').test(modulesSource))
    throw new Error(`A module called ${name} exists already`);
  const files = planFiles(t);
  const taken = files.map(([f]) => f).filter((f) => existsSync(path.join(root, f)));
  if (taken.length) throw new Error(`These files exist already: ${taken.join(', ')}`);
  for (const [file, text] of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  log(`wrote ${files.length} files of services/${name}, mfe-${name} and their contracts`);
  wire(t);
  log('wired it into the contracts and the gateway');
  run(process.execPath, ['scripts/compose.mjs']);
  log('npm install (links the new workspaces)');
  run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['install', '--no-audit', '--no-fund']);
  const touched = [
    ...files.map(([f]) => f),
    'packages/contracts/src/index.ts',
    'packages/contracts/src/endpoints/index.ts',
    'packages/contracts/src/permissions.ts',
    'gateway/src/modules.ts',
    'gateway/package.json',
    'gateway/tsconfig.json',
  ];
  run(process.execPath, [
    'node_modules/prettier/bin/prettier.cjs',
    '--write',
    '--ignore-unknown',
    '--log-level=warn',
    ...touched,
  ]);
  console.log(`
The ${name} module is in place: npm start shows "${t.__Title__}" in the menu for an Admin (other members
once granted it in the permission editor). Next: docs/adding-a-module.md, from "What the scaffold makes".`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main();
  } catch (err) {
    console.error(`✗ ${err.message}`);
    process.exit(1);
  }
}

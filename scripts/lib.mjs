// Helpers for the root scripts. Plain Node (no dependencies): they run before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** A step of a script, with the time of day (UTC), so a CI log shows what each step took. */
export function log(msg) {
  console.log(`\x1b[36m›\x1b[0m ${new Date().toISOString().slice(11, 19)} ${msg}`);
}

/** The child's environment: ours with `extra` on top; a key set to undefined there is left out. */
export function childEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  for (const [key, value] of Object.entries(extra)) if (value === undefined) delete env[key];
  return env;
}

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: childEnv(opts.env) });
  if (res.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

export function runNpm(args, opts) {
  run(npm, args, opts);
}

/** Install dependencies when node_modules is missing or older than the lock file. */
/**
 * The file to run for a compiled Node entry: its bundle (scripts/bundle-server.mjs, made by every
 * build) when there is one, else the entry itself; ERP_BUNDLES=0 runs the plain entry.
 */
export function serverEntry(entry) {
  const plain = path.join(root, entry);
  const bundle = plain.replace(/\.js$/, '.bundle.js');
  return process.env.ERP_BUNDLES !== '0' && existsSync(bundle) ? bundle : plain;
}

export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const fresh =
    existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh) return;
  log('Installing dependencies…');
  // `npm install` rather than `npm ci`: it follows the lock file too, and copes with lock files
  // written without the optional packages of other platforms (as this npm writes them).
  runNpm(['install', '--no-audit', '--no-fund']);
}

/**
 * The workspace folders the root package.json names, its patterns expanded ('services/*', 'mfe-*'):
 * a module's folder is a workspace by its name alone, without a line in the list.
 */
export function workspaceDirs() {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return workspaces.flatMap((pattern) => {
    if (!pattern.includes('*')) return [pattern];
    const parent = path.posix.dirname(pattern);
    const name = new RegExp(
      `^${path.posix
        .basename(pattern)
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')}$`,
    );
    if (!existsSync(path.join(root, parent))) return [];
    return readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((d) => d.isDirectory() && name.test(d.name))
      .map((d) => (parent === '.' ? d.name : `${parent}/${d.name}`))
      .sort();
  });
}

/**
 * The workspaces bundled for the browser (those with an rspack.config.ts), remotes first and the
 * shell last: a module's remote is built and type-checked without listing it anywhere.
 */
export function webApps() {
  const found = workspaceDirs().filter((dir) => existsSync(path.join(root, dir, 'rspack.config.ts')));
  return [...found.filter((d) => d !== 'shell').sort(), ...found.filter((d) => d === 'shell')];
}

function walk(dir, out, keep) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('dist') || entry.name.startsWith('.'))
      continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out, keep);
    else if (keep(p)) out.push(p);
  }
}

/**
 * A fingerprint of the files a build reads (path, size, mtime), to skip builds with nothing new.
 * `keep` chooses among the files found in the folders given (files named directly always count).
 */
export function fingerprint(inputs, keep = () => true) {
  const files = [];
  for (const i of inputs) {
    const p = path.join(root, i);
    if (existsSync(p) && statSync(p).isDirectory()) walk(p, files, keep);
    else if (existsSync(p)) files.push(p);
  }
  const h = createHash('sha256');
  for (const f of files.sort()) {
    const s = statSync(f);
    h.update(`${path.relative(root, f)}:${s.size}:${s.mtimeMs}\n`);
  }
  return h.digest('hex');
}

export function upToDate(stampFile, print) {
  try {
    return readFileSync(stampFile, 'utf8') === print;
  } catch {
    return false;
  }
}

export function writeStamp(stampFile, print) {
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, print);
}

/** Start a long-running child, forwarding Ctrl+C / SIGTERM, and exit with it. */
export function exec(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: childEnv(opts.env) });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}

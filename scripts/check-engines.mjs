// npm test: every installed package whose declared `engines.node` leaves out the Node.js versions
// this project says it runs on (the root package.json's engines) must be one of KNOWN, read and
// found to need nothing those versions lack (decision 0046). A new one fails the run, so the
// project's engines never drift from what its dependencies need without someone deciding.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './lib.mjs';

/** name@version -> why it runs on our floor although it declares more (checked by reading its code). */
const KNOWN = {
  'content-disposition@3.0.0':
    '@fastify/static 10.1.4+ (its path-traversal fixes): 13 KB of header parsing and formatting, no API added after Node 18',
  'cookie@2.0.2':
    "light-my-request's (Fastify's inject, tests only): string parsing, no API added after Node 18",
  '@nats-io/nuid@3.0.0': 'the NATS client 3.4: ids from crypto.getRandomValues (global since Node 19)',
};

const semver = createRequire(path.join(root, 'package.json'))('semver');
const ours = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const floor = semver.minVersion(ours).version;

const found = new Map();
function walk(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
    const at = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      walk(at);
      continue;
    }
    if (entry.isSymbolicLink()) continue; // a workspace: its own package.json is ours
    const pkg = path.join(at, 'package.json');
    if (existsSync(pkg)) {
      try {
        const { name, version, engines } = JSON.parse(readFileSync(pkg, 'utf8'));
        if (engines?.node && !semver.satisfies(floor, engines.node))
          found.set(`${name}@${version}`, engines.node);
      } catch {
        /* not a package */
      }
    }
    walk(path.join(at, 'node_modules'));
  }
}
walk(path.join(root, 'node_modules'));

const unknown = [...found].filter(([id]) => !KNOWN[id]);
if (unknown.length > 0) {
  console.error(
    `\n✗ Installed packages declare a Node.js beyond ours (engines ${ours}, so Node ${floor}):\n` +
      unknown.map(([id, need]) => `    ${id} needs ${need}`).join('\n') +
      '\n  Raise "engines" in package.json, pin an older version, or read the package and add it to KNOWN in scripts/check-engines.mjs (decision 0046).',
  );
  process.exit(1);
}
console.log(
  `Engines: ${ours}; ${found.size} dependenc${found.size === 1 ? 'y declares' : 'ies declare'} more and ${found.size === 1 ? 'was' : 'were'} read (decision 0046).`,
);

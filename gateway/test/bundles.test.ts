/**
 * Each process runs its entry's bundle (scripts/bundle-server.mjs, decision 0031): one file instead
 * of ~1,500 modules. The bundle must behave as the modules it was made from, in particular modules
 * that find files next to themselves from `import.meta.url` (a service's migrations, the PO demo's
 * photo); and the launchers must fall back to the plain entry when there is no bundle.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entryScript } from '../src/distributed/topology.js';
// @ts-expect-error the build script is plain JavaScript without declarations
import { bundleEntry } from '../../scripts/bundle-server.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'erp-bundles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

describe('the server bundles', () => {
  it('keep a bundled module finding the files next to it, and CommonJS packages requiring Node modules', async () => {
    // A library in another folder reading ../data.txt from its own URL, as a service reads ../migrations.
    write(
      'lib/dist/reader.js',
      "import { readFileSync } from 'node:fs';\nexport const text = () => readFileSync(new URL('../data.txt', import.meta.url), 'utf8');\n",
    );
    write('lib/data.txt', 'found next to the library');
    write(
      'cjs/index.cjs',
      "const os = require('node:os');\nmodule.exports = { eol: JSON.stringify(os.EOL) };\n",
    );
    write(
      'app/dist/main.js',
      "import { text } from '../../lib/dist/reader.js';\nimport cjs from '../../cjs/index.cjs';\nconsole.log(text() + ' ' + cjs.eol);\n",
    );
    const own = (file: string) => file.startsWith(dir) && file.includes(`${path.sep}dist${path.sep}`);
    const outfile = path.join(dir, 'app/dist/main.bundle.js');
    await bundleEntry(path.join(dir, 'app/dist/main.js'), outfile, { isOwn: own, external: [] });

    const out = execFileSync(process.execPath, [outfile], { encoding: 'utf8' });
    expect(out.trim()).toBe('found next to the library "\\n"');

    // The whole tree moved elsewhere: the URL is relative to the bundle, so it still finds the file.
    const moved = `${dir}-moved`;
    execFileSync('cp', ['-r', dir, moved]);
    try {
      expect(
        execFileSync(process.execPath, [path.join(moved, 'app/dist/main.bundle.js')], {
          encoding: 'utf8',
        }).trim(),
      ).toBe('found next to the library "\\n"');
    } finally {
      rmSync(moved, { recursive: true, force: true });
    }
  });

  it('are run when built, the plain entry otherwise or when ERP_BUNDLES=0', () => {
    write('svc/dist/server.js', '');
    const entry = path.join(dir, 'svc/dist/server.js');
    expect(entryScript(entry, {})).toBe(entry);
    write('svc/dist/server.bundle.js', '');
    expect(entryScript(entry, {})).toBe(path.join(dir, 'svc/dist/server.bundle.js'));
    expect(entryScript(entry, { ERP_BUNDLES: '0' })).toBe(entry);
  });
});

import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INDENT_MESSAGES, INDENT_STATUS_LABELS, matchesRoutes } from './index.js';

/**
 * What the first screens import from the contracts must not bring TypeBox: its schemas are built at
 * import time, so they cannot be tree-shaken, and they cost a phone ~50 KB of script (decision 0042).
 */
const bundled = (file: string) =>
  buildSync({
    entryPoints: [fileURLToPath(new URL(file, import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    logLevel: 'silent',
  }).outputFiles[0]!.text;

describe('modules of the contracts without schemas', () => {
  it.each(['./routes.ts', './indent-text.ts'])('%s bundles without TypeBox', (file) => {
    const code = bundled(file);
    expect(code).not.toMatch(/node_modules\/typebox/);
    expect(code).not.toMatch(/Type\.Object/);
  });

  it('a module that builds schemas is recognised as one', () => {
    expect(bundled('./schemas/indent.ts')).toMatch(/node_modules\/typebox/);
  });

  it('are still exported from the package as before', () => {
    expect(INDENT_STATUS_LABELS.approval).toBe('Under Review');
    expect(INDENT_MESSAGES.title).toBe('Please enter a title');
    expect(matchesRoutes(['/indent'], '/indent/list')).toBe(true);
    expect(matchesRoutes(['/indent'], '/indentx')).toBe(false);
  });
});

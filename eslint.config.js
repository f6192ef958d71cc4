// Lint: TypeScript rules everywhere, plus the package boundaries of ARCHITECTURE §2. Every
// workspace declares its role in package.json ("erp": { "role": ... }); the allowed imports per
// role are below, and a relative import that climbs into another package is refused.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const rootPkg = JSON.parse(readFileSync('package.json', 'utf8'));
const workspaces = rootPkg.workspaces
  .flatMap((w) => (w.endsWith('/*') ? readDirs(w.slice(0, -2)) : [w]))
  .filter((dir) => existsSync(path.join(dir, 'package.json')))
  .map((dir) => {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return { dir, name: pkg.name, role: pkg.erp?.role ?? 'tooling' };
  });

function readDirs(parent) {
  return existsSync(parent)
    ? readdirSync(parent)
        .filter((d) => statSync(path.join(parent, d)).isDirectory())
        .map((d) => `${parent}/${d}`)
    : [];
}

/** Which roles each role may import from. */
const ALLOWED = {
  library: ['library'],
  service: ['library'],
  gateway: ['library', 'service'],
  shell: ['library'],
  remote: ['library'],
  tooling: ['library', 'service', 'gateway', 'shell', 'remote', 'tooling'],
};
/** Libraries that only make sense on one side. */
const NODE_ONLY = ['@erp/service-kit'];
const BROWSER_ONLY = ['@erp/ui', '@erp/sdk'];

function boundaryRules(ws) {
  const refused = workspaces
    .filter((other) => other.name !== ws.name && !ALLOWED[ws.role].includes(other.role))
    .map((o) => o.name);
  if (ws.role === 'shell' || ws.role === 'remote') refused.push(...NODE_ONLY);
  if (ws.role === 'service' || ws.role === 'gateway') refused.push(...BROWSER_ONLY);
  if (ws.name === '@erp/contracts') refused.push(...NODE_ONLY, ...BROWSER_ONLY);
  return {
    files: [`${ws.dir}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...[...new Set(refused)].map((name) => ({
              name,
              message: `A ${ws.role} may not import ${name} (ARCHITECTURE §2 boundaries).`,
            })),
            ...(ws.role === 'shell' || ws.role === 'remote'
              ? ['react-router-dom', 'react-router'].map((name) => ({
                  name,
                  message:
                    'Import the router from @erp/ui: one instance serves every app, and a second copy breaks navigation between them (packages/web-build/shared.ts).',
                }))
              : []),
          ],
          patterns: [
            ...(refused.length > 0
              ? [
                  {
                    group: [...new Set(refused)].map((n) => `${n}/*`),
                    message: `A ${ws.role} may not import this package (ARCHITECTURE §2 boundaries).`,
                  },
                ]
              : []),
            {
              regex: '^(\\.\\./)+(packages|services|gateway|shell|mfe-[^/]+|e2e|bench)/',
              message: 'Import another package by its name (@erp/...), not by a relative path.',
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', 'data/**', '**/*.d.ts', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  ...workspaces.map(boundaryRules),
  {
    // Browser code: the web type-check runs with Node's types on (one program with the tests and build
    // configs, scripts/typecheck-web.mjs), so Node's globals are refused here instead.
    files: [
      'packages/ui/src/**/*.{ts,tsx}',
      'packages/sdk/src/**/*.{ts,tsx}',
      'shell/src/**/*.{ts,tsx}',
      'mfe-*/src/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'process',
          'Buffer',
          'global',
          'require',
          'module',
          '__dirname',
          '__filename',
          'setImmediate',
        ].map((name) => ({
          name,
          message: 'Browser code: Node.js globals do not exist in the browser.',
        })),
      ],
    },
  },
);

// Lint: TypeScript rules everywhere, plus the package boundaries of ARCHITECTURE §2. Every
// workspace declares its role in package.json ("erp": { "role": ... }); the allowed imports per
// role are below, and a relative import that climbs into another package is refused.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { workspaceDirs } from './scripts/lib.mjs';

const workspaces = workspaceDirs()
  .filter((dir) => existsSync(path.join(dir, 'package.json')))
  .map((dir) => {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return { dir, name: pkg.name, role: pkg.erp?.role ?? 'tooling' };
  });

/**
 * The kinds of element eslint-plugin-boundaries sees: each workspace is one element of its role,
 * except the libraries that only make sense on one side (the service kit in Node.js, the UI kit and
 * the SDK in the browser); inside an app (the shell, a remote), each feature is an element of its own.
 */
const NODE_ONLY = ['@erp/service-kit'];
const BROWSER_ONLY = ['@erp/ui', '@erp/sdk'];
const kindOf = (ws) =>
  NODE_ONLY.includes(ws.name) ? 'node-library' : BROWSER_ONLY.includes(ws.name) ? 'browser-library' : ws.role;

/** Which kinds each kind may import from (ARCHITECTURE §2); '@erp/contracts' (a library) runs on both sides. */
const ALLOWED = {
  library: ['library'],
  'node-library': ['library', 'node-library'],
  'browser-library': ['library', 'browser-library'],
  service: ['library', 'node-library'],
  gateway: ['library', 'node-library', 'service'],
  shell: ['library', 'browser-library'],
  remote: ['library', 'browser-library'],
  // Tests across the system, benches and build scripts: anything (browser flows import the forms' rules).
  tooling: [
    'library',
    'node-library',
    'browser-library',
    'service',
    'gateway',
    'shell',
    'remote',
    'feature',
    'tooling',
  ],
};

/** A feature of an app uses its own files, the app's shared feature and the libraries its app may use; never another feature. */
const FEATURE_POLICIES = [
  {
    from: { type: 'feature' },
    allow: { to: { type: ['library', 'browser-library'] } },
  },
  {
    from: { type: 'feature' },
    allow: { to: { type: 'feature', captured: { app: '{{from.captured.app}}', feature: 'shared' } } },
  },
  // An app's core (its lifecycles, routes, start-up) puts its features together.
  {
    from: { type: ['shell', 'remote'] },
    allow: { to: { type: 'feature', captured: { app: '{{from.captured.app}}' } } },
  },
  // The shell's features use the shell's own core (the signed-in member, the module list, the routes).
  {
    from: { type: 'feature', captured: { app: 'shell' } },
    allow: { to: { type: 'shell' } },
  },
];

const boundariesConfig = {
  files: ['**/*.{ts,tsx,js,mjs}'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': [
      { type: 'feature', pattern: '*/src/features/*', mode: 'folder', capture: ['app', 'feature'] },
      // An app (the shell, a remote) captures its folder, so that its core may use its own features.
      ...workspaces.map((ws) =>
        ws.role === 'shell' || ws.role === 'remote'
          ? { type: ws.role, pattern: `@(${ws.dir})`, mode: 'folder', capture: ['app'] }
          : { type: kindOf(ws), pattern: ws.dir, mode: 'folder' },
      ),
    ],
    // Workspace packages are imported by name and resolve, through their "@erp/source" export, to their sources.
    'import/resolver': {
      typescript: { project: ['tsconfig.base.json'], conditionNames: ['@erp/source', 'import', 'default'] },
    },
    'boundaries/legacy-warnings': false,
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message:
          "ARCHITECTURE §2 boundaries: a {{from.type}}{{#if from.captured.feature}} ({{from.captured.app}} {{from.captured.feature}}){{/if}} may not import a {{to.type}}{{#if to.captured.feature}} ({{to.captured.app}} {{to.captured.feature}}){{/if}}. A piece two features need goes in the app's shared feature or packages/ui.",
        policies: [
          ...Object.entries(ALLOWED).map(([kind, allowed]) => ({
            from: { type: kind },
            allow: { to: { type: allowed } },
          })),
          ...FEATURE_POLICIES,
          // A browser library's tests outside src may run the service kit (the form kit's check against a service's).
          {
            from: { element: { type: 'browser-library' }, file: { path: '**/packages/*/test/**' } },
            allow: { to: { element: { type: 'node-library' } } },
          },
        ],
      },
    ],
  },
};

/** Import hygiene the boundaries do not cover: the router from @erp/ui, other packages by name. */
function importRules(ws) {
  return {
    files: [`${ws.dir}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths:
            ws.role === 'shell' || ws.role === 'remote'
              ? ['react-router-dom', 'react-router'].map((name) => ({
                  name,
                  message:
                    'Import the router from @erp/ui: one instance serves every app, and a second copy breaks navigation between them (packages/web-build/shared.ts).',
                }))
              : [],
          patterns: [
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
  {
    // Small pieces (issue 27): a function of a service or kit reads on one screen. Tests are exempt
    // (a describe block holds its cases).
    files: [
      'services/*/src/**/*.ts',
      'gateway/src/**/*.ts',
      'packages/*/src/**/*.{ts,tsx}',
      'shell/src/**/*.ts',
      'mfe-*/src/**/*.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    // A React component holds its markup: a little more.
    files: ['packages/ui/src/**/*.tsx', 'shell/src/**/*.tsx', 'mfe-*/src/**/*.tsx'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  ...workspaces.map(importRules),
  boundariesConfig,
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

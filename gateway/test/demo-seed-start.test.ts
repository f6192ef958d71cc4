/**
 * When `npm start` makes the demo business (scripts/demo-seed/start.mjs, decision 0045): on a new
 * data directory unless SEED_DEMO=false, never in production.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAdminEnv, shouldSeedDemo } from '../../scripts/demo-seed/start.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-seed-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm start seeds the demo', () => {
  it('on a data directory that does not exist yet or is empty', () => {
    expect(shouldSeedDemo({ DATA_DIR: 'absent' }, dir)).toBe(true);
    mkdirSync(path.join(dir, 'empty'));
    expect(shouldSeedDemo({ DATA_DIR: 'empty' }, dir)).toBe(true);
  });

  it('not on a data directory that holds anything, unless SEED_DEMO=true', () => {
    mkdirSync(path.join(dir, 'used'));
    writeFileSync(path.join(dir, 'used', 'PG_VERSION'), '17');
    expect(shouldSeedDemo({ DATA_DIR: 'used' }, dir)).toBe(false);
    expect(shouldSeedDemo({ DATA_DIR: 'used', SEED_DEMO: 'true' }, dir)).toBe(true);
  });

  it('not when SEED_DEMO=false, whatever the directory', () => {
    expect(shouldSeedDemo({ DATA_DIR: 'absent', SEED_DEMO: 'false' }, dir)).toBe(false);
  });

  it('on a database it cannot look into (DATABASE_URL) only when SEED_DEMO=true', () => {
    const url = 'postgres://127.0.0.1/erp';
    expect(shouldSeedDemo({ DATA_DIR: 'absent', DATABASE_URL: url }, dir)).toBe(false);
    expect(shouldSeedDemo({ DATA_DIR: 'absent', DATABASE_URL: url, SEED_DEMO: 'true' }, dir)).toBe(true);
  });

  it('never in production, and SEED_DEMO=true there stops the start with the reason', () => {
    expect(shouldSeedDemo({ DATA_DIR: 'absent', NODE_ENV: 'production' }, dir)).toBe(false);
    expect(() =>
      shouldSeedDemo({ DATA_DIR: 'absent', NODE_ENV: 'production', SEED_DEMO: 'true' }, dir),
    ).toThrow(
      'SEED_DEMO=true cannot be used with NODE_ENV=production: demo members would be able to sign in',
    );
  });

  it('starts the system with the demo Admin as its first Admin, unless ADMIN_PHONE names another', () => {
    expect(demoAdminEnv({})).toEqual({ ADMIN_PHONE: '9000000001', ADMIN_NAME: 'Demo Admin' });
    expect(demoAdminEnv({ ADMIN_PHONE: '9811111111', ADMIN_NAME: 'Owner' })).toEqual({
      ADMIN_PHONE: '9811111111',
      ADMIN_NAME: 'Owner',
    });
  });
});

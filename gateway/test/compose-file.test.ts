/**
 * docker-compose.yml and deploy/example.env are written by `npm run compose` from the workspaces'
 * declared roles (scripts/compose.mjs): a module added without running it, or a hand edit, fails here.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the compose file', () => {
  it('is what npm run compose writes from the workspaces (a container per service instance, every remote)', () => {
    const res = spawnSync(process.execPath, ['scripts/compose.mjs', '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });
});

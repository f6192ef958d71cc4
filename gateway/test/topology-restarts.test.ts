/**
 * The topology runner's restart policy (gateway/src/distributed/topology.ts, `npm run
 * start:distributed`): a crashed process starts again after 1 s, 2 s, 4 s … at most 30 s, each
 * restart logged with how the process ended, and a process that ran a minute starts over at 1 s.
 * And the settings the runner passes on to every process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, exitReason, restartDelay, TopologyProcess } from '../src/distributed/topology.js';
import { sleep } from '../src/distributed/local-servers.js';

describe('the restart of a crashed process', () => {
  it('waits 1 s, then twice as long after each crash in a row, at most 30 s', () => {
    let crashes = 0;
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      const next = restartDelay(crashes, 200);
      crashes = next.crashes;
      delays.push(next.delayMs);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(crashes).toBe(8);
    expect(restartDelay(10_000, 0).delayMs).toBe(30_000);
  });

  it('starts over at 1 s after a minute of running', () => {
    expect(restartDelay(6, 59_999)).toEqual({ crashes: 7, delayMs: 30_000 });
    expect(restartDelay(6, 60_000)).toEqual({ crashes: 1, delayMs: 1000 });
    expect(restartDelay(1, 5 * 60_000)).toEqual({ crashes: 1, delayMs: 1000 });
  });

  it('names how the process ended', () => {
    expect(exitReason(1, null)).toBe('exit code 1');
    expect(exitReason(null, 'SIGKILL')).toBe('signal SIGKILL');
  });

  const dir = mkdtempSync(path.join(tmpdir(), 'erp-restarts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is logged with the exit code and the wait, which grows with each crash in a row', async () => {
    const script = path.join(dir, 'crash.mjs');
    writeFileSync(script, 'process.exit(3);\n');
    const lines: string[] = [];
    const p = new TopologyProcess(
      'po#2',
      'po',
      0,
      script,
      { PATH: process.env.PATH },
      (id, line) => lines.push(`${id}| ${line}`),
      true,
    );
    p.start();
    const until = Date.now() + 20_000;
    while (lines.length < 2 && Date.now() < until) await sleep(50);
    // Stopping calls off the restart that waits for its time.
    p.signal('SIGTERM');
    await sleep(2500);
    expect(lines.slice(0, 2)).toEqual([
      expect.stringMatching(
        /^po#2\| exited \(exit code 3\) after \d+\.\d s; starting it again in 1 s \(crash 1 in a row\)$/,
      ),
      expect.stringMatching(
        /^po#2\| exited \(exit code 3\) after \d+\.\d s; starting it again in 2 s \(crash 2 in a row\)$/,
      ),
    ]);
    expect(p.running).toBe(false);
    expect(lines).toHaveLength(2);
  }, 30_000);
});

describe('the environment of the topology’s processes', () => {
  it('passes NATS_ACK_WAIT_SECONDS and the other settings on, but not the parent’s NATS_URL, database, port or service URLs', () => {
    const env = baseEnv(
      { NATS_URL: 'nats://127.0.0.1:4333', NATS_NAMESPACE: 'demo', PORT: '3006' },
      {
        NATS_ACK_WAIT_SECONDS: '12',
        NATS_URL: 'nats://elsewhere:4222',
        NATS_NAMESPACE: 'parent',
        DATABASE_URL: 'postgres://admin@db/erp',
        PO_SERVICE_URL: 'http://x',
        PORT: '8080',
        LOG_LEVEL: 'debug',
        TEST_DATABASE_URL: 'postgres://t',
      },
    );
    expect(env).toEqual({
      NATS_ACK_WAIT_SECONDS: '12',
      LOG_LEVEL: 'debug',
      NATS_URL: 'nats://127.0.0.1:4333',
      NATS_NAMESPACE: 'demo',
      PORT: '3006',
    });
    // Without a namespace given, none (not the parent's).
    expect(baseEnv({ NATS_NAMESPACE: undefined }, { NATS_NAMESPACE: 'parent' })).toEqual({});
  });
});

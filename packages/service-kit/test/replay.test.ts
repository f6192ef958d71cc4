import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReplayCli } from '../src/cli/events-replay.js';
import {
  createServiceRuntime,
  listDeadLetters,
  openPglite,
  replayDeadLetters,
  type Database,
  type ServiceRuntime,
} from '../src/index.js';
import {
  createTestBus,
  createTestDatabase,
  createTestHarness,
  deleteTestStream,
  testConfig,
  type TestHarness,
} from '../src/testing/index.js';
import { createThing, effects, kitTestService } from './fixtures/kittest.js';
import { capturingLogger, rows, sleep } from './fixtures/helpers.js';

const cleanups: Array<() => Promise<void>> = [];
let h: TestHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function cli(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const code = await runReplayCli(args, env, (t) => out.push(t));
  return { code, out: out.join('\n') };
}

/** A service whose consumer fails while `broken` is true (the bug), and works once it is fixed. */
function brokenService() {
  const state = { broken: true, tries: 0 };
  const def = kitTestService({ fails: () => state.broken, onTry: () => state.tries++ });
  return { state, def };
}

const config = () => testConfig({ eventMaxAttempts: 2 });

describe('replaying dead letters (npm run events:replay)', () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'embedded: with the system stopped, --list shows a dead letter and --id hands it back; on the next start its consumer handles it once',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'erp-replay-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const env = { DATA_DIR: dataDir };
      const logger = capturingLogger('silent').logger;
      const { state, def } = brokenService();
      const start = async (): Promise<{
        db: Database;
        runtime: ServiceRuntime;
        close: () => Promise<void>;
      }> => {
        const db = await openPglite(path.join(dataDir, 'pgdata'));
        const { bus, namespace } = await createTestBus();
        const runtime = await createServiceRuntime(def, { db, bus, config: config(), logger });
        await runtime.start();
        return {
          db,
          runtime,
          close: async () => {
            await runtime.stop();
            await bus.close();
            await deleteTestStream(namespace);
            await db.close();
          },
        };
      };

      let sys = await start();
      const event = await createThing(sys.runtime.ctx, 'sand');
      await expect
        .poll(() => listDeadLetters(sys.db, 'kittest'), { timeout: 15_000, interval: 50 })
        .toHaveLength(1);
      // While the system runs, the command refuses to open its database.
      await expect(cli(['--list'], env)).rejects.toThrow(/open in another process: stop the system first/);
      await sys.close();

      const listed = await cli(['--list'], env);
      expect(listed.code).toBe(0);
      expect(listed.out).toContain('kittest: 1 dead letter');
      expect(listed.out).toContain(
        `kittest-effects  ${event.id}  erp.kittest.thing_created.v1  failed, 2 tries`,
      );
      expect(listed.out).toContain('cannot handle sand');

      expect((await cli(['--service', 'kittest', '--id', event.id], env)).code).toBe(0);
      // Replayed once: asking again finds nothing waiting.
      const again = await cli(['--service', 'kittest', '--id', event.id], env);
      expect(again.code).toBe(1);
      expect(again.out).toContain('No waiting dead letter');

      state.broken = false; // the bug was fixed
      const tries = state.tries;
      sys = await start();
      cleanups.push(() => sys.close());
      await expect
        .poll(() => effects(sys.db), { timeout: 15_000, interval: 50 })
        .toEqual([{ event_id: event.id, name: 'sand' }]);
      expect(state.tries).toBe(tries + 1);
      expect(await listDeadLetters(sys.db, 'kittest')).toEqual([]);
      const [replayed] = await listDeadLetters(sys.db, 'kittest', { includeReplayed: true });
      expect(replayed).toMatchObject({ eventId: event.id, replays: 1 });
      expect(replayed!.replayedAt).toBeInstanceOf(Date);
      expect(await rows(sys.db, 'SELECT 1 FROM kittest.consumer_failures')).toEqual([]);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'distributed: against DATABASE_URL while the service runs, --id hands a dead letter back and the running consumer handles it once',
    async () => {
      const { db, url, drop } = await createTestDatabase();
      cleanups.push(drop);
      const { bus, namespace } = await createTestBus();
      cleanups.push(() => deleteTestStream(namespace));
      cleanups.push(() => bus.close());
      const { state, def } = brokenService();
      const runtime = await createServiceRuntime(def, {
        db,
        bus,
        config: config(),
        logger: capturingLogger('silent').logger,
      });
      cleanups.push(() => runtime.stop());
      await runtime.start();
      const event = await createThing(runtime.ctx, 'gravel');
      await expect
        .poll(() => listDeadLetters(db, 'kittest'), { timeout: 15_000, interval: 50 })
        .toHaveLength(1);

      const env = { DATABASE_URL: url };
      expect((await cli(['--list', '--service', 'kittest'], env)).out).toContain(event.id);
      state.broken = false;
      const replay = await cli(['--service', 'kittest', '--id', event.id], env);
      expect(replay.code).toBe(0);
      expect(replay.out).toContain(`replayed  kittest-effects  ${event.id}`);
      await expect
        .poll(() => effects(db), { timeout: 15_000, interval: 50 })
        .toEqual([{ event_id: event.id, name: 'gravel' }]);
      await sleep(200);
      expect(await effects(db)).toHaveLength(1);
      expect((await cli(['--list', '--service', 'kittest'], env)).out).toContain('No dead letters waiting');
    },
  );

  it('--all hands back every waiting dead letter (of one consumer with --consumer); one that fails again returns to the dead letters', async () => {
    const { state, def } = brokenService();
    h = await createTestHarness([def], { eventMaxAttempts: 2 });
    const ctx = h.runtimes[0]!.ctx;
    const a = await createThing(ctx, 'a');
    const b = await createThing(ctx, 'b');
    await expect
      .poll(() => listDeadLetters(h!.db, 'kittest'), { timeout: 15_000, interval: 50 })
      .toHaveLength(2);

    // Still broken: the replayed event is tried EVENT_MAX_ATTEMPTS times again, then is dead again.
    const first = await replayDeadLetters(h.db, 'kittest', { eventId: a.id, consumer: 'kittest-effects' });
    expect(first.replayed.map((d) => d.eventId)).toEqual([a.id]);
    await expect
      .poll(
        async () =>
          (await listDeadLetters(h!.db, 'kittest')).map((d) => [d.eventId, d.replayedAt, d.attempts]),
        { timeout: 15_000, interval: 50 },
      )
      .toEqual(expect.arrayContaining([[a.id, null, 2]]));

    state.broken = false;
    const all = await replayDeadLetters(h.db, 'kittest', { all: true, consumer: 'kittest-effects' });
    expect(all.replayed.map((d) => d.eventId).sort()).toEqual([a.id, b.id].sort());
    await expect
      .poll(async () => (await effects(h!.db)).map((e) => e.name).sort(), { timeout: 15_000, interval: 50 })
      .toEqual(['a', 'b']);
    expect(await listDeadLetters(h.db, 'kittest')).toEqual([]);
    expect(
      (await listDeadLetters(h.db, 'kittest', { includeReplayed: true })).map((d) => d.replays).sort(),
    ).toEqual([1, 2]);
  });

  it('prints its usage for a command it does not understand', async () => {
    const r = await cli(['--id', 'x'], {});
    expect(r.code).toBe(2);
    expect(r.out).toContain('npm run events:replay -- --service <schema> --id <eventId>');
  });
});

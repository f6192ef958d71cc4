import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startPruning } from '../src/index.js';
import { createTestHarness, type TestHarness } from '../src/testing/index.js';
import { envelopeOf, kitTestService, ThingCreated } from './fixtures/kittest.js';
import { capturingLogger, rows, sleep } from './fixtures/helpers.js';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('retention of the event tables', () => {
  it('prunes published outbox rows, inbox rows and replayed dead letters past their retention; keeps newer ones, unpublished events and waiting dead letters; then runs the service’s prune hook', async () => {
    let hookRuns = 0;
    h = await createTestHarness([kitTestService({ prune: async () => void hookRuns++ })], {
      outboxRetentionHours: 72,
      inboxRetentionDays: 7,
      deadLetterRetentionDays: 30,
    });
    const r = h.runtimes[0]!;
    await r.ctx.relay.stop(); // the unpublished rows below must stay unpublished
    const db = h.db;
    const outbox = async (name: string, createdHoursAgo: number, publishedHoursAgo: number | null) => {
      const e = envelopeOf(ThingCreated.subject, { id: randomUUID(), name });
      await db.query(
        `INSERT INTO kittest.outbox (id, subject, envelope, created_at, published_at)
         VALUES ($1, $2, $3::jsonb, now() - $4::float8 * interval '1 hour', now() - $5::float8 * interval '1 hour')`,
        [e.id, e.subject, JSON.stringify(e), createdHoursAgo, publishedHoursAgo],
      );
    };
    await outbox('published long ago', 200, 100);
    await outbox('published just over the limit', 73, 72.5);
    await outbox('published recently', 80, 71);
    await outbox('never published, very old', 5000, null);
    await outbox('never published', 1, null);
    const inbox = async (name: string, daysAgo: number) =>
      db.query(
        `INSERT INTO kittest.inbox (consumer, event_id, subject, handled_at) VALUES ($1, $2, $3, now() - make_interval(days => $4))`,
        [name, randomUUID(), 'erp.x.y.v1', daysAgo],
      );
    await inbox('old', 8);
    await inbox('recent', 6);
    const dead = async (consumer: string, deadDaysAgo: number, replayedDaysAgo: number | null) =>
      db.query(
        `INSERT INTO kittest.dead_letters (consumer, event_id, subject, envelope, reason, last_error, attempts, dead_at, replayed_at)
         VALUES ($1, $2, 'erp.x.y.v1', '{}'::jsonb, 'failed', 'boom', 5, now() - make_interval(days => $3),
                 CASE WHEN $4::int IS NULL THEN NULL ELSE now() - make_interval(days => $4::int) END)`,
        [consumer, randomUUID(), deadDaysAgo, replayedDaysAgo],
      );
    await dead('replayed long ago', 40, 31);
    await dead('replayed recently', 40, 29);
    await dead('waiting for a year', 365, null);

    await r.prune();

    const names = (
      await rows<{ name: string }>(
        db,
        `SELECT envelope->'data'->>'name' AS name FROM kittest.outbox ORDER BY seq`,
      )
    ).map((x) => x.name);
    expect(names).toEqual(['published recently', 'never published, very old', 'never published']);
    expect(
      (await rows<{ consumer: string }>(db, 'SELECT consumer FROM kittest.inbox ORDER BY 1')).map(
        (x) => x.consumer,
      ),
    ).toEqual(['recent']);
    expect(
      (await rows<{ consumer: string }>(db, 'SELECT consumer FROM kittest.dead_letters ORDER BY 1')).map(
        (x) => x.consumer,
      ),
    ).toEqual(['replayed recently', 'waiting for a year']);
    expect(hookRuns).toBe(1);
  });

  it('prunes in batches until nothing old is left', async () => {
    h = await createTestHarness([kitTestService()], { inboxRetentionDays: 7 });
    await h.db.query(
      `INSERT INTO kittest.inbox (consumer, event_id, subject, handled_at)
       SELECT 'c', gen_random_uuid(), 'erp.x.y.v1', now() - interval '10 days' FROM generate_series(1, 12000)`,
    );
    await h.db.query(
      `INSERT INTO kittest.inbox (consumer, event_id, subject) VALUES ('c', gen_random_uuid(), 'erp.x.y.v1')`,
    );
    await h.runtimes[0]!.prune();
    expect(await rows(h.db, 'SELECT count(*)::int AS n FROM kittest.inbox')).toEqual([{ n: 1 }]);
  });
});

describe('the periodic pruning job', () => {
  it('runs on its interval, never two runs at once, and stops with the service (waiting for the run under way)', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    let finished = 0;
    const job = startPruning(
      async () => {
        active++;
        runs++;
        most = Math.max(most, active);
        await sleep(120);
        active--;
        finished++;
      },
      30,
      capturingLogger('silent').logger,
    );
    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    await job.stop();
    expect(most).toBe(1);
    expect(active).toBe(0);
    expect(finished).toBe(runs);
    const after = runs;
    await sleep(200);
    expect(runs).toBe(after);
  });

  it('logs a failed run and tries again at the next interval', async () => {
    const { logger, lines } = capturingLogger('warn');
    let runs = 0;
    const job = startPruning(
      async () => {
        runs++;
        if (runs === 1) throw new Error('database away');
      },
      20,
      logger,
    );
    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await job.stop();
    expect(lines.some((l) => l.msg === 'pruning old events failed')).toBe(true);
  });
});

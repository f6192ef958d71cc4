import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache, answersCache } from '../src/answer-cache.js';
import { KIT_MIGRATIONS } from '../src/kit-migrations.js';
import { migrate, type Database } from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';

describe('AnswerCache', () => {
  it('serves an answer again only at the generation it was built at', () => {
    const cache = new AnswerCache<{ total: number }>({ maxBytes: 10_000 });
    cache.set('page 1', '7', '[1,2]', { total: 2 });
    expect(cache.get('page 1', '7')).toEqual({ text: '[1,2]', extra: { total: 2 } });
    expect(cache.get('page 1', '8')).toBeUndefined();
    expect(cache.get('page 2', '7')).toBeUndefined();
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });

  it('drops the least recently used answers beyond its bytes, and keeps no answer too large', () => {
    const cache = new AnswerCache({ maxBytes: 100, maxEntryBytes: 60 });
    cache.set('a', '1', 'x'.repeat(20)); // 42 bytes
    cache.set('b', '1', 'y'.repeat(20));
    expect(cache.get('a', '1')?.text).toBe('x'.repeat(20)); // a is now the most recent
    cache.set('c', '1', 'z'.repeat(20)); // over 100: b goes
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBeDefined();
    expect(cache.get('c', '1')).toBeDefined();
    cache.set('big', '1', 'w'.repeat(40)); // 84 bytes > 60
    expect(cache.get('big', '1')).toBeUndefined();
    expect(cache.totalBytes).toBeLessThanOrEqual(100);
  });

  it('replaces a key’s answer without counting it twice', () => {
    const cache = new AnswerCache({ maxBytes: 1_000 });
    cache.set('k', '1', 'old');
    cache.set('k', '2', 'new');
    expect(cache.size).toBe(1);
    expect(cache.totalBytes).toBe((3 + 1) * 2);
    expect(cache.get('k', '2')?.text).toBe('new');
  });
});

/** A service's answers over kit migration 6: `orders` watched, `notes` not. PGlite, or PostgreSQL with TEST_DATABASE_URL. */
describe('answersCache', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
    await migrate(db, 'ac', 'kit', KIT_MIGRATIONS);
    await db.exec(`
      CREATE TABLE ac.orders (id int PRIMARY KEY, name text NOT NULL);
      CREATE TABLE ac.notes (order_id int NOT NULL, note text NOT NULL);
      INSERT INTO ac.orders VALUES (1, 'first'), (2, 'second');
      INSERT INTO ac.notes VALUES (1, 'urgent');
      SELECT ac.watch_list_changes(ARRAY['orders']);
      CREATE TABLE ac.tally (n int NOT NULL);
      INSERT INTO ac.tally VALUES (2);
      CREATE FUNCTION ac.tallied() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE ac.tally SET n = n + 1; RETURN NULL; END $$;
      CREATE TRIGGER orders_tallied AFTER INSERT ON ac.orders FOR EACH ROW EXECUTE FUNCTION ac.tallied();`);
  });
  afterAll(async () => drop?.());

  const names = (db: Database, sql: string) => async (generation: string) => {
    const res = await db.query<{ name: string }>(sql);
    return { text: JSON.stringify(res.rows.map((r) => r.name)), extra: undefined, generation };
  };

  it('serves an answer again until a watched table is written, by any connection', async () => {
    const answers = answersCache('ac');
    let built = 0;
    const list = () =>
      answers.answer(
        db,
        'orders',
        async (g) => (built++, names(db, 'SELECT name FROM ac.orders ORDER BY id')(g)),
      );
    expect((await list())?.text).toBe('["first","second"]');
    expect((await list())?.text).toBe('["first","second"]');
    expect(built).toBe(1);
    await db.query(`UPDATE ac.orders SET name = 'renamed' WHERE id = 1`);
    expect((await list())?.text).toBe('["renamed","second"]');
    expect(built).toBe(2);
  });

  it('refuses, in tests, an answer that reads a table no migration watches, in a join or a subquery as well', async () => {
    // On by default under tests (NODE_ENV=test), as every service's tests run their lists.
    const answers = answersCache('ac');
    for (const sql of [
      'SELECT o.name FROM ac.orders o JOIN ac.notes n ON n.order_id = o.id',
      'SELECT name FROM ac.orders WHERE id IN (SELECT order_id FROM ac.notes)',
      'WITH n AS (SELECT order_id FROM ac.notes) SELECT note AS name FROM ac.notes',
    ])
      await expect(answers.answer(db, sql, names(db, sql))).rejects.toThrow(
        /reads ac\.notes, whose writes do not move ac's generation: name it in a migration's ac\.watch_list_changes/,
      );
    // Watched tables only: the generation's own table, and one that only a watched table's row
    // trigger writes (kept counts), which changes only in a statement that moves the generation.
    const sql = `SELECT name FROM ac.orders WHERE id > (SELECT count(*) FROM ac.list_changes) - (SELECT n FROM ac.tally)`;
    expect((await answers.answer(db, 'ok', names(db, sql)))?.text).toContain('second');
    expect(answers.cache.size).toBe(1);
  });

  it('checks only the statements of the answer being built, not those other requests run meanwhile', async () => {
    const answers = answersCache('ac', { checkWatched: true });
    const other = db.query('SELECT note FROM ac.notes');
    const answer = answers.answer(db, 'orders', names(db, 'SELECT name FROM ac.orders ORDER BY id'));
    const [, a] = await Promise.all([other, answer, db.query('SELECT note FROM ac.notes')]);
    expect(a?.text).toBe('["renamed","second"]');
  });
});

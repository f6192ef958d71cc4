/**
 * Answers (JSON text) kept per key for one generation of the data they were built from. The
 * generation is read from the database (a value that changes with every committed write the answers
 * depend on, read in the same snapshot as the answer when it is built); an answer is served again
 * only while the database still says the same generation, so it is never staler than a fresh read.
 * Bounded by bytes, least recently used first out. Decision 0019 says when a service uses one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Queryable } from './db/types.js';

export interface AnswerCacheOptions {
  /** Most bytes (UTF-16 length x 2, roughly) kept over all answers. */
  maxBytes: number;
  /** An answer larger than this is not kept (default: a quarter of maxBytes). */
  maxEntryBytes?: number;
}

interface Entry {
  generation: string;
  text: string;
  extra: unknown;
  bytes: number;
}

export class AnswerCache<X = undefined> {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxEntryBytes: number;
  hits = 0;
  misses = 0;

  constructor(private readonly opts: AnswerCacheOptions) {
    this.maxEntryBytes = opts.maxEntryBytes ?? Math.floor(opts.maxBytes / 4);
  }

  /** The answer kept for `key` if it was built at `generation`. */
  get(key: string, generation: string): { text: string; extra: X } | undefined {
    const e = this.entries.get(key);
    if (!e || e.generation !== generation) {
      this.misses++;
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, e);
    this.hits++;
    return { text: e.text, extra: e.extra as X };
  }

  /** Keep an answer built at `generation` (replacing what `key` had). */
  set(key: string, generation: string, text: string, extra?: X): void {
    const bytes = (text.length + key.length) * 2;
    this.remove(key);
    if (bytes > this.maxEntryBytes) return;
    this.entries.set(key, { generation, text, extra, bytes });
    this.bytes += bytes;
    for (const [oldest, e] of this.entries) {
      if (this.bytes <= this.opts.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= e.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  private remove(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }
}

/** The generation as an answer's own query reads it (same snapshot as the answer): kit migration 6's list_changes. */
export const generationSql = (schema: string) =>
  `(SELECT coalesce(sum(weight), 0)::text FROM ${schema}.list_changes)`;

/** The generation now, as a request reads it before looking for a kept answer. */
export async function currentGeneration(db: Queryable, schema: string): Promise<string> {
  return (await db.query<{ g: string }>(`SELECT ${generationSql(schema)} AS g`)).rows[0]!.g;
}

/** An answer as its builder made it: JSON text, what else the route needs (a total), and the generation it saw. */
export interface BuiltAnswer<X> {
  text: string;
  extra: X;
  generation: string;
}

/** A statement an answer's build ran (recorded while the watched tables are checked). */
interface Ran {
  sql: string;
  params: unknown[] | undefined;
}
const building = new AsyncLocalStorage<Ran[]>();
/** The unpatched `query` of each database whose statements are recorded. */
const unrecorded = new WeakMap<Queryable, Queryable['query']>();

/** From now on, statements run on `db` inside a build are recorded; the original `query`. */
function recording(db: Queryable): Queryable['query'] {
  const known = unrecorded.get(db);
  if (known) return known;
  const query = db.query.bind(db) as Queryable['query'];
  unrecorded.set(db, query);
  db.query = (<R>(sql: string, params?: unknown[]) => {
    building.getStore()?.push({ sql, params });
    return query<R>(sql, params);
  }) as Queryable['query'];
  return query;
}

/** `schema.table` of every table a plan (EXPLAIN VERBOSE, FORMAT JSON) reads. */
function planTables(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const n of node) planTables(n, into);
  else if (node && typeof node === 'object') {
    const n = node as Record<string, unknown>;
    if (typeof n['Relation Name'] === 'string') into.add(`${String(n.Schema)}.${n['Relation Name']}`);
    for (const [k, v] of Object.entries(n)) if (k === 'Plan' || k === 'Plans') planTables(v, into);
  }
  return into;
}

/**
 * The tables whose changes move `schema`'s generation: those `watch_list_changes` gave a
 * `<table>_list_changed` trigger, the generation's own table, and those a row trigger of a watched
 * table writes (named in its function or arguments: the kept counts of decision 0027), which change
 * only inside a statement that moves the generation already.
 */
async function watchedTables(query: Queryable['query'], schema: string): Promise<Set<string>> {
  const triggers = await query<{ tbl: string; tgname: string; row: boolean; def: string; src: string }>(
    `SELECT c.relname AS tbl, g.tgname, (g.tgtype & 1) = 1 AS row, pg_get_triggerdef(g.oid) AS def, p.prosrc AS src
       FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_proc p ON p.oid = g.tgfoid
      WHERE n.nspname = $1 AND NOT g.tgisinternal`,
    [schema],
  );
  const watched = new Set(
    triggers.rows.filter((t) => t.tgname === `${t.tbl}_list_changed`).map((t) => `${schema}.${t.tbl}`),
  );
  const allowed = new Set([...watched, `${schema}.list_changes`]);
  const inSource = new RegExp(`\\b${schema}\\.(\\w+)`, 'g');
  for (const t of triggers.rows)
    if (t.row && watched.has(`${schema}.${t.tbl}`)) {
      for (const m of t.src.matchAll(inSource)) allowed.add(`${schema}.${m[1]}`);
      // The trigger's arguments, e.g. count_by_project_and_status('indent_counts').
      for (const m of t.def.slice(t.def.indexOf('EXECUTE')).matchAll(/'(\w+)'/g))
        allowed.add(`${schema}.${m[1]}`);
    }
  return allowed;
}

/**
 * Refuse an answer built from a table whose writes do not move the generation: the tables a
 * statement reads come from PostgreSQL's plan of it, the watched ones from the database's triggers
 * (`watchedTables`). Tests run it (NODE_ENV=test), so a list that starts reading a table its
 * service's migrations do not watch fails its first test instead of being served stale.
 * (A table read inside a PL/pgSQL function is not in the plan: the kit's lists read none.)
 */
async function checkWatched(query: Queryable['query'], schema: string, key: string, ran: Ran[]) {
  const allowed = await watchedTables(query, schema);
  for (const { sql, params } of ran) {
    if (!/^\s*(select|with)\b/i.test(sql)) continue;
    const plan = await query<Record<string, unknown>>(`EXPLAIN (VERBOSE, FORMAT JSON) ${sql}`, params);
    const tables = planTables(Object.values(plan.rows[0]!)[0], new Set());
    const unwatched = [...tables].filter((t) => !allowed.has(t));
    if (unwatched.length > 0)
      throw new Error(
        `answer '${key}' reads ${unwatched.join(', ')}, whose writes do not move ${schema}'s generation: ` +
          `name it in a migration's ${schema}.watch_list_changes`,
      );
  }
}

export interface AnswersCacheOptions {
  /** Most bytes kept over all answers (default 32 MiB). */
  maxBytes?: number;
  /** Check that every table an answer reads is watched (default: with NODE_ENV=test). */
  checkWatched?: boolean;
}

/**
 * A service's kept answers by data generation (decision 0019, the one answer cache of every
 * service, decision 0049): a request reads the generation (one small query) and is served the kept
 * answer when it was built at that generation; otherwise the answer is built and kept under the
 * generation it saw. Its builder reads that in the answer's own query (same snapshot) or takes the
 * one read just before (`build`'s argument): every later commit to a watched table moves it, so an
 * answer kept under it is served only while nothing it read has changed. Access is checked before:
 * the key names everything that shapes the answer, an Employee's projects included. The tables the
 * answers are built from are named by the service's migration (watch_list_changes); tests refuse an
 * answer that reads one not named there (checkWatched).
 */
export function answersCache(schema: string, opts: AnswersCacheOptions = {}) {
  const cache = new AnswerCache<unknown>({ maxBytes: opts.maxBytes ?? 32 * 1024 * 1024 });
  const check = opts.checkWatched ?? process.env.NODE_ENV === 'test';
  /** `build`'s answer; with the check on, refused when it read a table that is not watched. */
  async function built<X>(db: Queryable, key: string, build: () => Promise<X>): Promise<X> {
    if (!check) return build();
    const query = recording(db);
    const ran: Ran[] = [];
    const answer = await building.run(ran, build);
    await checkWatched(query, schema, key, ran);
    return answer;
  }
  return {
    cache,
    /** The kept answer for `key`, or `build`'s (then kept). Null when `build` finds nothing (not kept). */
    async answer<X>(
      db: Queryable,
      key: string,
      build: (generation: string) => Promise<BuiltAnswer<X> | null>,
    ): Promise<{ text: string; extra: X } | null> {
      const now = await currentGeneration(db, schema);
      const kept = cache.get(key, now);
      if (kept) return kept as { text: string; extra: X };
      const answer = await built(db, key, () => build(now));
      if (!answer) return null;
      cache.set(key, answer.generation, answer.text, answer.extra);
      return answer;
    },
  };
}
export type AnswersCache = ReturnType<typeof answersCache>;

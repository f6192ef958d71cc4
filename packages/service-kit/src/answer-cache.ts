/**
 * Answers (JSON text) kept per key for one generation of the data they were built from. The
 * generation is read from the database (a value that changes with every committed write the answers
 * depend on, read in the same snapshot as the answer when it is built); an answer is served again
 * only while the database still says the same generation, so it is never staler than a fresh read.
 * Bounded by bytes, least recently used first out. Decision 0019 says when a service uses one.
 */
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

/** An answer as its builder made it: JSON text, what else the route needs (a total), and the generation it saw. */
export interface BuiltAnswer<X> {
  text: string;
  extra: X;
  generation: string;
}

/**
 * A service's kept answers by data generation (decision 0019): a request reads the generation (one
 * small query) and is served the kept answer when it was built at that generation; otherwise the
 * answer is built with the generation read in the same query (same snapshot) and kept. Access is
 * checked before: the key names everything that shapes the answer, an Employee's projects included.
 * The tables the answers are built from are named by the service's migration (watch_list_changes).
 */
export function answersCache(schema: string, maxBytes = 32 * 1024 * 1024) {
  const cache = new AnswerCache<unknown>({ maxBytes });
  const sql = `SELECT ${generationSql(schema)} AS g`;
  return {
    cache,
    /** The kept answer for `key`, or `build`'s (then kept). Null when `build` finds nothing (not kept). */
    async answer<X>(
      db: Queryable,
      key: string,
      build: () => Promise<BuiltAnswer<X> | null>,
    ): Promise<{ text: string; extra: X } | null> {
      const now = (await db.query<{ g: string }>(sql)).rows[0]!.g;
      const kept = cache.get(key, now);
      if (kept) return kept as { text: string; extra: X };
      const built = await build();
      if (!built) return null;
      cache.set(key, built.generation, built.text, built.extra);
      return built;
    },
  };
}
export type AnswersCache = ReturnType<typeof answersCache>;

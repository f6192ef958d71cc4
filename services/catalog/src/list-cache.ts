/**
 * Answers to item-list and stats queries (a keyword search scans 100,000 names), kept while the
 * item data is unchanged. Every item write, on any instance, moves the `list_generation` row in
 * its own transaction; a request reads it (one cheap query) and drops the cache when it moved.
 * Entries also expire after `maxAgeMs`, which only bounds memory held by rarely asked answers.
 */
import type { Queryable } from '@erp/service-kit';

export class ListCache {
  private generation = -1;
  private readonly entries = new Map<string, { at: number; value: unknown }>();

  constructor(
    private readonly schema: string,
    private readonly maxEntries = 500,
    private readonly maxAgeMs = 60_000,
  ) {}

  /** The current generation, read from the database; a moved generation drops every entry. */
  async current(db: Queryable): Promise<number> {
    const g = await readGeneration(db, this.schema);
    if (g !== this.generation) {
      this.entries.clear();
      this.generation = g;
    }
    return g;
  }

  /** The cached answer for `key`, or `load`'s. */
  async get<T>(db: Queryable, key: string, load: () => Promise<T>): Promise<T> {
    return this.at(await this.current(db), key, load);
  }

  /** As `get`, with the generation just read by `current`. */
  async at<T>(g: number, key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.generation === g ? this.entries.get(key) : undefined;
    if (hit && Date.now() - hit.at <= this.maxAgeMs) return hit.value as T;
    const value = await load();
    // Read before the query: a write committed meanwhile has moved past g and the next request clears this.
    if (this.generation === g) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { at: Date.now(), value });
    }
    return value;
  }
}

export async function readGeneration(db: Queryable, schema: string): Promise<number> {
  const res = await db.query<{ g: number }>(`SELECT generation::int AS g FROM ${schema}.list_generation`);
  return res.rows[0]!.g;
}

/**
 * Inside the transaction that changes items or prices, as its last statement (the row stays
 * locked until commit, so concurrent item writes queue only for that moment).
 */
export async function bumpGeneration(tx: Queryable, schema: string): Promise<void> {
  await tx.query(`UPDATE ${schema}.list_generation SET generation = generation + 1 WHERE id = 1`);
}

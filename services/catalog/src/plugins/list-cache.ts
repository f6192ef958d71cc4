/**
 * Answers to item-list and stats queries (a keyword search scans 100,000 names), kept while the
 * item data is unchanged. Every item write, on any instance, moves the `list_generation` row in
 * its own transaction; a request reads it (one cheap query) and drops the cache when it moved.
 * Entries also expire after `maxAgeMs`. The oldest entries go first when there are more than
 * `maxEntries` or their text passes `maxChars` (a page of 100 items is ~90,000 characters; churning
 * through hundreds of those cost more in garbage collection than answering them again).
 */
import type { Queryable } from '@erp/service-kit';

export class ListCache {
  private generation = -1;
  private readonly entries = new Map<string, { at: number; value: unknown; chars: number }>();
  private chars = 0;

  constructor(
    private readonly schema: string,
    private readonly maxEntries = 500,
    private readonly maxAgeMs = 60_000,
    private readonly maxChars = 4_000_000,
  ) {}

  /** The current generation, read from the database; a moved generation drops every entry. */
  async current(db: Queryable): Promise<number> {
    const g = await readGeneration(db, this.schema);
    if (g !== this.generation) {
      this.entries.clear();
      this.chars = 0;
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
      this.drop(key);
      const chars = typeof value === 'string' ? value.length : 0;
      while (
        this.entries.size > 0 &&
        (this.entries.size >= this.maxEntries || this.chars + chars > this.maxChars)
      )
        this.drop(this.entries.keys().next().value!);
      this.entries.set(key, { at: Date.now(), value, chars });
      this.chars += chars;
    }
    return value;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.chars;
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

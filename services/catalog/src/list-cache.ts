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

  async get<T>(db: Queryable, key: string, load: () => Promise<T>): Promise<T> {
    const res = await db.query<{ g: number }>(`SELECT generation::int AS g FROM ${this.schema}.list_generation`);
    const g = res.rows[0]!.g;
    if (g !== this.generation) {
      this.entries.clear();
      this.generation = g;
    }
    const hit = this.entries.get(key);
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

/**
 * Inside the transaction that changes items or prices, as its last statement (the row stays
 * locked until commit, so concurrent item writes queue only for that moment).
 */
export async function bumpGeneration(tx: Queryable, schema: string): Promise<void> {
  await tx.query(`UPDATE ${schema}.list_generation SET generation = generation + 1 WHERE id = 1`);
}

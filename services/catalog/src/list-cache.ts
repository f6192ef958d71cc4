/**
 * Answers to item-list and stats queries (a keyword search scans 100,000 names), kept while the
 * item data is unchanged. Every committed item write, on any instance, bumps the
 * `items_generation` sequence; a request reads it (one cheap query) and drops the cache when it
 * moved. Entries also expire after `maxAgeMs`, bounding the damage of a bump lost to a crash.
 */
import type { Queryable } from '@erp/service-kit';

export class ListCache {
  private generation = -1;
  private readonly entries = new Map<string, { at: number; value: unknown }>();

  constructor(
    private readonly schema: string,
    private readonly maxEntries = 500,
    private readonly maxAgeMs = 5000,
  ) {}

  async get<T>(db: Queryable, key: string, load: () => Promise<T>): Promise<T> {
    const res = await db.query<{ g: number }>(`SELECT CASE WHEN is_called THEN last_value ELSE 0 END::int AS g FROM ${this.schema}.items_generation`);
    const g = res.rows[0]!.g;
    if (g !== this.generation) {
      this.entries.clear();
      this.generation = g;
    }
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at <= this.maxAgeMs) return hit.value as T;
    const value = await load();
    // Read before the query: a write committed meanwhile has bumped past g and the next request clears this.
    if (this.generation === g) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { at: Date.now(), value });
    }
    return value;
  }
}

/** After a commit that changed items or prices (never inside the transaction: see ListCache). */
export async function bumpGeneration(db: Queryable, schema: string): Promise<void> {
  await db.query(`SELECT nextval('${schema}.items_generation')`);
}

/**
 * Answers of the project list, the BOQ list and a BOQ's page kept for the generation of the data
 * they were built from (decision 0019; migration 005): a request reads the generation (one small
 * query), and is served the kept answer when it was built at that generation; otherwise the answer
 * is built with the generation read in the same query (same snapshot) and kept. Access is checked
 * before: the key names everything that shapes the answer, an Employee's projects included.
 */
import { AnswerCache, type Queryable } from '@erp/service-kit';

/** The generation as the answer's own query reads it (same snapshot as the answer). */
export const generationSql = (schema: string) => `(SELECT coalesce(sum(weight), 0)::text FROM ${schema}.list_changes)`;

export interface Built<X> {
  text: string;
  extra: X;
  generation: string;
}

export function answersCache(schema: string, maxBytes = 32 * 1024 * 1024) {
  const cache = new AnswerCache<unknown>({ maxBytes });
  const sql = `SELECT ${generationSql(schema)} AS g`;
  return {
    cache,
    /** The kept answer for `key`, or `build`'s (then kept). Null when `build` finds nothing (not kept). */
    async answer<X>(db: Queryable, key: string, build: () => Promise<Built<X> | null>): Promise<{ text: string; extra: X } | null> {
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

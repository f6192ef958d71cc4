import type { ItemUpsertedData } from '@erp/contracts';
import type { Queryable } from './db/types.js';
import { isUuid } from './validation.js';

/**
 * The catalog's items as a service keeps them (`<schema>.item_snapshots`: item_id, name, unit,
 * status, version): the newest version of each of `items` (an item id that is not an id is passed
 * over). Answers those it stored or changed.
 */
export async function upsertItemSnapshots(
  schema: string,
  db: Queryable,
  items: readonly ItemUpsertedData[],
): Promise<{ valid: ItemUpsertedData[]; stored: number }> {
  const valid = items.filter((i) => isUuid(i.itemId));
  if (valid.length === 0) return { valid, stored: 0 };
  const res = await db.query(
    `INSERT INTO ${schema}.item_snapshots AS s (item_id, name, unit, status, version)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[])
     ON CONFLICT (item_id) DO UPDATE SET name = excluded.name, unit = excluded.unit, status = excluded.status, version = excluded.version
       WHERE s.version < excluded.version`,
    [
      valid.map((i) => i.itemId),
      valid.map((i) => i.name),
      valid.map((i) => i.unit),
      valid.map((i) => i.status),
      valid.map((i) => i.version),
    ],
  );
  return { valid, stored: res.rowCount ?? 0 };
}

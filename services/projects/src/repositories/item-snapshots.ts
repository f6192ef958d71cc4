/** The item master as the catalog announces it (item_snapshots): what BOQ lines may name and show. */
import type { ItemUpsertedData } from '@erp/contracts';
import { upsertItemSnapshots, type Queryable } from '@erp/service-kit';
import type { SnapshotRow } from '../domain/boq-import.js';

/** Keep the newest version of each item; answers how many were stored or changed. */
export async function upsertItems(schema: string, db: Queryable, items: ItemUpsertedData[]): Promise<number> {
  return (await upsertItemSnapshots(schema, db, items)).stored;
}

export async function itemsEmpty(schema: string, db: Queryable): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM ${schema}.item_snapshots LIMIT 1`)).rows.length === 0;
}

/** Ids of these items that the item snapshots do not know. */
export async function unknownItems(schema: string, db: Queryable, itemIds: string[]): Promise<Set<string>> {
  const unique = [...new Set(itemIds)];
  if (unique.length === 0) return new Set();
  const res = await db.query<{ item_id: string }>(
    `SELECT item_id FROM ${schema}.item_snapshots WHERE item_id = ANY($1::uuid[])`,
    [unique],
  );
  const known = new Set(res.rows.map((r) => r.item_id));
  return new Set(unique.filter((id) => !known.has(id)));
}

/** The snapshots a file names, by lower-case name or by id: one query whatever the file's size. */
export async function snapshotsNamed(
  schema: string,
  db: Queryable,
  names: string[],
  ids: string[],
): Promise<SnapshotRow[]> {
  if (names.length === 0 && ids.length === 0) return [];
  const res = await db.query<SnapshotRow>(
    `SELECT item_id, name, unit, status, name_key FROM ${schema}.item_snapshots WHERE name_key = ANY($1::text[]) OR item_id = ANY($2::uuid[])`,
    [names, ids],
  );
  return res.rows;
}

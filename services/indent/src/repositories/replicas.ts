/**
 * The replicas of other services' records, written from their events only (ARCHITECTURE: no
 * service reads another's tables). Each write is idempotent and order-proof: the newest version
 * wins, consumption totals keep the largest, a PO is recorded once.
 */
import {
  toHundredths,
  toPaise,
  type BoqUpsertedData,
  type ItemUpsertedData,
  type PoCreatedData,
  type PoStatusChangedData,
  type ProjectUpsertedData,
  type VendorUpsertedData,
} from '@erp/contracts';
import { isUuid, upsertItemSnapshots, type Queryable } from '@erp/service-kit';

/** The project kept if the event is newer; true when its code or name changed (or it is new). */
export async function upsertProject(schema: string, tx: Queryable, p: ProjectUpsertedData): Promise<boolean> {
  // The location only when the event carries it (one announced before it was carried keeps what is known).
  const res = await tx.query<{ renamed: boolean }>(
    `WITH old AS (SELECT project_code, name FROM ${schema}.project_snapshots WHERE project_id = $1)
     INSERT INTO ${schema}.project_snapshots AS s (project_id, project_code, name, status, version, location) VALUES ($1, $2, $3, $4, $5, coalesce($6, ''))
     ON CONFLICT (project_id) DO UPDATE SET project_code = excluded.project_code, name = excluded.name, status = excluded.status, version = excluded.version,
       location = CASE WHEN $6::text IS NULL THEN s.location ELSE excluded.location END
       WHERE s.version < excluded.version
     RETURNING NOT EXISTS (SELECT 1 FROM old WHERE old.project_code = $2 AND old.name = $3) AS renamed`,
    [p.projectId, p.projectCode, p.name, p.status, p.version, p.location ?? null],
  );
  return res.rows[0]?.renamed ?? false;
}

/** The BOQ revision kept if the event is newer; true when it was. */
export async function upsertBoq(schema: string, tx: Queryable, b: BoqUpsertedData): Promise<boolean> {
  const res = await tx.query(
    `INSERT INTO ${schema}.boq_snapshots AS s (boq_id, boq_number, revision, project_id, name, status, version) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (boq_id) DO UPDATE SET boq_number = excluded.boq_number, revision = excluded.revision, project_id = excluded.project_id,
       name = excluded.name, status = excluded.status, version = excluded.version
       WHERE s.version < excluded.version
     RETURNING boq_id`,
    [b.boqId, b.boqNumber, b.revision, b.projectId, b.name, b.status, b.version],
  );
  return res.rows.length > 0;
}

/** The BOQ revision's planned quantities per item, replaced. */
export async function replaceBoqLines(
  schema: string,
  tx: Queryable,
  boqId: string,
  planned: ReadonlyMap<string, number>,
): Promise<void> {
  await tx.query(`DELETE FROM ${schema}.boq_line_snapshots WHERE boq_id = $1`, [boqId]);
  if (planned.size === 0) return;
  await tx.query(
    `INSERT INTO ${schema}.boq_line_snapshots (boq_id, item_id, planned_hundredths) SELECT $1, * FROM unnest($2::uuid[], $3::bigint[])`,
    [boqId, [...planned.keys()], [...planned.values()]],
  );
}

/** Each item's consumption before and after (the largest total wins: it only grows); only the items it changed. */
export async function upsertConsumption(
  schema: string,
  tx: Queryable,
  boqNumber: string,
  lines: ReadonlyArray<{ itemId: string; consumedQty: number }>,
): Promise<Array<{ itemId: string; before: number; after: number }>> {
  const changed = await tx.query<{ item_id: string; before: number; after: number }>(
    `WITH old AS (SELECT item_id, consumed_hundredths FROM ${schema}.boq_consumed WHERE boq_number = $1 AND item_id = ANY($2::uuid[])),
          up AS (INSERT INTO ${schema}.boq_consumed AS c (boq_number, item_id, consumed_hundredths) SELECT $1, * FROM unnest($2::uuid[], $3::bigint[])
                 ON CONFLICT (boq_number, item_id) DO UPDATE SET consumed_hundredths = greatest(c.consumed_hundredths, excluded.consumed_hundredths)
                 RETURNING item_id, consumed_hundredths)
     SELECT up.item_id, coalesce(old.consumed_hundredths, 0) AS before, up.consumed_hundredths AS after
       FROM up LEFT JOIN old ON old.item_id = up.item_id
      WHERE up.consumed_hundredths IS DISTINCT FROM old.consumed_hundredths`,
    [boqNumber, lines.map((l) => l.itemId), lines.map((l) => toHundredths(l.consumedQty))],
  );
  return changed.rows.map((r) => ({ itemId: r.item_id, before: Number(r.before), after: Number(r.after) }));
}

/** An item's prices replaced, when the event is at least as new as the prices kept (an older event's are stale). */
async function replacePrices(schema: string, tx: Queryable, item: ItemUpsertedData): Promise<void> {
  const taken = await tx.query(
    `UPDATE ${schema}.item_snapshots SET prices_version = $2 WHERE item_id = $1 AND prices_version < $2 RETURNING item_id`,
    [item.itemId, item.version],
  );
  if (taken.rows.length === 0) return;
  const prices = (item.prices ?? []).filter((p) => isUuid(p.vendorId));
  await tx.query(`DELETE FROM ${schema}.item_prices WHERE item_id = $1`, [item.itemId]);
  if (prices.length === 0) return;
  await tx.query(
    `INSERT INTO ${schema}.item_prices (item_id, vendor_id, price_paise, gst_paise, status)
     SELECT $1, * FROM unnest($2::uuid[], $3::bigint[], $4::bigint[], $5::text[])
     ON CONFLICT (item_id, vendor_id) DO UPDATE SET price_paise = excluded.price_paise, gst_paise = excluded.gst_paise, status = excluded.status`,
    [
      item.itemId,
      prices.map((p) => p.vendorId),
      prices.map((p) => toPaise(p.price)),
      prices.map((p) => toPaise(p.gst)),
      prices.map((p) => p.status),
    ],
  );
}

export async function upsertItems(
  tx: Queryable,
  schema: string,
  items: readonly ItemUpsertedData[],
): Promise<void> {
  const { valid } = await upsertItemSnapshots(schema, tx, items);
  // Prices only from an event at least as new as the prices kept (an older event's are stale).
  for (const item of valid.filter((i) => i.prices !== undefined)) await replacePrices(schema, tx, item);
}

export async function upsertVendor(schema: string, tx: Queryable, v: VendorUpsertedData): Promise<void> {
  await tx.query(
    `INSERT INTO ${schema}.vendor_snapshots AS s (vendor_id, name, status, version) VALUES ($1, $2, $3, $4)
     ON CONFLICT (vendor_id) DO UPDATE SET name = excluded.name, status = excluded.status, version = excluded.version WHERE s.version < excluded.version`,
    [v.vendorId, v.name, v.status, v.version],
  );
}

export async function upsertPoStatus(schema: string, tx: Queryable, po: PoStatusChangedData): Promise<void> {
  await tx.query(
    `INSERT INTO ${schema}.po_statuses AS s (po_id, status, version) VALUES ($1, $2, $3)
     ON CONFLICT (po_id) DO UPDATE SET status = excluded.status, version = excluded.version WHERE s.version < excluded.version`,
    [po.poId, po.status, po.version],
  );
}

/** The PO on the indent's list and, when it is new there, the indent's count: one statement. */
export async function addPo(schema: string, tx: Queryable, po: PoCreatedData): Promise<void> {
  await tx.query(
    `WITH added AS (
       INSERT INTO ${schema}.indent_pos (po_id, indent_id, po_number, vendor_id, vendor_name, item_count, amount_paise, status, order_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (po_id) DO NOTHING RETURNING indent_id
     )
     UPDATE ${schema}.indents SET po_count = po_count + 1 WHERE id IN (SELECT indent_id FROM added)`,
    [
      po.poId,
      po.indentId,
      po.poNumber,
      po.vendorId,
      po.vendorName,
      po.itemCount,
      toPaise(po.amount),
      po.status,
      po.orderDate,
    ],
  );
}

/** Vendor snapshots (fed only by erp.vendors.vendor_updated.v1) and the per-vendor event sequence. */
import type { VendorUpsertedData } from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';
import type { VendorInfo, VendorStatus } from '../domain/plan.js';

interface SnapshotRow {
  vendor_id: string;
  display_id: string;
  name: string;
  status: VendorStatus;
}

const toInfo = (r: SnapshotRow): VendorInfo => ({
  vendorId: r.vendor_id,
  displayId: r.display_id,
  name: r.name,
  status: r.status,
});

/** Keep the newest version of a vendor; returns true when the snapshot changed. */
export async function upsert(s: string, tx: Queryable, v: VendorUpsertedData): Promise<boolean> {
  const res = await tx.query(
    `INSERT INTO ${s}.vendor_snapshots (vendor_id, display_id, name, status, version) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (vendor_id) DO UPDATE SET display_id = EXCLUDED.display_id, name = EXCLUDED.name, status = EXCLUDED.status,
       version = EXCLUDED.version, updated_at = now()
     WHERE ${s}.vendor_snapshots.version < EXCLUDED.version
     RETURNING vendor_id`,
    [v.vendorId, v.displayId, v.name, v.status, v.version],
  );
  return res.rows.length > 0;
}

export async function byIds(s: string, db: Queryable, ids: string[]): Promise<Map<string, VendorInfo>> {
  if (ids.length === 0) return new Map();
  const res = await db.query<SnapshotRow>(
    `SELECT vendor_id, display_id, name, status FROM ${s}.vendor_snapshots WHERE vendor_id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(res.rows.map((r) => [r.vendor_id, toInfo(r)]));
}

export async function all(s: string, db: Queryable): Promise<VendorInfo[]> {
  const res = await db.query<SnapshotRow>(
    `SELECT vendor_id, display_id, name, status FROM ${s}.vendor_snapshots`,
  );
  return res.rows.map(toInfo);
}

/** The next event sequence of each vendor (sorted ids, at least one each), taken in the caller's transaction. */
export async function nextSequences(
  s: string,
  tx: Queryable,
  ids: string[],
): Promise<Array<{ vendor_id: string; sequence: number }>> {
  const res = await tx.query<{ vendor_id: string; sequence: number }>(
    `INSERT INTO ${s}.vendor_item_seq AS q (vendor_id, sequence) SELECT unnest($1::uuid[]), 1
     ON CONFLICT (vendor_id) DO UPDATE SET sequence = q.sequence + 1
     RETURNING vendor_id, sequence`,
    [ids],
  );
  return res.rows;
}

/** Each vendor's count of active prices on active items (vendors without any are absent). */
export async function activeItemCounts(
  s: string,
  tx: Queryable,
  ids: string[],
): Promise<Map<string, number>> {
  const counts = await tx.query<{ vendor_id: string; n: number }>(
    `SELECT p.vendor_id, count(*)::int AS n FROM ${s}.vendor_prices p JOIN ${s}.items i ON i.id = p.item_id
      WHERE p.vendor_id = ANY($1::uuid[]) AND p.status = 'active' AND i.status = 'active' GROUP BY p.vendor_id`,
    [ids],
  );
  return new Map(counts.rows.map((r) => [r.vendor_id, r.n]));
}

/** The vendor queries of one schema. */
export function vendorsRepository(schema: string) {
  return {
    upsert: upsert.bind(null, schema),
    byIds: byIds.bind(null, schema),
    all: all.bind(null, schema),
    nextSequences: nextSequences.bind(null, schema),
    activeItemCounts: activeItemCounts.bind(null, schema),
  };
}

export type VendorsRepository = ReturnType<typeof vendorsRepository>;

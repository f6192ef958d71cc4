/** Vendor snapshots (fed only by erp.vendors.vendor_updated.v1) and the per-vendor event sequence. */
import { VendorItemsChanged, type VendorUpsertedData } from '@erp/contracts';
import type { EventMeta, Queryable, ServiceContext } from '@erp/service-kit';
import type { VendorInfo, VendorStatus } from '../plan.js';

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

export function vendorsRepository(schema: string) {
  const s = schema;
  return {
    /** Keep the newest version of a vendor; returns true when the snapshot changed. */
    async upsert(tx: Queryable, v: VendorUpsertedData): Promise<boolean> {
      const res = await tx.query(
        `INSERT INTO ${s}.vendor_snapshots (vendor_id, display_id, name, status, version) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (vendor_id) DO UPDATE SET display_id = EXCLUDED.display_id, name = EXCLUDED.name, status = EXCLUDED.status,
           version = EXCLUDED.version, updated_at = now()
         WHERE ${s}.vendor_snapshots.version < EXCLUDED.version
         RETURNING vendor_id`,
        [v.vendorId, v.displayId, v.name, v.status, v.version],
      );
      return res.rows.length > 0;
    },

    async byIds(db: Queryable, ids: string[]): Promise<Map<string, VendorInfo>> {
      if (ids.length === 0) return new Map();
      const res = await db.query<SnapshotRow>(
        `SELECT vendor_id, display_id, name, status FROM ${s}.vendor_snapshots WHERE vendor_id = ANY($1::uuid[])`,
        [ids],
      );
      return new Map(res.rows.map((r) => [r.vendor_id, toInfo(r)]));
    },

    async all(db: Queryable): Promise<VendorInfo[]> {
      const res = await db.query<SnapshotRow>(
        `SELECT vendor_id, display_id, name, status FROM ${s}.vendor_snapshots`,
      );
      return res.rows.map(toInfo);
    },

    /**
     * erp.catalog.vendor_items_changed.v1 for each vendor whose set of active items changed, in
     * the caller's transaction: the next sequence of the vendor and its active item count.
     */
    async announce(
      tx: Queryable,
      ctx: Pick<ServiceContext, 'emit'>,
      vendorIds: Iterable<string>,
      meta: EventMeta = {},
    ): Promise<void> {
      const ids = [...new Set(vendorIds)].sort();
      if (ids.length === 0) return;
      const res = await tx.query<{ vendor_id: string; sequence: number }>(
        `INSERT INTO ${s}.vendor_item_seq AS q (vendor_id, sequence) SELECT unnest($1::uuid[]), 1
         ON CONFLICT (vendor_id) DO UPDATE SET sequence = q.sequence + 1
         RETURNING vendor_id, sequence`,
        [ids],
      );
      const counts = await tx.query<{ vendor_id: string; n: number }>(
        `SELECT p.vendor_id, count(*)::int AS n FROM ${s}.vendor_prices p JOIN ${s}.items i ON i.id = p.item_id
          WHERE p.vendor_id = ANY($1::uuid[]) AND p.status = 'active' AND i.status = 'active' GROUP BY p.vendor_id`,
        [ids],
      );
      const n = new Map(counts.rows.map((r) => [r.vendor_id, r.n]));
      for (const r of res.rows.sort((a, b) => a.vendor_id.localeCompare(b.vendor_id))) {
        await ctx.emit(
          tx,
          VendorItemsChanged,
          { vendorId: r.vendor_id, activeItems: n.get(r.vendor_id) ?? 0, sequence: r.sequence },
          meta,
        );
      }
    },
  };
}

export type VendorsRepository = ReturnType<typeof vendorsRepository>;

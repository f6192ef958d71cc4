/**
 * The POs as the vendor counts keep them (vendor_pos, migration 003): one row per PO with its
 * vendor (null until its created event) and its newest status by version, and the counts kept on
 * the vendors table.
 */
import type { Queryable } from '@erp/service-kit';
import type { PoStatus, VendorPo } from '../domain/po-counts.js';

/**
 * The PO's row, locked until the transaction ends; null while it is the placeholder that counts
 * for nobody. The row exists first (the placeholder), then is locked: two events about one PO
 * handled at once (two instances) take turns here.
 */
export async function lockVendorPo(tx: Queryable, schema: string, poId: string): Promise<VendorPo | null> {
  await tx.query(
    `INSERT INTO ${schema}.vendor_pos (po_id, vendor_id, status, version) VALUES ($1, NULL, 'Open', 0) ON CONFLICT (po_id) DO NOTHING`,
    [poId],
  );
  const res = await tx.query<{ vendor_id: string | null; status: PoStatus; version: number }>(
    `SELECT vendor_id, status, version FROM ${schema}.vendor_pos WHERE po_id = $1 FOR UPDATE`,
    [poId],
  );
  const row = res.rows[0]!;
  return row.version === 0 && row.vendor_id === null
    ? null
    : { vendorId: row.vendor_id, status: row.status, version: row.version };
}

export async function saveVendorPo(tx: Queryable, schema: string, poId: string, po: VendorPo): Promise<void> {
  await tx.query(
    `UPDATE ${schema}.vendor_pos SET vendor_id = $2, status = $3, version = $4 WHERE po_id = $1`,
    [poId, po.vendorId, po.status, po.version],
  );
}

/** Moves the vendor's kept PO counts by a difference. Returns whether the vendor's row was there. */
export async function moveVendorPoCounts(
  tx: Queryable,
  schema: string,
  vendorId: string,
  move: { total: number; open: number },
): Promise<boolean> {
  const upd = await tx.query(
    `UPDATE ${schema}.vendors SET total_po = total_po + $2, open_po = open_po + $3 WHERE id = $1`,
    [vendorId, move.total, move.open],
  );
  return upd.rowCount > 0;
}

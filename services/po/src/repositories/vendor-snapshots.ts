/**
 * What a printed PO shows of its vendor, kept from the vendors service's erp.vendors.vendor_updated.v1
 * (newest version wins, whatever order events arrive in).
 */
import type { VendorUpsertedData } from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';

/** Keep the vendor's announced details unless a newer version is kept already. */
export async function upsertVendorSnapshot(
  schema: string,
  tx: Queryable,
  v: VendorUpsertedData,
): Promise<void> {
  await tx.query(
    `INSERT INTO ${schema}.vendor_snapshots AS s (vendor_id, name, address, gstin, phone, email, version) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (vendor_id) DO UPDATE SET name = excluded.name, address = excluded.address, gstin = excluded.gstin, phone = excluded.phone,
       email = excluded.email, version = excluded.version
     WHERE s.version < excluded.version`,
    [v.vendorId, v.name, v.address ?? '', v.gstin ?? '', v.phoneNumber ?? '', v.email ?? '', v.version],
  );
}

/** The vendor's details for a printed PO; null when the vendors service has not announced them. */
export async function vendorDetails(db: Queryable, schema: string, vendorId: string) {
  const res = await db.query<{ name: string; address: string; gstin: string; phone: string; email: string }>(
    `SELECT name, address, gstin, phone, email FROM ${schema}.vendor_snapshots WHERE vendor_id = $1`,
    [vendorId],
  );
  return res.rows[0] ?? null;
}

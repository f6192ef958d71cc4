/** An indent's fleet (transport) costs per vendor, set by the approver. */
import type { Queryable } from '@erp/service-kit';

export interface FleetInput {
  vendorId: string;
  vendorName: string;
  amountPaise: number;
  gstPaise: number;
  free: boolean;
}

export async function fleet(
  schema: string,
  db: Queryable,
  id: string,
): Promise<Map<string, { amountPaise: number; gstPaise: number; free: boolean }>> {
  const res = await db.query<{
    vendor_id: string;
    amount_paise: string;
    gst_paise: string;
    free: boolean;
  }>(
    `SELECT vendor_id, amount_paise::text, gst_paise::text, free FROM ${schema}.indent_fleet WHERE indent_id = $1`,
    [id],
  );
  return new Map(
    res.rows.map((r) => [
      r.vendor_id,
      { amountPaise: Number(r.amount_paise), gstPaise: Number(r.gst_paise), free: r.free },
    ]),
  );
}

/** One vendor's fleet cost on the indent, set or replaced. */
export async function saveFleet(schema: string, tx: Queryable, id: string, f: FleetInput): Promise<void> {
  await tx.query(
    `INSERT INTO ${schema}.indent_fleet (indent_id, vendor_id, vendor_name, amount_paise, gst_paise, free) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (indent_id, vendor_id) DO UPDATE SET vendor_name = excluded.vendor_name, amount_paise = excluded.amount_paise, gst_paise = excluded.gst_paise, free = excluded.free`,
    [id, f.vendorId, f.vendorName, f.amountPaise, f.gstPaise, f.free],
  );
}

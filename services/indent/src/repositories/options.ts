/**
 * The vendor options of an indent's lines (SPEC §2 "Compare detail", §3 "Vendor option"): every
 * active price of an item whose vendor is active, from the replicas the catalog's and the vendors
 * service's events keep. A blocked or inactive vendor, or an inactive price, is never offered.
 */
import type { Queryable } from '@erp/service-kit';
import { rankOptions, type OptionsByItem } from '../domain/options.js';

export type { OptionsByItem, PricedOption } from '../domain/options.js';

export async function optionsFor(
  db: Queryable,
  schema: string,
  itemIds: readonly string[],
): Promise<OptionsByItem> {
  const out: OptionsByItem = new Map(itemIds.map((id) => [id, []]));
  if (itemIds.length === 0) return out;
  const res = await db.query<{
    item_id: string;
    vendor_id: string;
    name: string;
    price_paise: string;
    gst_paise: string;
  }>(
    `SELECT p.item_id, p.vendor_id, v.name, p.price_paise::text, p.gst_paise::text
       FROM ${schema}.item_prices p JOIN ${schema}.vendor_snapshots v ON v.vendor_id = p.vendor_id
      WHERE p.item_id = ANY($1::uuid[]) AND p.status = 'active' AND v.status = 'active'`,
    [itemIds],
  );
  for (const r of res.rows) {
    out.get(r.item_id)?.push({
      vendorId: r.vendor_id,
      vendorName: r.name,
      pricePaise: Number(r.price_paise),
      gstPaise: Number(r.gst_paise),
      isLowest: false,
    });
  }
  return rankOptions(out);
}

/**
 * The vendor options of an indent's lines (SPEC §2 "Compare detail", §3 "Vendor option"): every
 * active price of an item whose vendor is active, from the replicas the catalog's and the vendors
 * service's events keep. A blocked or inactive vendor, or an inactive price, is never offered.
 * `pricesVersion` names the options exactly: a save made against other prices is refused (409).
 */
import { createHash } from 'node:crypto';
import { fromPaise, lowestOptions, unitTotal, type Paise, type VendorOption } from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';

export interface PricedOption {
  vendorId: string;
  vendorName: string;
  pricePaise: Paise;
  gstPaise: Paise;
  isLowest: boolean;
}

/** Options per item id, lowest total per unit first (then vendor name). */
export type OptionsByItem = Map<string, PricedOption[]>;

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
  for (const options of out.values()) {
    const lowest = lowestOptions(options);
    for (const o of options) o.isLowest = lowest.has(o);
    options.sort(
      (a, b) =>
        unitTotal(a.pricePaise, a.gstPaise) - unitTotal(b.pricePaise, b.gstPaise) ||
        a.vendorName.localeCompare(b.vendorName) ||
        a.vendorId.localeCompare(b.vendorId),
    );
  }
  return out;
}

/** The fingerprint of these options (which vendors, at which prices, for which items). */
export function pricesVersion(options: OptionsByItem): string {
  const hash = createHash('sha256');
  for (const itemId of [...options.keys()].sort()) {
    hash.update(itemId);
    for (const o of [...options.get(itemId)!].sort((a, b) => a.vendorId.localeCompare(b.vendorId)))
      hash.update(`|${o.vendorId}:${o.pricePaise}:${o.gstPaise}`);
    hash.update(';');
  }
  return hash.digest('hex').slice(0, 24);
}

export function toVendorOption(o: PricedOption): VendorOption {
  return {
    vendorId: o.vendorId,
    vendor: o.vendorId,
    vendorName: o.vendorName,
    price: fromPaise(o.pricePaise),
    gst: fromPaise(o.gstPaise),
    totalPrice: fromPaise(unitTotal(o.pricePaise, o.gstPaise)),
    isLowest: o.isLowest,
    status: 'active',
  };
}

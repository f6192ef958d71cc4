/**
 * The vendor options of an indent's lines (SPEC §2 "Compare detail", §3 "Vendor option"): each
 * item's active prices ranked lowest total per unit first, the lowest marked. `pricesVersion`
 * names the options exactly: a save made against other prices is refused (409).
 */
import { createHash } from 'node:crypto';
import { fromPaise, lowestOptions, unitTotal, type Paise, type VendorOption } from '@erp/contracts';

export interface PricedOption {
  vendorId: string;
  vendorName: string;
  pricePaise: Paise;
  gstPaise: Paise;
  isLowest: boolean;
}

/** Options per item id, lowest total per unit first (then vendor name). */
export type OptionsByItem = Map<string, PricedOption[]>;

/** Mark each item's lowest options and order them: lowest total per unit first, then vendor name and id. */
export function rankOptions(options: OptionsByItem): OptionsByItem {
  for (const itemOptions of options.values()) {
    const lowest = lowestOptions(itemOptions);
    for (const o of itemOptions) o.isLowest = lowest.has(o);
    itemOptions.sort(
      (a, b) =>
        unitTotal(a.pricePaise, a.gstPaise) - unitTotal(b.pricePaise, b.gstPaise) ||
        a.vendorName.localeCompare(b.vendorName) ||
        a.vendorId.localeCompare(b.vendorId),
    );
  }
  return options;
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

/** A save names the prices it was made against: any other fingerprint means they moved since. */
export function pricesMoved(options: OptionsByItem, seen: string | undefined): boolean {
  return seen !== undefined && seen !== pricesVersion(options);
}

/** The vendor's option for an item, if the vendor is offered for it. */
export function optionOf(options: OptionsByItem, itemId: string, vendorId: string): PricedOption | undefined {
  return (options.get(itemId) ?? []).find((x) => x.vendorId === vendorId);
}

/** The name of a vendor offered for at least one of the items, if any is. */
export function offeredVendorName(options: OptionsByItem, vendorId: string): string | undefined {
  return [...options.values()].flat().find((o) => o.vendorId === vendorId)?.vendorName;
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

/**
 * The PO preview's arithmetic (SPEC §9 "PO preview totals"), the one place it is done: the compare
 * and approval screens show it, the indent service checks it and the PO service totals its POs with
 * it. Integer paise and hundredths in, integer paise out.
 *
 * Per line: extended cost = unit price x quantity; extended GST = GST x quantity; grand total =
 * total price (price + GST) x quantity, each rounded to the paisa. Per vendor: final total = the
 * lines' grand totals + fleet cost + fleet GST (0 when the fleet is free). Overall: the sum of the
 * vendors' final totals.
 */
import {
  fromHundredths,
  fromPaise,
  lineAmount,
  sumPaise,
  unitTotal,
  type Hundredths,
  type Paise,
} from './money.js';

export interface PreviewLineInput {
  itemId: string;
  itemName: string;
  unit: string;
  quantity: Hundredths;
  vendorId: string;
  vendorName: string;
  pricePaise: Paise;
  gstPaise: Paise;
}

/**
 * A line as the approval's and the PO's events carry it (erp.indent.approved.v1, erp.po.created.v1):
 * the quantity in units, price and GST in rupees.
 */
export function eventLine(
  l: Pick<PreviewLineInput, 'itemId' | 'itemName' | 'unit' | 'quantity' | 'pricePaise' | 'gstPaise'>,
) {
  return {
    itemId: l.itemId,
    itemName: l.itemName,
    unit: l.unit,
    quantity: fromHundredths(l.quantity),
    price: fromPaise(l.pricePaise),
    gst: fromPaise(l.gstPaise),
  };
}

export interface FleetInput {
  amountPaise: Paise;
  gstPaise: Paise;
  free: boolean;
}

export interface PreviewLine extends PreviewLineInput {
  unitTotalPaise: Paise;
  extendedCostPaise: Paise;
  extendedGstPaise: Paise;
  grandTotalPaise: Paise;
}

export interface PreviewVendor {
  vendorId: string;
  vendorName: string;
  lines: PreviewLine[];
  costPaise: Paise;
  gstPaise: Paise;
  linesTotalPaise: Paise;
  fleetPaise: Paise;
  fleetGstPaise: Paise;
  finalTotalPaise: Paise;
}

export interface PoPreview {
  vendors: PreviewVendor[];
  totalPaise: Paise;
}

/** One line's extended amounts. */
export function previewLine(line: PreviewLineInput): PreviewLine {
  const unitTotalPaise = unitTotal(line.pricePaise, line.gstPaise);
  return {
    ...line,
    unitTotalPaise,
    extendedCostPaise: lineAmount(line.pricePaise, line.quantity),
    extendedGstPaise: lineAmount(line.gstPaise, line.quantity),
    grandTotalPaise: lineAmount(unitTotalPaise, line.quantity),
  };
}

/** A vendor's fleet as it counts: nothing when free. */
export function fleetPaise(fleet: FleetInput | undefined): { amountPaise: Paise; gstPaise: Paise } {
  if (!fleet || fleet.free) return { amountPaise: 0, gstPaise: 0 };
  return { amountPaise: fleet.amountPaise, gstPaise: fleet.gstPaise };
}

/** One vendor's PO totals from its lines and fleet. */
export function vendorTotals(
  vendorId: string,
  vendorName: string,
  lines: readonly PreviewLineInput[],
  fleet?: FleetInput,
): PreviewVendor {
  const priced = lines.map(previewLine);
  const f = fleetPaise(fleet);
  const linesTotalPaise = sumPaise(priced.map((l) => l.grandTotalPaise));
  return {
    vendorId,
    vendorName,
    lines: priced,
    costPaise: sumPaise(priced.map((l) => l.extendedCostPaise)),
    gstPaise: sumPaise(priced.map((l) => l.extendedGstPaise)),
    linesTotalPaise,
    fleetPaise: f.amountPaise,
    fleetGstPaise: f.gstPaise,
    finalTotalPaise: sumPaise([linesTotalPaise, f.amountPaise, f.gstPaise]),
  };
}

/**
 * The preview grouped by vendor, vendors in the order their first line appears; `fleet` by vendor
 * id (a fleet of a vendor with no line is left out: it has no PO).
 */
export function poPreview(
  lines: readonly PreviewLineInput[],
  fleet: ReadonlyMap<string, FleetInput> = new Map(),
): PoPreview {
  const groups = new Map<string, { name: string; lines: PreviewLineInput[] }>();
  for (const line of lines) {
    const g = groups.get(line.vendorId);
    if (g) g.lines.push(line);
    else groups.set(line.vendorId, { name: line.vendorName, lines: [line] });
  }
  const vendors = [...groups].map(([id, g]) => vendorTotals(id, g.name, g.lines, fleet.get(id)));
  return { vendors, totalPaise: sumPaise(vendors.map((v) => v.finalTotalPaise)) };
}

/** The lowest total per unit (price + GST) among options, and which options have it (ties are all lowest). */
export function lowestOptions<T extends { pricePaise: Paise; gstPaise: Paise }>(
  options: readonly T[],
): Set<T> {
  let best: Paise | null = null;
  for (const o of options) {
    const t = unitTotal(o.pricePaise, o.gstPaise);
    if (best === null || t < best) best = t;
  }
  return new Set(options.filter((o) => unitTotal(o.pricePaise, o.gstPaise) === best));
}

/** How far a quantity is beyond a balance (0 when within it; the whole quantity without a balance). */
export function overBalance(quantity: Hundredths, balance: Hundredths | null): Hundredths {
  if (balance === null) return quantity;
  return quantity > balance ? quantity - Math.max(balance, 0) : 0;
}

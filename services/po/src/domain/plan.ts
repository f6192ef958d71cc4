/**
 * What one approval orders from each vendor, priced (SPEC §9 "PO preview totals"): the one place the
 * PO service turns the approval's rupees and quantities into paise and hundredths and totals them,
 * with the contracts' arithmetic (vendorTotals), so a PO's amount is the preview's vendor total.
 */
import {
  toHundredths,
  toPaise,
  vendorTotals,
  type Hundredths,
  type IndentApprovedData,
  type Paise,
} from '@erp/contracts';

export interface PlannedLine {
  itemId: string;
  itemName: string;
  unit: string;
  quantity: Hundredths;
  pricePaise: Paise;
  gstPaise: Paise;
  unitTotalPaise: Paise;
  /** quantity x (price + GST): the line's grand total. */
  totalPaise: Paise;
}

export interface PlannedPo {
  vendorId: string;
  vendorName: string;
  lines: PlannedLine[];
  fleetPaise: Paise;
  fleetGstPaise: Paise;
  linesTotalPaise: Paise;
  /** Lines' grand totals + fleet + fleet GST. */
  amountPaise: Paise;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why the approval cannot make POs (an id that is not a uuid, an amount beyond the safe range), or null. */
export function approvalProblem(data: IndentApprovedData): string | null {
  const ids: Array<[string, string]> = [
    ['indentId', data.indentId],
    ['project._id', data.project._id],
    ['boq._id', data.boq._id],
    ...data.vendors.flatMap((v): Array<[string, string]> => [
      ['vendorId', v.vendorId],
      ...v.lines.map((l): [string, string] => ['itemId', l.itemId]),
    ]),
  ];
  const bad = ids.find(([, id]) => !UUID.test(id));
  if (bad) return `${bad[0]} is not a uuid: ${JSON.stringify(bad[1]).slice(0, 60)}`;
  const none = data.vendors.flatMap((v) => v.lines).find((l) => toHundredths(l.quantity) <= 0);
  if (none) return `the quantity of ${none.itemId} is less than 0.01`;
  return null;
}

/**
 * One planned PO per vendor, vendors in the approval's order. A vendor listed twice (not what the
 * indent service sends) gets one PO with the lines of both entries and both fleets, so no ordered
 * line is dropped by the one-PO-per-vendor rule.
 */
export function planPurchaseOrders(data: IndentApprovedData): PlannedPo[] {
  const groups = new Map<
    string,
    {
      vendorName: string;
      lines: IndentApprovedData['vendors'][number]['lines'];
      fleet: Paise;
      fleetGst: Paise;
    }
  >();
  for (const v of data.vendors) {
    const key = v.vendorId.toLowerCase();
    const g = groups.get(key) ?? { vendorName: v.vendorName, lines: [], fleet: 0, fleetGst: 0 };
    g.lines = [...g.lines, ...v.lines];
    g.fleet += toPaise(v.fleet.amount);
    g.fleetGst += toPaise(v.fleet.gst);
    groups.set(key, g);
  }
  return [...groups].map(([vendorId, g]) => {
    const totals = vendorTotals(
      vendorId,
      g.vendorName,
      g.lines.map((l) => ({
        itemId: l.itemId.toLowerCase(),
        itemName: l.itemName,
        unit: l.unit,
        quantity: toHundredths(l.quantity),
        vendorId,
        vendorName: g.vendorName,
        pricePaise: toPaise(l.price),
        gstPaise: toPaise(l.gst),
      })),
      { amountPaise: g.fleet, gstPaise: g.fleetGst, free: false },
    );
    return {
      vendorId,
      vendorName: g.vendorName,
      lines: totals.lines.map((l) => ({
        itemId: l.itemId,
        itemName: l.itemName,
        unit: l.unit,
        quantity: l.quantity,
        pricePaise: l.pricePaise,
        gstPaise: l.gstPaise,
        unitTotalPaise: l.unitTotalPaise,
        totalPaise: l.grandTotalPaise,
      })),
      fleetPaise: totals.fleetPaise,
      fleetGstPaise: totals.fleetGstPaise,
      linesTotalPaise: totals.linesTotalPaise,
      amountPaise: totals.finalTotalPaise,
    };
  });
}

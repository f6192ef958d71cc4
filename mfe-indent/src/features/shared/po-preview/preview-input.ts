/**
 * From the screen's choices to the PO preview's arithmetic (SPEC §9 "PO preview totals"), done by
 * @erp/contracts' poPreview in integer paise and hundredths, the same code the services total with.
 */
import {
  fromHundredths,
  fromPaise,
  poPreview,
  previewLine,
  toHundredths,
  toPaise,
  type FleetCost,
  type FleetInput,
  type IndentLine,
  type PoPreview,
  type PreviewLine,
  type VendorOption,
} from '@erp/contracts';
import { formatINR, formatNumber } from '@erp/ui';

/** Rupees with the ₹ sign, two decimals and Indian grouping, from paise. */
export const rupees = (paise: number): string => formatINR(fromPaise(paise));

/** A quantity in hundredths as the screens write it: '1,234.5'. */
export const quantityText = (hundredths: number): string => formatNumber(fromHundredths(hundredths));

/** One option's figures for a line: price, GST and total per unit, and the extended total (total per unit × quantity). */
export function optionFigures(
  line: Pick<IndentLine, 'itemId' | 'itemName' | 'unit' | 'quantity'>,
  option: VendorOption,
): PreviewLine {
  return previewLine({
    itemId: line.itemId,
    itemName: line.itemName,
    unit: line.unit,
    quantity: toHundredths(line.quantity),
    vendorId: option.vendorId,
    vendorName: option.vendorName,
    pricePaise: toPaise(option.price),
    gstPaise: toPaise(option.gst),
  });
}

/** The saved fleet costs by vendor, as poPreview takes them. */
export function fleetInputs(fleet: readonly FleetCost[]): Map<string, FleetInput> {
  return new Map(
    fleet.map((f) => [
      f.vendorId,
      { amountPaise: toPaise(f.amount), gstPaise: toPaise(f.gst), free: f.free },
    ]),
  );
}

/** The preview of the chosen vendors, grouped by vendor in the order of their first line, with their fleet. */
export function previewOf(
  lines: readonly IndentLine[],
  vendorOf: (itemId: string) => string | null | undefined,
  fleet: readonly FleetCost[],
): PoPreview {
  const inputs = [];
  for (const line of lines) {
    const vendorId = vendorOf(line.itemId);
    const option = vendorId ? line.vendors.find((o) => o.vendorId === vendorId) : undefined;
    if (!option) continue;
    inputs.push({
      itemId: line.itemId,
      itemName: line.itemName,
      unit: line.unit,
      quantity: toHundredths(line.quantity),
      vendorId: option.vendorId,
      vendorName: option.vendorName,
      pricePaise: toPaise(option.price),
      gstPaise: toPaise(option.gst),
    });
  }
  return poPreview(inputs, fleetInputs(fleet));
}

/** Lines and options for the tests of the selection logic (test code only). */
import type { IndentLine, VendorOption } from '@erp/contracts';

export const V = { low: 'v-low', mid: 'v-mid', high: 'v-high' } as const;

export function option(
  vendorId: string,
  price: number,
  gst: number,
  isLowest: boolean,
  vendorName = vendorId,
): VendorOption {
  return {
    vendorId,
    vendor: vendorId,
    vendorName,
    price,
    gst,
    totalPrice: Math.round((price + gst) * 100) / 100,
    isLowest,
    status: 'active',
  };
}

export function line(itemId: string, over: Partial<IndentLine> = {}): IndentLine {
  return {
    _id: `line-${itemId}`,
    itemId,
    itemName: `Item ${itemId}`,
    unit: 'bags',
    quantity: 10,
    remark: '',
    boq: null,
    overBoq: 0,
    selectedVendor: null,
    vendorName: null,
    reasonForSelection: '',
    approverReason: '',
    price: null,
    gst: null,
    vendors: [
      option(V.low, 100, 18, true, 'Low Traders'),
      option(V.mid, 110, 19.8, false, 'Mid Suppliers'),
      option(V.high, 120, 21.6, false, 'High & Co'),
    ],
    ...over,
  };
}

/**
 * A linked item's row while it is edited inline (SPEC §2 "Vendors"): what is typed in the price, GST,
 * MOQ, status and notes cells, its total as typed, and what a save checks and sends.
 */
import {
  amountTooLarge,
  fromPaise,
  hasAtMostTwoDecimals,
  MAX_MOQ,
  MAX_RUPEES,
  MOQ_TOO_LARGE,
  toPaise,
  tryUnitTotal,
  type UpdateVendorPriceBody,
  type VendorItemLink,
} from '@erp/contracts';

export interface Draft {
  price: string;
  gst: string;
  moq: string;
  active: boolean;
  notes: string;
}

/** Digits and one decimal point, at most two decimals: what an amount cell keeps of what is typed. */
export const amountInput = (raw: string) => {
  const cleaned = raw.replace(/[^0-9.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
};

/** The row's saved values, as the edit starts. */
export const toDraft = (link: VendorItemLink): Draft => ({
  price: String(link.price),
  gst: String(link.gst),
  moq: link.moq ? String(link.moq) : '',
  active: link.status === 'active',
  notes: link.notes,
});

const num = (raw: string, fallback = NaN) => (raw.trim() === '' ? fallback : Number(raw));

/** Worked out while rendering, so it never throws: an amount beyond the maximum has no total (null). */
export function draftTotal(draft: Draft): number | null {
  return tryUnitTotal(num(draft.price), num(draft.gst, 0));
}

/** Why the draft cannot be saved (the first problem, as the toast says it), or null. */
export function draftProblem(draft: Draft): string | null {
  const price = num(draft.price);
  const gst = num(draft.gst, 0);
  const moq = num(draft.moq, 0);
  if (price > MAX_RUPEES) return amountTooLarge('Price');
  if (gst > MAX_RUPEES) return amountTooLarge('GST');
  if (moq > MAX_MOQ) return MOQ_TOO_LARGE;
  if (!(price > 0) || !hasAtMostTwoDecimals(price)) return 'Price must be greater than 0';
  if (!(gst >= 0) || !hasAtMostTwoDecimals(gst)) return 'GST must be 0 or more';
  if (!(moq >= 0)) return 'MOQ must be 0 or more';
  return null;
}

/** What a save sends for a draft with no problem: amounts to the paisa, notes trimmed, the version read. */
export function draftBody(draft: Draft, version: VendorItemLink['itemVersion']): UpdateVendorPriceBody {
  return {
    price: fromPaise(toPaise(num(draft.price))),
    gst: fromPaise(toPaise(num(draft.gst, 0))),
    moq: fromPaise(toPaise(num(draft.moq, 0))),
    status: draft.active ? 'active' : 'inactive',
    notes: draft.notes.trim(),
    version,
  };
}

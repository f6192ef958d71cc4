/** The fleet cost editor's fields (text as typed) to PUT /indent/fleet/{id}'s body, with the service's words for what is wrong. */
import {
  amountTooLarge,
  hasAtMostTwoDecimals,
  MAX_RUPEES,
  type FleetBody,
  type FleetCost,
} from '@erp/contracts';

export interface FleetValues {
  amount: string;
  gst: string;
  free: boolean;
}

/** The saved fleet of a vendor (none: 0 and not free) as the fields show it. */
export function fleetValues(saved: FleetCost | undefined): FleetValues {
  return {
    amount: saved && saved.amount ? String(saved.amount) : '',
    gst: saved && saved.gst ? String(saved.gst) : '',
    free: saved?.free ?? false,
  };
}

/** Keeps what an amount may hold while it is typed: digits and one decimal point, at most two decimals. */
export function sanitizeAmount(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}

function amountOf(text: string, label: string): number | string {
  const t = text.trim();
  if (t === '') return 0;
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0 || !hasAtMostTwoDecimals(n)) return `${label} must be 0 or more`;
  if (n > MAX_RUPEES) return amountTooLarge(label);
  return n;
}

/** The body, or the first problem (as the service words it). */
export function fleetBody(vendorId: string, values: FleetValues): { body: FleetBody } | { problem: string } {
  const amount = amountOf(values.amount, 'Fleet amount');
  if (typeof amount === 'string') return { problem: amount };
  const gst = amountOf(values.gst, 'Fleet GST');
  if (typeof gst === 'string') return { problem: gst };
  return { body: { vendorId, amount, gst, free: values.free } };
}

/** The fields differ from what is saved. */
export function fleetChanged(saved: FleetCost | undefined, values: FleetValues): boolean {
  const now = fleetBody('', values);
  if ('problem' in now) return true;
  return (
    now.body.amount !== (saved?.amount ?? 0) ||
    now.body.gst !== (saved?.gst ?? 0) ||
    now.body.free !== (saved?.free ?? false)
  );
}

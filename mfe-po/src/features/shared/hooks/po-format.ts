/**
 * How the PO screens write a purchase order's facts: its status (badge look, icon), quantities with
 * their unit, who did something, and which action a row offers. Plain functions, shared by the
 * lists and the detail page.
 */
import type { Actor, PoLine, PoStatus } from '@erp/contracts';
import type { BadgeVariant, IconName } from '@erp/ui';

/** SPEC §3: the status is compared in either case. */
export const isClosed = (status: PoStatus | string): boolean => status.toLowerCase() === 'closed';

/** Open is waiting for goods (filled), Partial has some (outline), Closed is history (grey). */
export function poStatusVariant(status: PoStatus | string): BadgeVariant {
  switch (status.toLowerCase()) {
    case 'open':
      return 'default';
    case 'partial':
      return 'outline';
    default:
      return 'secondary';
  }
}

export function poStatusIcon(status: PoStatus | string): IconName {
  switch (status.toLowerCase()) {
    case 'open':
      return 'inbox';
    case 'partial':
      return 'truck';
    default:
      return 'check';
  }
}

const quantity = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** 1,250.5 (Indian grouping, at most two decimals: quantities are integer hundredths inside). */
export function formatQty(value: number): string {
  return quantity.format(Object.is(value, -0) ? 0 : value);
}

/** '120 bags' */
export const qtyWithUnit = (value: number, unit: string): string =>
  unit ? `${formatQty(value)} ${unit}` : formatQty(value);

/** A person as the screens name them; 'Unknown' when the record has none. */
export const actorName = (actor: Actor | null | undefined): string => actor?.name || 'Unknown';

/** Whether any line lost quantity to a short-close (the Cancelled column shows only then). */
export const hasCancelled = (lines: readonly Pick<PoLine, 'cancelled'>[]): boolean =>
  lines.some((l) => l.cancelled > 0);

/** A PO's page; `tab` 'history' opens it at its deliveries (SPEC §2 "PO list": History). */
export const poPath = (id: string, tab?: 'history'): string =>
  `/po/${encodeURIComponent(id)}${tab ? `?tab=${tab}` : ''}`;
export const receiptPath = (id: string): string => `/po/${encodeURIComponent(id)}/receipt`;

/** The PO details page's ?tab=: 'history' (the deliveries), 'receive' (on to the receipt), else none. */
export function parseDetailTab(value: string | null): 'history' | 'receive' | null {
  const v = value?.toLowerCase();
  return v === 'history' || v === 'receive' ? v : null;
}

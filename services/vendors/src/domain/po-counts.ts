/**
 * Each vendor's PO counts (totalPO, openPO on the vendor list and page) from the PO service's
 * events (decision 0033), as rules: a PO keeps its vendor and its newest status by the PO's
 * version; each event moves the PO from what it was to what it is now, and the vendor's counts by
 * the difference. Right under redelivery (the same or an older version changes nothing) and out of
 * order (a status change before its created event waits, without a vendor).
 */
export type PoStatus = 'Open' | 'Partial' | 'Closed';

/** A PO as this service knows it: vendor null until its created event has arrived. */
export interface VendorPo {
  vendorId: string | null;
  status: PoStatus;
  version: number;
}

/** What one event tells: the vendor (created only), and the status at a version of the PO. */
export interface PoFact {
  vendorId?: string;
  status: PoStatus;
  version: number;
}

const STATUSES: readonly string[] = ['Open', 'Partial', 'Closed'];
/** A PO created is at version 1 (the PO service's first version); every status change is later. */
export const CREATED_VERSION = 1;

export const isOpen = (status: PoStatus): boolean => status === 'Open' || status === 'Partial';

/** The PO after a fact: the vendor once known stays; the status of the highest version wins. */
export function applyPoFact(current: VendorPo | null, fact: PoFact): VendorPo {
  const vendorId = current?.vendorId ?? fact.vendorId ?? null;
  if (current && current.version >= fact.version) return { ...current, vendorId };
  return { vendorId, status: fact.status, version: fact.version };
}

/** What a PO adds to its vendor's counts: nothing before its vendor is known. */
export function contribution(po: VendorPo | null): { total: number; open: number } {
  if (!po || po.vendorId === null) return { total: 0, open: 0 };
  return { total: 1, open: isOpen(po.status) ? 1 : 0 };
}

/** True when the fact left the PO as it was (nothing to store). */
export function samePo(before: VendorPo | null, after: VendorPo): boolean {
  return (
    before !== null &&
    before.vendorId === after.vendorId &&
    before.status === after.status &&
    before.version === after.version
  );
}

/** How much the PO's vendor's counts move from `before` to `after` (the vendor never changes once known). */
export function countsMove(before: VendorPo | null, after: VendorPo): { total: number; open: number } {
  const was = contribution(before);
  const is = contribution(after);
  return { total: is.total - was.total, open: is.open - was.open };
}

/** A status as the events carry it, when it is one this service counts. */
export const isPoStatus = (status: string): status is PoStatus => STATUSES.includes(status);

/** A created PO's status: as announced, Open when not one of the three. */
export const createdStatus = (status: string): PoStatus => (isPoStatus(status) ? status : 'Open');

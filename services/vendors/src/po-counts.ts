/**
 * Each vendor's PO counts (totalPO, openPO on the vendor list and page) from the PO service's
 * events (decision 0033). One row per PO in vendor_pos keeps its vendor and its newest status by
 * the PO's version; each event moves the row from what it was to what it is now, and the vendor's
 * counts by the difference. Right under redelivery (the same or an older version changes nothing)
 * and out of order (a status change before its created event waits in the row, without a vendor).
 */
import {
  PoCreated,
  PoStatusChanged,
  type EventEnvelope,
  type PoCreatedData,
  type PoStatusChangedData,
} from '@erp/contracts';
import { isUuid, orderKeyOf, type ConsumerDefinition, type Queryable } from '@erp/service-kit';

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

/** Apply one fact about a PO in the event's transaction. Returns whether any vendor's counts moved. */
export async function recordPoFact(
  tx: Queryable,
  schema: string,
  poId: string,
  fact: PoFact,
): Promise<boolean> {
  // The row exists (a placeholder that counts for nobody), then is locked: two events about one PO
  // handled at once (two instances) take turns here.
  await tx.query(
    `INSERT INTO ${schema}.vendor_pos (po_id, vendor_id, status, version) VALUES ($1, NULL, 'Open', 0) ON CONFLICT (po_id) DO NOTHING`,
    [poId],
  );
  const res = await tx.query<{ vendor_id: string | null; status: PoStatus; version: number }>(
    `SELECT vendor_id, status, version FROM ${schema}.vendor_pos WHERE po_id = $1 FOR UPDATE`,
    [poId],
  );
  const row = res.rows[0]!;
  const before: VendorPo | null =
    row.version === 0 && row.vendor_id === null
      ? null
      : { vendorId: row.vendor_id, status: row.status, version: row.version };
  const after = applyPoFact(before, fact);
  if (
    before &&
    before.vendorId === after.vendorId &&
    before.status === after.status &&
    before.version === after.version
  )
    return false;
  await tx.query(
    `UPDATE ${schema}.vendor_pos SET vendor_id = $2, status = $3, version = $4 WHERE po_id = $1`,
    [poId, after.vendorId, after.status, after.version],
  );
  const was = contribution(before);
  const is = contribution(after);
  let moved = false;
  // The vendor never changes once known, so one vendor row moves (by the difference).
  const vendorId = after.vendorId;
  if (vendorId !== null && (was.total !== is.total || was.open !== is.open)) {
    const upd = await tx.query(
      `UPDATE ${schema}.vendors SET total_po = total_po + $2, open_po = open_po + $3 WHERE id = $1`,
      [vendorId, is.total - was.total, is.open - was.open],
    );
    moved = upd.rowCount > 0;
  }
  return moved;
}

/** erp.po.created.v1: the PO, Open at version 1, of its vendor. */
export async function handlePoCreatedForCounts(
  tx: Queryable,
  schema: string,
  data: PoCreatedData,
): Promise<boolean> {
  const poId = data.poId.toLowerCase();
  const vendorId = data.vendorId.toLowerCase();
  if (!isUuid(poId) || !isUuid(vendorId)) return false;
  const status = (STATUSES.includes(data.status) ? data.status : 'Open') as PoStatus;
  return recordPoFact(tx, schema, poId, { vendorId, status, version: CREATED_VERSION });
}

/** erp.po.status_changed.v1: the PO's status at its version. */
export async function handlePoStatusForCounts(
  tx: Queryable,
  schema: string,
  data: PoStatusChangedData,
): Promise<boolean> {
  const poId = data.poId.toLowerCase();
  if (!isUuid(poId) || !STATUSES.includes(data.status)) return false;
  return recordPoFact(tx, schema, poId, { status: data.status, version: data.version });
}

export function poCountConsumers(schema: string): ConsumerDefinition[] {
  return [
    {
      name: 'po-counts',
      events: [PoCreated, PoStatusChanged],
      // One PO's events one after the other; different POs side by side (each moves its vendor's counts by a delta).
      ordered: (e) => orderKeyOf(e, 'poId'),
      async handle(tx, envelope: EventEnvelope) {
        if (envelope.subject === PoCreated.subject)
          await handlePoCreatedForCounts(tx, schema, envelope.data as PoCreatedData);
        else await handlePoStatusForCounts(tx, schema, envelope.data as PoStatusChangedData);
      },
    },
  ];
}

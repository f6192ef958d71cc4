/**
 * Each vendor's PO counts (totalPO, openPO on the vendor list and page) from the PO service's
 * events (decision 0033): erp.po.created.v1 and erp.po.status_changed.v1, one consumer for both so
 * that one PO's events are handled one after the other. The rules are domain/po-counts.ts's; one
 * row per PO in vendor_pos keeps what the events told so far.
 */
import {
  PoCreated,
  PoStatusChanged,
  type EventEnvelope,
  type PoCreatedData,
  type PoStatusChangedData,
} from '@erp/contracts';
import { isUuid, orderKeyOf, type ConsumerDefinition, type Queryable } from '@erp/service-kit';
import {
  applyPoFact,
  countsMove,
  CREATED_VERSION,
  createdStatus,
  isPoStatus,
  samePo,
  type PoFact,
} from '../domain/po-counts.js';
import { lockVendorPo, moveVendorPoCounts, saveVendorPo } from '../repositories/po-counts.js';

/** Apply one fact about a PO in the event's transaction. Returns whether any vendor's counts moved. */
export async function recordPoFact(
  tx: Queryable,
  schema: string,
  poId: string,
  fact: PoFact,
): Promise<boolean> {
  const before = await lockVendorPo(tx, schema, poId);
  const after = applyPoFact(before, fact);
  if (samePo(before, after)) return false;
  await saveVendorPo(tx, schema, poId, after);
  const move = countsMove(before, after);
  // The vendor never changes once known, so one vendor row moves (by the difference).
  const vendorId = after.vendorId;
  if (vendorId === null || (move.total === 0 && move.open === 0)) return false;
  return moveVendorPoCounts(tx, schema, vendorId, move);
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
  return recordPoFact(tx, schema, poId, {
    vendorId,
    status: createdStatus(data.status),
    version: CREATED_VERSION,
  });
}

/** erp.po.status_changed.v1: the PO's status at its version. */
export async function handlePoStatusForCounts(
  tx: Queryable,
  schema: string,
  data: PoStatusChangedData,
): Promise<boolean> {
  const poId = data.poId.toLowerCase();
  if (!isUuid(poId) || !isPoStatus(data.status)) return false;
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

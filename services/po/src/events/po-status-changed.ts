/**
 * erp.po.status_changed.v1: a PO's status moved (a receipt, a short-close). Announced in the
 * transaction that moved it, with the PO's version after the change (the change added one).
 */
import { PoStatusChanged, type PoStatus } from '@erp/contracts';
import { event, type PendingEvent, type Queryable, type ServiceContext } from '@erp/service-kit';
import type { PoRow } from '../repositories/purchase-orders.js';

/** The event's data for `po` (as read before the change) moving to `status`. */
function poStatusChangedData(po: PoRow, status: PoStatus) {
  return { poId: po.id, poNumber: po.po_number, indentId: po.indent_id, status, version: po.version + 1 };
}

/** The event of `po` (as read before the change) moving to `status`. */
export function poStatusChanged(po: PoRow, status: PoStatus): PendingEvent {
  return event(PoStatusChanged, poStatusChangedData(po, status));
}

/** The PO's new status, with its version after this change (refreshStatus added one), when it moved. */
export async function announceStatus(
  ctx: Pick<ServiceContext, 'emit'>,
  tx: Queryable,
  po: PoRow,
  status: PoStatus,
  meta: { requestId: string; actorId: string },
): Promise<void> {
  if (status === po.status) return;
  await ctx.emit(tx, PoStatusChanged, poStatusChangedData(po, status), meta);
}

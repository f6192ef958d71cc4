/** erp.po.status_changed.v1: the status an indent's PO shows. */
import type { PoStatusChangedData } from '@erp/contracts';
import { isUuid, type Queryable } from '@erp/service-kit';
import { upsertPoStatus } from '../repositories/replicas.js';

export async function onPoStatusChanged(
  tx: Queryable,
  schema: string,
  po: PoStatusChangedData,
): Promise<void> {
  if (!isUuid(po.poId)) return;
  await upsertPoStatus(schema, tx, po);
}

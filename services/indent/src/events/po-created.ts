/** erp.po.created.v1: a PO generated from an indent, listed on it and counted. */
import type { PoCreatedData } from '@erp/contracts';
import { isUuid, type Queryable } from '@erp/service-kit';
import { addPo } from '../repositories/replicas.js';

export async function onPoCreated(tx: Queryable, schema: string, po: PoCreatedData): Promise<void> {
  if (!isUuid(po.poId) || !isUuid(po.indentId) || !isUuid(po.vendorId)) return;
  await addPo(schema, tx, po);
}

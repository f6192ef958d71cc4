/** erp.projects.boq_consumed.v1: what receipts consumed of a BOQ's items; the lines it turns over their balance are counted again. */
import type { BoqConsumedData } from '@erp/contracts';
import { isUuid, type Queryable } from '@erp/service-kit';
import type { IndentRepository } from '../repositories/indents.js';
import { upsertConsumption } from '../repositories/replicas.js';

export async function onBoqConsumed(
  tx: Queryable,
  schema: string,
  indents: IndentRepository,
  c: BoqConsumedData,
): Promise<void> {
  const lines = c.lines.filter((l) => isUuid(l.itemId));
  if (lines.length === 0) return;
  const changed = await upsertConsumption(schema, tx, c.boqNumber, lines);
  await indents.refreshOverBoqForConsumption(tx, c.boqNumber, changed);
}

/** erp.projects.boq_upserted.v1: a BOQ revision and its planned lines; the indents drawing on its number are counted again. */
import { toHundredths, type BoqUpsertedData } from '@erp/contracts';
import { isUuid, type Queryable } from '@erp/service-kit';
import type { IndentRepository } from '../repositories/indents.js';
import { replaceBoqLines, upsertBoq } from '../repositories/replicas.js';

/** One line per item (a BOQ names an item once); planned quantities added if it ever did not. */
export function plannedByItem(lines: BoqUpsertedData['lines']): Map<string, number> {
  const planned = new Map<string, number>();
  for (const l of lines)
    if (isUuid(l.itemId))
      planned.set(
        l.itemId.toLowerCase(),
        (planned.get(l.itemId.toLowerCase()) ?? 0) + toHundredths(l.plannedQty),
      );
  return planned;
}

export async function onBoqUpserted(
  tx: Queryable,
  schema: string,
  indents: IndentRepository,
  b: BoqUpsertedData,
): Promise<void> {
  if (!isUuid(b.boqId) || !isUuid(b.projectId)) return;
  if (!(await upsertBoq(schema, tx, b))) return;
  await replaceBoqLines(schema, tx, b.boqId, plannedByItem(b.lines));
  await indents.refreshOverBoq(tx, b.boqNumber);
}

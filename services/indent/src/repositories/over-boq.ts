/** The count of an indent's lines over their BOQ balance, kept as consumption and revisions change. */
import type { Queryable } from '@erp/service-kit';

/** The indents (ids) with a line whose over-BOQ state the consumption `changes` turned. */
async function turnedIndents(
  schema: string,
  tx: Queryable,
  boqNumber: string,
  changes: ReadonlyArray<{ itemId: string; before: number; after: number }>,
): Promise<string[]> {
  const t = (name: string) => `${schema}.${name}`;
  const stale = await tx.query<{ id: string }>(
    `WITH bounds AS MATERIALIZED (
       SELECT b.boq_id, ch.item_id,
              greatest(coalesce(bl.planned_hundredths, 0) - ch.after, 0) AS lo,
              greatest(coalesce(bl.planned_hundredths, 0) - ch.before, 0) AS hi
         FROM ${t('boq_snapshots')} b
         CROSS JOIN unnest($2::uuid[], $3::bigint[], $4::bigint[]) AS ch(item_id, before, after)
         LEFT JOIN LATERAL (SELECT r.boq_id FROM ${t('boq_snapshots')} r WHERE r.boq_number = b.boq_number AND r.status = 'confirmed'
                             ORDER BY r.revision DESC LIMIT 1) cur ON true
         LEFT JOIN ${t('boq_line_snapshots')} bl ON bl.boq_id = coalesce(cur.boq_id, b.boq_id) AND bl.item_id = ch.item_id
        WHERE b.boq_number = $1),
     hit AS (
       SELECT DISTINCT l.indent_id
         FROM bounds x
         -- The lines in the range, along indent_lines_item_quantity (migration 006).
         JOIN ${t('indent_lines')} l ON l.item_id = x.item_id AND l.quantity_hundredths > x.lo AND l.quantity_hundredths <= x.hi
         JOIN ${t('indents')} j ON j.id = l.indent_id AND j.boq_id = x.boq_id)
     SELECT i.id FROM hit JOIN ${t('indents')} i ON i.id = hit.indent_id
      WHERE i.over_boq_lines IS DISTINCT FROM ${t('over_boq_lines')}(i.id)`,
    [boqNumber, changes.map((c) => c.itemId), changes.map((c) => c.before), changes.map((c) => c.after)],
  );
  return stale.rows.map((r) => r.id);
}

/**
 * Count again the lines over the BOQ of the indents that consumption of some items can have
 * changed: `changes` gives each item's consumption before and after (it only grows). A line of
 * quantity q is over while q > max(planned - consumed, 0), so it turns over exactly when q lies
 * between the threshold after and the one before; only indents with such a line are counted
 * again. (Counting every indent of the BOQ again made each receipt cost in proportion to the
 * BOQ's indents: with thousands on one BOQ, the indent service could not keep up with 50
 * approvals a second, issue 14.) A consumption read before a concurrent change only widens the
 * range, so no indent is missed.
 *
 * The thresholds are worked out first (`bounds`), so that the lines in the range are read along
 * indent_lines_item_quantity by item and quantity; joined in one step, PostgreSQL read every
 * line of the item, of every indent and BOQ, to compare each with its threshold (5 ms a receipt
 * with 300 indents of the item, growing with them). The indents found are only read here: the
 * UPDATE runs when one of them changed, so that a receipt that turns no line over does not tell
 * the indent list that something changed (its statement trigger would).
 */
export async function refreshOverBoqForConsumption(
  schema: string,
  tx: Queryable,
  boqNumber: string,
  changes: ReadonlyArray<{ itemId: string; before: number; after: number }>,
): Promise<void> {
  if (changes.length === 0) return;
  const stale = await turnedIndents(schema, tx, boqNumber, changes);
  if (stale.length === 0) return;
  await tx.query(
    `UPDATE ${schema}.indents i SET over_boq_lines = ${schema}.over_boq_lines(i.id)
      WHERE i.id = ANY($1::uuid[]) AND i.over_boq_lines IS DISTINCT FROM ${schema}.over_boq_lines(i.id)`,
    [stale],
  );
}

/** Count again the lines over the BOQ of every indent drawing on a BOQ number (its revisions changed). */
export async function refreshOverBoq(schema: string, tx: Queryable, boqNumber: string): Promise<void> {
  await tx.query(
    `UPDATE ${schema}.indents i SET over_boq_lines = ${schema}.over_boq_lines(i.id)
      WHERE i.boq_id IN (SELECT boq_id FROM ${schema}.boq_snapshots WHERE boq_number = $1)
        AND i.over_boq_lines IS DISTINCT FROM ${schema}.over_boq_lines(i.id)`,
    [boqNumber],
  );
}

/**
 * The vendor on each line: the purchaser's choices saved (the list's amount follows), and the
 * approver's locked with their unit prices.
 */
import { poPreview } from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';
import { pricedLines, type Choice } from '../domain/compare.js';
import type { Locked } from '../domain/approval.js';
import type { IndentRepository } from './indents.js';
import type { StoredLine } from './types.js';

export type { Choice } from '../domain/compare.js';

/** Every line's vendor as chosen (a line without a choice has none); the list's amount follows. */
export async function saveSelections(
  tx: Queryable,
  schema: string,
  indentId: string,
  indents: IndentRepository,
  lines: readonly StoredLine[],
  chosen: ReadonlyMap<string, Choice>,
): Promise<void> {
  await tx.query(
    `UPDATE ${schema}.indent_lines l SET selected_vendor = c.vendor, vendor_name = c.vendor_name, reason = coalesce(c.reason, ''), approver_reason = ''
       FROM (SELECT * FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[]) AS x(item_id, vendor, vendor_name, reason)) c
      WHERE l.indent_id = $1 AND l.item_id = c.item_id`,
    [
      indentId,
      lines.map((l) => l.itemId),
      lines.map((l) => chosen.get(l.itemId)?.vendorId ?? null),
      lines.map((l) => chosen.get(l.itemId)?.vendorName ?? null),
      lines.map((l) => chosen.get(l.itemId)?.reason ?? ''),
    ],
  );
  const priced = pricedLines(lines, chosen);
  const total = priced.length === 0 ? 0 : poPreview(priced, await indents.fleet(tx, indentId)).totalPaise;
  await tx.query(`UPDATE ${schema}.indents SET total_paise = $2 WHERE id = $1`, [indentId, total]);
}

/** The approved lines' vendors and unit prices, locked on the lines with the approver's reasons. */
export async function lockPrices(
  schema: string,
  tx: Queryable,
  indentId: string,
  locked: readonly Locked[],
): Promise<void> {
  await tx.query(
    `UPDATE ${schema}.indent_lines l SET selected_vendor = c.vendor, vendor_name = c.vendor_name, price_paise = c.price, gst_paise = c.gst,
            approver_reason = c.approver_reason
       FROM (SELECT * FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::bigint[], $6::bigint[], $7::text[]) AS x(item_id, vendor, vendor_name, price, gst, approver_reason)) c
      WHERE l.indent_id = $1 AND l.item_id = c.item_id`,
    [
      indentId,
      locked.map((x) => x.line.itemId),
      locked.map((x) => x.vendorId),
      locked.map((x) => x.vendorName),
      locked.map((x) => x.pricePaise),
      locked.map((x) => x.gstPaise),
      locked.map((x) => x.approverReason),
    ],
  );
}

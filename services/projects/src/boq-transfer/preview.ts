/**
 * POST /boq/import's answer: the file's rows resolved against the item master as this service knows
 * it (item_snapshots, kept by the catalog's events) in one query, each row accepted as a line or
 * refused with every reason, and the names the master lacks grouped for the screen to offer
 * creating them. Nothing is stored.
 */
import {
  BOQ_MESSAGES,
  MAX_BOQ_LINES,
  TOO_MANY_BOQ_LINES,
  type BoqImportLine,
  type BoqImportPreview,
  type BoqImportRefusal,
  type BoqUnknownItem,
} from '@erp/contracts';
import { badRequest, type Queryable } from '@erp/service-kit';
import { isItemId, parseBoqTable } from './parse.js';

export const inactiveItem = (name: string) => `Item ${name} is inactive in the item master`;

interface SnapshotRow {
  item_id: string;
  name: string;
  unit: string;
  status: string;
  name_key: string;
}

/** The snapshots the file names, by lower-case name and by id: one query whatever the file's size. */
async function snapshots(
  db: Queryable,
  schema: string,
  names: string[],
  ids: string[],
): Promise<{ byKey: Map<string, SnapshotRow>; byId: Map<string, SnapshotRow> }> {
  const byKey = new Map<string, SnapshotRow>();
  const byId = new Map<string, SnapshotRow>();
  if (names.length > 0 || ids.length > 0) {
    const res = await db.query<SnapshotRow>(
      `SELECT item_id, name, unit, status, name_key FROM ${schema}.item_snapshots WHERE name_key = ANY($1::text[]) OR item_id = ANY($2::uuid[])`,
      [names, ids],
    );
    for (const r of res.rows) {
      byId.set(r.item_id, r);
      // Two snapshots with one name (a rename not yet seen): the active one, then the newest id, wins.
      const seen = byKey.get(r.name_key);
      if (!seen || (seen.status !== 'active' && r.status === 'active')) byKey.set(r.name_key, r);
    }
  }
  return { byKey, byId };
}

export async function previewBoqImport(
  db: Queryable,
  schema: string,
  fileName: string,
  table: string[][],
): Promise<BoqImportPreview> {
  const rows = parseBoqTable(table);
  if (rows.length > MAX_BOQ_LINES) throw badRequest(TOO_MANY_BOQ_LINES);
  const names = new Set<string>();
  const ids = new Set<string>();
  for (const r of rows) {
    if (!r.item) continue;
    if (isItemId(r.item)) ids.add(r.item.toLowerCase());
    else names.add(r.item.toLowerCase());
  }
  const { byKey, byId } = await snapshots(db, schema, [...names], [...ids]);

  const lines: BoqImportLine[] = [];
  const refused: BoqImportRefusal[] = [];
  const unknown = new Map<string, BoqUnknownItem>();
  const seen = new Set<string>();
  for (const r of rows) {
    const reasons = [...r.reasons];
    let found: SnapshotRow | undefined;
    if (r.item) {
      const id = isItemId(r.item);
      found = id ? byId.get(r.item.toLowerCase()) : byKey.get(r.item.toLowerCase());
      // An id cell may also be the name of an item (an item called by a uuid is unlikely, but exact).
      if (!found && id) found = byKey.get(r.item.toLowerCase());
      if (!found) {
        reasons.unshift(BOQ_MESSAGES.unknownItem);
        if (!id) {
          const key = r.item.toLowerCase();
          const group = unknown.get(key) ?? { name: r.item, unit: '', rows: [] };
          if (!group.unit && r.unit) group.unit = r.unit;
          group.rows.push(r.row);
          unknown.set(key, group);
        }
      } else if (found.status !== 'active') {
        reasons.unshift(inactiveItem(found.name));
      }
      const key = found ? found.item_id : `name:${r.item.toLowerCase()}`;
      if (seen.has(key)) reasons.push(BOQ_MESSAGES.duplicateItem);
      seen.add(key);
    }
    if (reasons.length > 0 || !found || r.plannedQty === null || r.rate === null) {
      refused.push({ row: r.row, item: r.item, reasons });
      continue;
    }
    // The unit as the item master spells it when the file gives the same unit in other letters ('cbm').
    const unit = r.unit.toLowerCase() === found.unit.toLowerCase() ? found.unit : r.unit;
    lines.push({
      row: r.row,
      item: { _id: found.item_id, name: found.name },
      unit,
      plannedQty: r.plannedQty,
      rate: r.rate,
      remark: r.remark,
    });
  }
  return { fileName, totalRows: rows.length, lines, refused, unknownItems: [...unknown.values()] };
}

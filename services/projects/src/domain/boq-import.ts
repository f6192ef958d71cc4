/**
 * POST /boq/import's answer: the file's rows resolved against the item master as this service knows
 * it (item_snapshots, kept by the catalog's events), each row accepted as a line or refused with
 * every reason, and the names the master lacks grouped for the screen to offer creating them.
 * Nothing is stored; the snapshots are read by the caller (one query whatever the file's size).
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
import { badRequest } from '@erp/service-kit';
import { isItemId, parseBoqTable, type CandidateRow } from './boq-sheet.js';

export const inactiveItem = (name: string) => `Item ${name} is inactive in the item master`;

/** An item snapshot as the import matches it (by lower-case name, name_key, or by id). */
export interface SnapshotRow {
  item_id: string;
  name: string;
  unit: string;
  status: string;
  name_key: string;
}

export interface SnapshotIndex {
  byKey: Map<string, SnapshotRow>;
  byId: Map<string, SnapshotRow>;
}

/** The file's rows (at most MAX_BOQ_LINES, 400 otherwise) and the item names and ids they name. */
export function importRows(table: string[][]): { rows: CandidateRow[]; names: string[]; ids: string[] } {
  const rows = parseBoqTable(table);
  if (rows.length > MAX_BOQ_LINES) throw badRequest(TOO_MANY_BOQ_LINES);
  const names = new Set<string>();
  const ids = new Set<string>();
  for (const r of rows) {
    if (!r.item) continue;
    if (isItemId(r.item)) ids.add(r.item.toLowerCase());
    else names.add(r.item.toLowerCase());
  }
  return { rows, names: [...names], ids: [...ids] };
}

/** The snapshots by lower-case name and by id. */
export function snapshotIndex(snapshots: SnapshotRow[]): SnapshotIndex {
  const byKey = new Map<string, SnapshotRow>();
  const byId = new Map<string, SnapshotRow>();
  for (const r of snapshots) {
    byId.set(r.item_id, r);
    // Two snapshots with one name (a rename not yet seen): the active one, then the newest id, wins.
    const seen = byKey.get(r.name_key);
    if (!seen || (seen.status !== 'active' && r.status === 'active')) byKey.set(r.name_key, r);
  }
  return { byKey, byId };
}

/** What one row's item resolves to, grouping an unknown name and marking a repeated item. */
function matchItem(
  r: CandidateRow,
  index: SnapshotIndex,
  reasons: string[],
  unknown: Map<string, BoqUnknownItem>,
  seen: Set<string>,
): SnapshotRow | undefined {
  const id = isItemId(r.item);
  let found = id ? index.byId.get(r.item.toLowerCase()) : index.byKey.get(r.item.toLowerCase());
  // An id cell may also be the name of an item (an item called by a uuid is unlikely, but exact).
  if (!found && id) found = index.byKey.get(r.item.toLowerCase());
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
  return found;
}

/** The preview of the file's rows against the snapshots they name. */
export function previewImport(
  fileName: string,
  rows: CandidateRow[],
  index: SnapshotIndex,
): BoqImportPreview {
  const lines: BoqImportLine[] = [];
  const refused: BoqImportRefusal[] = [];
  const unknown = new Map<string, BoqUnknownItem>();
  const seen = new Set<string>();
  for (const r of rows) {
    const reasons = [...r.reasons];
    const found = r.item ? matchItem(r, index, reasons, unknown, seen) : undefined;
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

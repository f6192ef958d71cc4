/** A BOQ revision as its XLSX export reads it (plugins/boq-workbook.ts writes it). */
import type { BoqStatus } from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';
import type { StoredLine } from '../domain/boq-balances.js';
import { storedLine, type LineRow } from './boq-views.js';

export interface ExportedBoq {
  id: string;
  boqNumber: string;
  revision: number;
  name: string;
  status: BoqStatus;
  projectName: string;
  projectCode: string;
}

/** A line as the export writes it: no ids. */
export type ExportedLine = Omit<StoredLine, 'id' | 'itemId'>;

/**
 * The BOQ when the caller may see it: `projects` null for a member of every project, else the
 * projects they are on (another project's BOQ is not found, not forbidden).
 */
export async function exportedBoq(
  schema: string,
  db: Queryable,
  id: string,
  projects: string[] | null,
): Promise<ExportedBoq | null> {
  const res = await db.query<{
    id: string;
    boq_number: string;
    revision: number;
    name: string;
    status: BoqStatus;
    project_name: string;
    project_code: string;
  }>(
    `SELECT b.id, b.boq_number, b.revision, b.name, b.status, p.name AS project_name, p.project_code
       FROM ${schema}.boqs b JOIN ${schema}.projects p ON p.id = b.project_id
      WHERE b.id = $1 AND ($2::uuid[] IS NULL OR b.project_id = ANY($2::uuid[]))`,
    [id, projects],
  );
  const b = res.rows[0];
  if (!b) return null;
  return {
    id: b.id,
    boqNumber: b.boq_number,
    revision: b.revision,
    name: b.name,
    status: b.status,
    projectName: b.project_name,
    projectCode: b.project_code,
  };
}

/** The revision's lines in order, with the item's current name and what goods receipts consumed under its number. */
export async function exportedLines(
  schema: string,
  db: Queryable,
  boq: ExportedBoq,
): Promise<ExportedLine[]> {
  const res = await db.query<LineRow>(
    `SELECT l.id, l.item_id, coalesce(s.name, l.item_id::text) AS name, l.unit, l.planned_hundredths::text AS planned, l.rate_paise::text AS rate, l.remark,
            coalesce(c.consumed_hundredths, 0)::text AS consumed
       FROM ${schema}.boq_lines l
       LEFT JOIN ${schema}.item_snapshots s ON s.item_id = l.item_id
       LEFT JOIN ${schema}.boq_consumption c ON c.boq_number = $2 AND c.item_id = l.item_id
      WHERE l.boq_id = $1 ORDER BY l.line_no`,
    [boq.id, boq.boqNumber],
  );
  return res.rows.map((r) => {
    const { id: _id, itemId: _itemId, ...line } = storedLine(r);
    return line;
  });
}

/**
 * The indent tables: an indent's head, lines, history, fleet costs and generated POs, read as the
 * contract's Indent and IndentSummary. Every write goes through here inside the route's transaction.
 */
import { randomUUID } from 'node:crypto';
import {
  fromHundredths,
  fromPaise,
  overBalance,
  quantitiesByUnit,
  type FleetCost,
  type Indent,
  type IndentHistoryEntry,
  type IndentLine,
  type IndentPo,
  type IndentStatus,
} from '@erp/contracts';
import {
  cappedTotal,
  checkedPaging,
  containsPattern,
  countBound,
  generationSql,
  isUuid,
  type CappedTotal,
  type Queryable,
} from '@erp/service-kit';

export interface Actor {
  id: string | null;
  name: string;
}

export interface StoredIndent {
  id: string;
  indentNumber: string;
  title: string;
  status: IndentStatus;
  projectId: string;
  boqId: string;
  createdBy: string | null;
  version: number;
}

export interface StoredLine {
  id: string;
  position: number;
  itemId: string;
  itemName: string;
  unit: string;
  quantity: number;
  remark: string;
  selectedVendor: string | null;
  vendorName: string | null;
  reason: string;
  approverReason: string;
  pricePaise: number | null;
  gstPaise: number | null;
  /** planned − consumed of the BOQ line for the item; null without one. */
  balance: number | null;
  planned: number | null;
}

export interface LineInput {
  itemId: string;
  itemName: string;
  unit: string;
  quantity: number;
  remark: string;
}

export interface HeadInput {
  title: string;
  projectId: string;
  boqId: string;
  location: string;
  neededBy: string | null;
  notes: string;
}

export interface ListQuery {
  keyword: string;
  status: IndentStatus | null;
  projectId: string | null;
  /** Employee scope: only these projects (null = all). */
  only: string[] | null;
  sort: 'createdAt' | 'updatedAt';
  limit: number;
  offset: number;
  cap: number;
}

/**
 * How far the list counts a keyword's matches: a common word ('slab') matches a seventh of 100,000
 * indents, and counting 10,000 of them reads 70,000 rows on every page (26 ms of PostgreSQL's CPU per
 * page in bench/indent-list.mjs); 1,000 reads a tenth of that. The pager says '1,000+'.
 */
export const KEYWORD_COUNT_CAP = 1000;

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
interface HeadRow {
  id: string;
  indent_number: string;
  title: string;
  status: IndentStatus;
  project_id: string;
  project_name: string | null;
  project_code: string | null;
  boq_id: string;
  boq_number: string | null;
  boq_name: string | null;
  location: string;
  needed_by: string | null;
  notes: string;
  created_by: string | null;
  created_by_name: string;
  created_at: Date;
  updated_at: Date;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_at: Date | null;
  rework_comment: string | null;
  item_count: number;
  total_hundredths: string;
  total_paise: string;
  po_count: number;
  version: number;
}

const HEAD_SELECT = `i.id, i.indent_number, i.title, i.status, i.project_id, p.name AS project_name, p.project_code, i.boq_id, b.boq_number, b.name AS boq_name,
  i.location, i.needed_by::text AS needed_by, i.notes, i.created_by, i.created_by_name, i.created_at, i.updated_at, i.submitted_by, i.submitted_by_name, i.submitted_at,
  i.rework_comment, i.item_count, i.total_hundredths::text AS total_hundredths, i.total_paise::text AS total_paise, i.po_count, i.version`;

function head(r: HeadRow) {
  return {
    _id: r.id,
    indentId: r.indent_number,
    title: r.title,
    name: r.title,
    status: r.status,
    projectId: { _id: r.project_id, name: r.project_name ?? '', projectCode: r.project_code ?? '' },
    boqId: { _id: r.boq_id, boqId: r.boq_number ?? '', name: r.boq_name ?? '' },
    location: r.location,
    neededBy: r.needed_by,
    notes: r.notes,
    createdBy: r.created_by ? { _id: r.created_by, name: r.created_by_name } : null,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    submittedBy: r.submitted_by ? { _id: r.submitted_by, name: r.submitted_by_name ?? '' } : null,
    submittedAt: iso(r.submitted_at),
    reworkComment: r.rework_comment,
    version: r.version,
  };
}

export function indentRepository(schema: string) {
  const t = (name: string) => `${schema}.${name}`;
  // A BOQ revised since the indent was raised: its balance is the current confirmed revision's.
  const CURRENT_REVISION = `SELECT r.boq_id FROM ${t('boq_snapshots')} r WHERE r.boq_number = b.boq_number AND r.status = 'confirmed' ORDER BY r.revision DESC LIMIT 1`;
  const FROM = `${t('indents')} i LEFT JOIN ${t('project_snapshots')} p ON p.project_id = i.project_id LEFT JOIN ${t('boq_snapshots')} b ON b.boq_id = i.boq_id`;

  /**
   * The indent `i`'s quantities per unit (contracts' quantitiesByUnit: units in the order they first
   * appear), read along the lines' (indent_id, item_id) key; quantities are never added across units
   * (decision 0037). The lines are written with the indent's row, so the list's generation moves with them.
   */
  const BY_UNIT_JSON = `SELECT coalesce(json_agg(json_build_object('unit', u.unit, 'quantity', ${schema}.json_hundredths(u.q)::json) ORDER BY u.first), '[]'::json)
      FROM (SELECT l.unit, sum(l.quantity_hundredths)::bigint AS q, min(l.position) AS first FROM ${t('indent_lines')} l WHERE l.indent_id = i.id GROUP BY l.unit) u`;

  /**
   * One list row (IndentSummary) as JSON text, for the page row `pg`: the indent by primary key with
   * its project and BOQ (LIMIT 1 keeps the planner from hashing whole tables for a page of ten).
   */
  const SUMMARY_JSON = `SELECT json_build_object(
      '_id', i.id, 'indentId', i.indent_number, 'title', i.title, 'name', i.title, 'status', i.status,
      'projectId', json_build_object('_id', i.project_id, 'name', coalesce(p.name, ''), 'projectCode', coalesce(p.project_code, '')),
      'boqId', json_build_object('_id', i.boq_id, 'boqId', coalesce(b.boq_number, ''), 'name', coalesce(b.name, '')),
      'location', i.location, 'neededBy', i.needed_by::text, 'notes', i.notes,
      'createdBy', CASE WHEN i.created_by IS NULL THEN NULL ELSE json_build_object('_id', i.created_by, 'name', i.created_by_name) END,
      'createdAt', ${schema}.json_time(i.created_at), 'updatedAt', ${schema}.json_time(i.updated_at),
      'submittedBy', CASE WHEN i.submitted_by IS NULL THEN NULL ELSE json_build_object('_id', i.submitted_by, 'name', coalesce(i.submitted_by_name, '')) END,
      'submittedAt', ${schema}.json_time(i.submitted_at), 'reworkComment', i.rework_comment, 'version', i.version,
      'items', json_build_object('count', i.item_count, 'totalQuantity', ${schema}.json_hundredths(i.total_hundredths)::json,
                                 'totalAmount', ${schema}.json_hundredths(i.total_paise)::json,
                                 'byUnit', (${BY_UNIT_JSON})),
      'overBoqLines', i.over_boq_lines, 'poCount', i.po_count)::text AS entry
    FROM ${t('indents')} i
    LEFT JOIN LATERAL (SELECT name, project_code FROM ${t('project_snapshots')} WHERE project_id = i.project_id LIMIT 1) p ON true
    LEFT JOIN LATERAL (SELECT boq_number, name FROM ${t('boq_snapshots')} WHERE boq_id = i.boq_id LIMIT 1) b ON true
   WHERE i.id = pg.id LIMIT 1`;

  /** The lines of an indent with their BOQ plan and balance, in order. */
  async function lines(db: Queryable, id: string): Promise<StoredLine[]> {
    const res = await db.query<{
      id: string;
      position: number;
      item_id: string;
      item_name: string;
      unit: string;
      quantity_hundredths: string;
      remark: string;
      selected_vendor: string | null;
      vendor_name: string | null;
      reason: string;
      approver_reason: string;
      price_paise: string | null;
      gst_paise: string | null;
      planned: string | null;
      consumed: string | null;
    }>(
      `SELECT l.id, l.position, l.item_id, coalesce(s.name, l.item_name) AS item_name, l.unit, l.quantity_hundredths::text, l.remark, l.selected_vendor,
              coalesce(v.name, l.vendor_name) AS vendor_name, l.reason, l.approver_reason, l.price_paise::text, l.gst_paise::text,
              bl.planned_hundredths::text AS planned, c.consumed_hundredths::text AS consumed
         FROM ${t('indent_lines')} l
         JOIN ${t('indents')} i ON i.id = l.indent_id
         LEFT JOIN ${t('boq_snapshots')} b ON b.boq_id = i.boq_id
         LEFT JOIN LATERAL (${CURRENT_REVISION}) cur ON true
         LEFT JOIN ${t('boq_line_snapshots')} bl ON bl.boq_id = coalesce(cur.boq_id, i.boq_id) AND bl.item_id = l.item_id
         LEFT JOIN ${t('boq_consumed')} c ON c.boq_number = b.boq_number AND c.item_id = l.item_id
         LEFT JOIN ${t('item_snapshots')} s ON s.item_id = l.item_id
         LEFT JOIN ${t('vendor_snapshots')} v ON v.vendor_id = l.selected_vendor
        WHERE l.indent_id = $1
        ORDER BY l.position`,
      [id],
    );
    return res.rows.map((r) => {
      const planned = r.planned === null ? null : Number(r.planned);
      return {
        id: r.id,
        position: r.position,
        itemId: r.item_id,
        itemName: r.item_name,
        unit: r.unit,
        quantity: Number(r.quantity_hundredths),
        remark: r.remark,
        selectedVendor: r.selected_vendor,
        vendorName: r.vendor_name,
        reason: r.reason,
        approverReason: r.approver_reason,
        pricePaise: r.price_paise === null ? null : Number(r.price_paise),
        gstPaise: r.gst_paise === null ? null : Number(r.gst_paise),
        planned,
        balance: planned === null ? null : planned - Number(r.consumed ?? 0),
      };
    });
  }

  function lineOut(l: StoredLine): IndentLine {
    return {
      _id: l.id,
      itemId: l.itemId,
      itemName: l.itemName,
      unit: l.unit,
      quantity: fromHundredths(l.quantity),
      remark: l.remark,
      boq:
        l.planned === null
          ? null
          : { plannedQty: fromHundredths(l.planned), balanceQuantity: fromHundredths(l.balance!) },
      overBoq: fromHundredths(overBalance(l.quantity, l.balance)),
      selectedVendor: l.selectedVendor,
      vendorName: l.selectedVendor ? l.vendorName : null,
      reasonForSelection: l.reason,
      approverReason: l.approverReason,
      price: l.pricePaise === null ? null : fromPaise(l.pricePaise),
      gst: l.gstPaise === null ? null : fromPaise(l.gstPaise),
      vendors: [],
    };
  }

  return {
    lines,
    lineOut,

    async stored(db: Queryable, id: string, lock = false): Promise<StoredIndent | null> {
      const res = await db.query<{
        id: string;
        indent_number: string;
        title: string;
        status: IndentStatus;
        project_id: string;
        boq_id: string;
        created_by: string | null;
        version: number;
      }>(
        `SELECT id, indent_number, title, status, project_id, boq_id, created_by, version FROM ${t('indents')} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
        [id],
      );
      const r = res.rows[0];
      return r
        ? {
            id: r.id,
            indentNumber: r.indent_number,
            title: r.title,
            status: r.status,
            projectId: r.project_id,
            boqId: r.boq_id,
            createdBy: r.created_by,
            version: r.version,
          }
        : null;
    },

    /** The indent as GET /indent/{id} answers it (vendor options left empty), or null. */
    async detail(db: Queryable, id: string): Promise<Indent | null> {
      const res = await db.query<HeadRow>(`SELECT ${HEAD_SELECT} FROM ${FROM} WHERE i.id = $1`, [id]);
      const r = res.rows[0];
      if (!r) return null;
      const [ls, history, fleet, pos] = await Promise.all([
        lines(db, id),
        db.query<{
          at: Date;
          by_id: string | null;
          by_name: string;
          from_status: IndentStatus | null;
          to_status: IndentStatus;
          comment: string;
        }>(
          `SELECT at, by_id, by_name, from_status, to_status, comment FROM ${t('indent_history')} WHERE indent_id = $1 ORDER BY seq`,
          [id],
        ),
        db.query<{
          vendor_id: string;
          vendor_name: string;
          amount_paise: string;
          gst_paise: string;
          free: boolean;
        }>(
          `SELECT f.vendor_id, coalesce(v.name, f.vendor_name) AS vendor_name, f.amount_paise::text, f.gst_paise::text, f.free
             FROM ${t('indent_fleet')} f LEFT JOIN ${t('vendor_snapshots')} v ON v.vendor_id = f.vendor_id WHERE f.indent_id = $1 ORDER BY 2, 1`,
          [id],
        ),
        db.query<{
          po_id: string;
          po_number: string;
          vendor_id: string;
          vendor_name: string;
          item_count: number;
          amount_paise: string;
          status: string;
          order_date: Date;
        }>(
          // The status the PO service announced last, else the one it was created with.
          `SELECT p.po_id, p.po_number, p.vendor_id, p.vendor_name, p.item_count, p.amount_paise::text, coalesce(s.status, p.status) AS status, p.order_date
             FROM ${t('indent_pos')} p LEFT JOIN ${t('po_statuses')} s ON s.po_id = p.po_id WHERE p.indent_id = $1 ORDER BY p.po_number`,
          [id],
        ),
      ]);
      const items = ls.map(lineOut);
      return {
        ...head(r),
        items,
        itemCount: items.length,
        totalQuantity: fromHundredths(ls.reduce((s, l) => s + l.quantity, 0)),
        quantityByUnit: quantitiesByUnit(ls).map((u) => ({
          unit: u.unit,
          quantity: fromHundredths(u.quantity),
        })),
        pos: pos.rows.map((p): IndentPo => ({
          _id: p.po_id,
          id: p.po_id,
          poNumber: p.po_number,
          vendor: p.vendor_name,
          vendorId: p.vendor_id,
          items: p.item_count,
          amount: fromPaise(Number(p.amount_paise)),
          status: p.status,
          orderDate: iso(p.order_date)!,
        })),
        history: history.rows.map((h): IndentHistoryEntry => ({
          at: iso(h.at)!,
          by: { _id: h.by_id ?? '', name: h.by_name },
          from: h.from_status,
          to: h.to_status,
          comment: h.comment,
        })),
        fleet: fleet.rows.map((f): FleetCost => ({
          vendorId: f.vendor_id,
          vendorName: f.vendor_name,
          amount: fromPaise(Number(f.amount_paise)),
          gst: fromPaise(Number(f.gst_paise)),
          free: f.free,
        })),
      };
    },

    /**
     * A page of the list as JSON text (IndentListResponse's `result`), built by PostgreSQL in one
     * query with the total and the data's generation (decision 0021): the page's ids along an index of
     * `indents` alone (an offset never builds what it skips), each row's IndentSummary from that row
     * and its project and BOQ by primary key. The total: the kept counts without a keyword, else a
     * count capped at KEYWORD_COUNT_CAP. Times and numbers are written as Node writes them
     * (json_time, json_hundredths); a test holds each entry equal to the indent's page.
     */
    async listJson(db: Queryable, q: ListQuery): Promise<{ json: string; generation: string } & CappedTotal> {
      const where: string[] = [];
      const counted: string[] = [];
      const params: unknown[] = [];
      if (q.status) {
        params.push(q.status);
        where.push(`status = $${params.length}`);
        counted.push(`status = $${params.length}`);
      }
      if (q.projectId) {
        params.push(q.projectId);
        where.push(`project_id = $${params.length}::uuid`);
        counted.push(`project_id = $${params.length}::uuid`);
      }
      if (q.only) {
        params.push(q.only.filter(isUuid));
        where.push(`project_id = ANY($${params.length}::uuid[])`);
        counted.push(`project_id = ANY($${params.length}::uuid[])`);
      }
      if (q.keyword) {
        // Along the trigram index of `search` (which holds the project's name and code too).
        params.push(containsPattern(q.keyword.toLowerCase()));
        where.push(`search LIKE $${params.length}`);
      }
      const { limit, offset } = checkedPaging(q);
      // A keyword's matches are counted up to KEYWORD_COUNT_CAP at most (decision 0020): '1,000+'.
      const cap = Math.min(q.cap, KEYWORD_COUNT_CAP);
      const bound = countBound({ limit, offset, cap });
      const filter = where.length ? `WHERE ${where.map((c) => `(${c})`).join(' AND ')}` : '';
      const order = q.sort === 'updatedAt' ? 'updated_at DESC, id DESC' : 'created_at DESC, id DESC';
      const total = q.keyword
        ? `CASE WHEN (SELECT count(*) FROM page) < ${limit} AND ((SELECT count(*) FROM page) > 0 OR ${offset} = 0) THEN ${offset} + (SELECT count(*)::int FROM page)
                ELSE (SELECT count(*)::int FROM (SELECT 1 FROM ${t('indents')} ${filter} LIMIT ${bound + 1}) AS matches) END`
        : // The kept counts (deltas, kit migration 7): a sum of about one row per project and status.
          `(SELECT coalesce(sum(n), 0)::int FROM ${t('indent_counts')}${counted.length ? ` WHERE ${counted.map((c) => `(${c})`).join(' AND ')}` : ''})`;
      const res = await db.query<{ n: number; entries: string | null; g: string }>(
        `WITH page AS MATERIALIZED (
           SELECT id, row_number() OVER (ORDER BY ${order}) AS ord FROM ${t('indents')} ${filter}
            ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
         )
         SELECT ${total} AS n,
                (SELECT string_agg(e.entry, ',' ORDER BY pg.ord) FROM page pg CROSS JOIN LATERAL (${SUMMARY_JSON}) AS e) AS entries,
                ${generationSql(schema)} AS g`,
        params,
      );
      const row = res.rows[0]!;
      return {
        json: `[${row.entries ?? ''}]`,
        generation: row.g,
        ...(q.keyword ? cappedTotal(row.n, { limit, offset, cap }) : { total: row.n, capped: false }),
      };
    },

    async nextNumber(tx: Queryable): Promise<string> {
      const res = await tx.query<{ last: string }>(
        `UPDATE ${t('indent_numbers')} SET last = last + 1 RETURNING last::text`,
      );
      return `IND-${res.rows[0]!.last.padStart(6, '0')}`;
    },

    async insert(
      tx: Queryable,
      id: string,
      number: string,
      input: HeadInput,
      status: IndentStatus,
      actor: Actor,
    ): Promise<void> {
      await tx.query(
        `INSERT INTO ${t('indents')} (id, indent_number, title, project_id, boq_id, location, needed_by, notes, status, created_by, created_by_name,
           submitted_by, submitted_by_name, submitted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          id,
          number,
          input.title,
          input.projectId,
          input.boqId,
          input.location,
          input.neededBy,
          input.notes,
          status,
          actor.id,
          actor.name,
          status === 'compare' ? actor.id : null,
          status === 'compare' ? actor.name : null,
          status === 'compare' ? new Date() : null,
        ],
      );
    },

    async updateHead(
      tx: Queryable,
      id: string,
      input: HeadInput,
      status: IndentStatus,
      actor: Actor,
    ): Promise<void> {
      await tx.query(
        `UPDATE ${t('indents')} SET title = $2, project_id = $3, boq_id = $4, location = $5, needed_by = $6, notes = $7, status = $8,
            submitted_by = CASE WHEN $8 = 'compare' THEN $9::uuid ELSE submitted_by END,
            submitted_by_name = CASE WHEN $8 = 'compare' THEN $10 ELSE submitted_by_name END,
            submitted_at = CASE WHEN $8 = 'compare' THEN now() ELSE submitted_at END,
            rework_comment = CASE WHEN $8 = 'compare' THEN NULL ELSE rework_comment END,
            updated_at = now(), version = version + 1
          WHERE id = $1`,
        [
          id,
          input.title,
          input.projectId,
          input.boqId,
          input.location,
          input.neededBy,
          input.notes,
          status,
          actor.id,
          actor.name,
        ],
      );
    },

    /**
     * The lines as the form sent them. A line of an item already on the indent keeps its id and the
     * purchaser's choice (a send-back returns the indent with them); others are new.
     */
    async replaceLines(tx: Queryable, id: string, input: readonly LineInput[]): Promise<void> {
      const itemIds = input.map((l) => l.itemId);
      await tx.query(
        `DELETE FROM ${t('indent_lines')} WHERE indent_id = $1 AND NOT (item_id = ANY($2::uuid[]))`,
        [id, itemIds],
      );
      // Positions move out of the way first (no unique constraint on them, but keep it tidy).
      await tx.query(
        `INSERT INTO ${t('indent_lines')} AS l (id, indent_id, position, item_id, item_name, unit, quantity_hundredths, remark)
         SELECT gen_random_uuid(), $1, * FROM unnest($2::int[], $3::uuid[], $4::text[], $5::text[], $6::bigint[], $7::text[])
         ON CONFLICT (indent_id, item_id) DO UPDATE SET position = excluded.position, item_name = excluded.item_name, unit = excluded.unit,
           quantity_hundredths = excluded.quantity_hundredths, remark = excluded.remark`,
        [
          id,
          input.map((_, i) => i + 1),
          itemIds,
          input.map((l) => l.itemName),
          input.map((l) => l.unit),
          input.map((l) => l.quantity),
          input.map((l) => l.remark),
        ],
      );
      await tx.query(
        `UPDATE ${t('indents')} SET item_count = $2, total_hundredths = $3, over_boq_lines = ${t('over_boq_lines')}($1) WHERE id = $1`,
        [id, input.length, input.reduce((s, l) => s + l.quantity, 0)],
      );
    },

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
    async refreshOverBoqForConsumption(
      tx: Queryable,
      boqNumber: string,
      changes: ReadonlyArray<{ itemId: string; before: number; after: number }>,
    ): Promise<void> {
      if (changes.length === 0) return;
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
      if (stale.rows.length === 0) return;
      await tx.query(
        `UPDATE ${t('indents')} i SET over_boq_lines = ${t('over_boq_lines')}(i.id)
          WHERE i.id = ANY($1::uuid[]) AND i.over_boq_lines IS DISTINCT FROM ${t('over_boq_lines')}(i.id)`,
        [stale.rows.map((r) => r.id)],
      );
    },

    /** Count again the lines over the BOQ of every indent drawing on a BOQ number (its revisions changed). */
    async refreshOverBoq(tx: Queryable, boqNumber: string): Promise<void> {
      await tx.query(
        `UPDATE ${t('indents')} i SET over_boq_lines = ${t('over_boq_lines')}(i.id)
          WHERE i.boq_id IN (SELECT boq_id FROM ${t('boq_snapshots')} WHERE boq_number = $1)
            AND i.over_boq_lines IS DISTINCT FROM ${t('over_boq_lines')}(i.id)`,
        [boqNumber],
      );
    },

    /**
     * Keep the words a keyword finds: number, title, project name and code, creator, notes,
     * location. Of one indent (`{ id }`) when it is saved, or of a project's indents (`{ projectId }`)
     * when the project is renamed.
     */
    async refreshSearch(tx: Queryable, which: { id: string } | { projectId: string }): Promise<void> {
      const [column, value] = 'id' in which ? ['id', which.id] : ['project_id', which.projectId];
      await tx.query(
        `UPDATE ${t('indents')} i SET search = lower(concat_ws(' ', i.indent_number, i.title, p.project_code, p.name, i.created_by_name, i.notes, i.location))
           FROM (SELECT x.id, s.project_code, s.name FROM ${t('indents')} x LEFT JOIN ${t('project_snapshots')} s ON s.project_id = x.project_id
                  WHERE x.${column} = $1::uuid) p
          WHERE i.id = p.id`,
        [value],
      );
    },

    async history(
      tx: Queryable,
      id: string,
      by: Actor,
      from: IndentStatus | null,
      to: IndentStatus,
      comment = '',
    ): Promise<void> {
      await tx.query(
        `INSERT INTO ${t('indent_history')} (indent_id, by_id, by_name, from_status, to_status, comment) VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, by.id, by.name, from, to, comment],
      );
    },

    /** Items of the master as this service knows them (name and unit), by id. */
    async items(db: Queryable, ids: readonly string[]): Promise<Map<string, { name: string; unit: string }>> {
      const res = await db.query<{ item_id: string; name: string; unit: string }>(
        `SELECT item_id, name, unit FROM ${t('item_snapshots')} WHERE item_id = ANY($1::uuid[])`,
        [ids],
      );
      return new Map(res.rows.map((r) => [r.item_id, { name: r.name, unit: r.unit }]));
    },

    /** The BOQ revision if it is a confirmed BOQ of the project. */
    async usableBoq(db: Queryable, boqId: string, projectId: string): Promise<boolean> {
      const res = await db.query(
        `SELECT 1 FROM ${t('boq_snapshots')} WHERE boq_id = $1 AND project_id = $2 AND status = 'confirmed'`,
        [boqId, projectId],
      );
      return res.rows.length > 0;
    },

    async projectKnown(db: Queryable, projectId: string): Promise<boolean> {
      return (
        (await db.query(`SELECT 1 FROM ${t('project_snapshots')} WHERE project_id = $1`, [projectId])).rows
          .length > 0
      );
    },

    async fleet(
      db: Queryable,
      id: string,
    ): Promise<Map<string, { amountPaise: number; gstPaise: number; free: boolean }>> {
      const res = await db.query<{
        vendor_id: string;
        amount_paise: string;
        gst_paise: string;
        free: boolean;
      }>(
        `SELECT vendor_id, amount_paise::text, gst_paise::text, free FROM ${t('indent_fleet')} WHERE indent_id = $1`,
        [id],
      );
      return new Map(
        res.rows.map((r) => [
          r.vendor_id,
          { amountPaise: Number(r.amount_paise), gstPaise: Number(r.gst_paise), free: r.free },
        ]),
      );
    },

    /** Counts for the dashboard, per status, within the projects given (null = all): from the kept counts. */
    async counts(db: Queryable, only: string[] | null): Promise<Record<IndentStatus, number>> {
      const res = await db.query<{ status: IndentStatus; n: number }>(
        `SELECT status, sum(n)::int AS n FROM ${t('indent_counts')} ${only ? 'WHERE project_id = ANY($1::uuid[])' : ''} GROUP BY status`,
        only ? [only] : [],
      );
      const out: Record<IndentStatus, number> = { draft: 0, compare: 0, approval: 0, approved: 0 };
      for (const r of res.rows) out[r.status] = r.n;
      return out;
    },
  };
}

export type IndentRepository = ReturnType<typeof indentRepository>;
export const newId = (): string => randomUUID();

import { randomUUID } from 'node:crypto';
import {
  fromHundredths,
  fromPaise,
  lineAmount,
  sumPaise,
  type Boq,
  type BoqItemBalance,
  type BoqLine,
  type BoqRevisionRef,
  type BoqStatus,
  type BoqSummary,
  type BoqUpsertedData,
  type ItemUpsertedData,
} from '@erp/contracts';
import {
  cappedTotal,
  checkedPaging,
  containsPattern,
  countBound,
  generationSql,
  type Queryable,
} from '@erp/service-kit';
import type { JsonPage } from './projects.js';

/** A line as stored: integer hundredths and paise. */
export interface LineInput {
  itemId: string;
  unit: string;
  plannedHundredths: number;
  ratePaise: number;
  remark: string;
}

/** What the BOQ form carries once trimmed and checked. */
export interface BoqInput {
  projectId: string;
  name: string;
  description: string;
  notes: string;
  lines: LineInput[];
}

export interface BoqActor {
  id: string;
  name: string;
}

/** The columns of a BOQ row the routes decide on (status, number, version), without its lines. */
export interface StoredBoq {
  id: string;
  boqNumber: string;
  revision: number;
  projectId: string;
  name: string;
  status: BoqStatus;
  version: number;
}

interface SummaryRow {
  id: string;
  boq_number: string;
  revision: number;
  name: string;
  description: string;
  notes: string;
  project_id: string;
  project_name: string;
  project_code: string;
  status: BoqStatus;
  item_count: number;
  indent_count: number;
  total_paise: string;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
}

interface DetailRow extends SummaryRow {
  confirmed_at: Date | string | null;
  confirmed_by: string | null;
  confirmed_by_name: string | null;
}

interface LineRow {
  id: string;
  item_id: string;
  name: string;
  unit: string;
  planned: string;
  rate: string;
  remark: string;
  consumed: string;
}

export interface BoqListQuery {
  keyword: string;
  /** One status, or null for the current revisions (draft and confirmed). */
  status: BoqStatus | null;
  projectId: string | null;
  /** Only these projects (an Employee's); null for every project. */
  only: string[] | null;
  limit: number;
  offset: number;
  cap?: number;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const BOQ_NUMBER_PREFIX = 'BOQ-';
export const boqNumber = (n: number) => `${BOQ_NUMBER_PREFIX}${String(n).padStart(4, '0')}`;

// Bigints as text on both drivers (pg answers int8 as a string, PGlite as a bigint or number).
const SUMMARY_COLUMNS = `b.id, b.boq_number, b.revision, b.name, b.description, b.notes, b.project_id, p.name AS project_name,
  p.project_code, b.status, b.item_count, b.indent_count, b.total_paise::text AS total_paise, b.created_by, b.created_by_name,
  b.created_at, b.updated_at, b.version`;

function toSummary(r: SummaryRow): BoqSummary {
  return {
    _id: r.id,
    boqId: r.boq_number,
    revision: r.revision,
    name: r.name,
    description: r.description,
    notes: r.notes,
    projectId: { _id: r.project_id, name: r.project_name, projectCode: r.project_code },
    status: r.status,
    itemCount: r.item_count,
    indentCount: r.indent_count,
    totalAmount: fromPaise(Number(r.total_paise)),
    createdBy: r.created_by ? { _id: r.created_by, name: r.created_by_name ?? '' } : null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    version: r.version,
  };
}

function toLine(r: LineRow): BoqLine {
  const planned = Number(r.planned);
  const consumed = Number(r.consumed);
  const rate = Number(r.rate);
  return {
    _id: r.id,
    item: { _id: r.item_id, name: r.name },
    itemId: r.item_id,
    name: r.name,
    unit: r.unit,
    plannedQty: fromHundredths(planned),
    rate: fromPaise(rate),
    amount: fromPaise(lineAmount(rate, planned)),
    consumedQuantity: fromHundredths(consumed),
    balanceQuantity: fromHundredths(planned - consumed),
    remark: r.remark,
  };
}

/**
 * The BOQs of the projects service (SPEC §2 "BOQ"; decision 0016): revisions sharing a number,
 * their lines, the item snapshots the lines name, and the consumption goods receipts add per number.
 */
export function boqsRepository(schema: string) {
  const t = (name: string) => `${schema}.${name}`;

  /** One query: the revision's lines with the item's name and what was consumed of it under this number. */
  async function lines(db: Queryable, id: string, number: string): Promise<BoqLine[]> {
    const res = await db.query<LineRow>(
      `SELECT l.id, l.item_id, coalesce(s.name, '') AS name, l.unit, l.planned_hundredths::text AS planned, l.rate_paise::text AS rate,
              l.remark, coalesce(c.consumed_hundredths, 0)::text AS consumed
         FROM ${t('boq_lines')} l
         LEFT JOIN ${t('item_snapshots')} s ON s.item_id = l.item_id
         LEFT JOIN ${t('boq_consumption')} c ON c.boq_number = $2 AND c.item_id = l.item_id
        WHERE l.boq_id = $1
        ORDER BY l.line_no`,
      [id, number],
    );
    return res.rows.map(toLine);
  }

  /** The revision's deciding columns; `lock` locks every revision of its number (in revision order). */
  async function stored(db: Queryable, id: string, lock = false): Promise<StoredBoq | null> {
    const res = await db.query<{
      id: string;
      boq_number: string;
      revision: number;
      project_id: string;
      name: string;
      status: BoqStatus;
      version: number;
    }>(`SELECT id, boq_number, revision, project_id, name, status, version FROM ${t('boqs')} WHERE id = $1`, [
      id,
    ]);
    const r = res.rows[0];
    if (!r) return null;
    if (lock) {
      await db.query(`SELECT id FROM ${t('boqs')} WHERE boq_number = $1 ORDER BY revision FOR UPDATE`, [
        r.boq_number,
      ]);
      return stored(db, id, false);
    }
    return {
      id: r.id,
      boqNumber: r.boq_number,
      revision: r.revision,
      projectId: r.project_id,
      name: r.name,
      status: r.status,
      version: r.version,
    };
  }

  /** Every revision of a number, newest first. */
  async function revisions(
    db: Queryable,
    number: string,
  ): Promise<Array<BoqRevisionRef & { projectId: string }>> {
    const res = await db.query<{
      id: string;
      revision: number;
      status: BoqStatus;
      created_at: Date | string;
      project_id: string;
    }>(
      `SELECT id, revision, status, created_at, project_id FROM ${t('boqs')} WHERE boq_number = $1 ORDER BY revision DESC`,
      [number],
    );
    return res.rows.map((r) => ({
      _id: r.id,
      revision: r.revision,
      status: r.status,
      createdAt: iso(r.created_at),
      projectId: r.project_id,
    }));
  }

  return {
    stored,
    revisions,

    /**
     * A page of the BOQ list (newest first) as JSON text from one query (decision 0018): the page's ids
     * along an index, each BOQ's list entry as PostgreSQL keeps it (migration 004), joined. The total
     * comes from the counts kept per project and status; only a keyword search counts its matches
     * (capped, and only when the page is full).
     */
    async listJson(db: Queryable, q: BoqListQuery): Promise<JsonPage> {
      const where: string[] = [];
      const counted: string[] = [];
      const params: unknown[] = [];
      if (q.keyword) {
        params.push(containsPattern(q.keyword));
        where.push(`search LIKE $${params.length}`);
      }
      if (q.status) {
        params.push(q.status);
        where.push(`status = $${params.length}`);
        counted.push(`status = $${params.length}`);
      } else {
        // Superseded revisions are history, reached from their BOQ's page (partial index boqs_listed).
        where.push(`status <> 'superseded'`);
        counted.push(`status <> 'superseded'`);
      }
      if (q.projectId) {
        params.push(q.projectId);
        where.push(`project_id = $${params.length}::uuid`);
        counted.push(`project_id = $${params.length}::uuid`);
      }
      if (q.only) {
        params.push(q.only.filter((id) => UUID.test(id)));
        where.push(`project_id = ANY($${params.length}::uuid[])`);
        counted.push(`project_id = ANY($${params.length}::uuid[])`);
      }
      const { limit, offset } = checkedPaging(q);
      const bound = countBound({ limit, offset, cap: q.cap });
      const filter = `WHERE ${where.map((c) => `(${c})`).join(' AND ')}`;
      const total = q.keyword
        ? `CASE WHEN (SELECT count(*) FROM page) < ${limit} AND ((SELECT count(*) FROM page) > 0 OR ${offset} = 0) THEN ${offset} + (SELECT count(*)::int FROM page)
                ELSE (SELECT count(*)::int FROM (SELECT 1 FROM ${t('boqs')} ${filter} LIMIT ${bound + 1}) AS matches) END`
        : `(SELECT coalesce(sum(n), 0)::int FROM ${t('boq_counts')} WHERE ${counted.map((c) => `(${c})`).join(' AND ')})`;
      const res = await db.query<{ n: number; entries: string | null; g: string }>(
        `WITH page AS MATERIALIZED (
           SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS ord FROM ${t('boqs')} ${filter}
            ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}
         )
         SELECT ${total} AS n,
                -- Each entry by its primary key (LIMIT 1 keeps the planner from scanning the table to hash it).
                (SELECT string_agg(e.list_entry, ',' ORDER BY pg.ord)
                   FROM page pg CROSS JOIN LATERAL (SELECT list_entry FROM ${t('boqs')} WHERE id = pg.id LIMIT 1) AS e) AS entries,
                ${generationSql(schema)} AS g`,
        params,
      );
      const row = res.rows[0]!;
      const json = `[${row.entries ?? ''}]`;
      return {
        json,
        generation: row.g,
        ...(q.keyword ? cappedTotal(row.n, { limit, offset, cap: q.cap }) : { total: row.n, capped: false }),
      };
    },

    /**
     * GET /boq/{id} as JSON text built by PostgreSQL (decision 0018): the list entry, the lines with
     * what was consumed under the BOQ's number, who confirmed it and its revisions. `detail` builds the
     * same answer in Node for the writes' responses; a test holds the two equal.
     */
    async detailJson(db: Queryable, id: string): Promise<{ json: string; generation: string } | null> {
      const res = await db.query<{ json: string; g: string }>(
        `SELECT ${generationSql(schema)} AS g, left(b.list_entry, -1) || ',"items":[' || coalesce(l.items, '') || '],' || substr(row_to_json(x)::text, 2) AS json
           FROM ${t('boqs')} b
           CROSS JOIN LATERAL (
             -- The line's entry as kept (migration 004) with what receipts consumed under the BOQ's number.
             SELECT string_agg(l.entry || ',"consumedQuantity":' || ${t('json_hundredths')}(coalesce(c.consumed_hundredths, 0))
                      || ',"balanceQuantity":' || ${t('json_hundredths')}(l.planned_hundredths - coalesce(c.consumed_hundredths, 0)) || '}',
                      ',' ORDER BY l.line_no) AS items
               FROM ${t('boq_lines')} l
               LEFT JOIN ${t('boq_consumption')} c ON c.boq_number = b.boq_number AND c.item_id = l.item_id
              WHERE l.boq_id = b.id
           ) AS l
           CROSS JOIN LATERAL (
             SELECT to_char(b.confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "confirmedAt",
                    (SELECT row_to_json(a) FROM (SELECT b.confirmed_by AS "_id", coalesce(b.confirmed_by_name, '') AS name) AS a
                      WHERE b.confirmed_by IS NOT NULL) AS "confirmedBy",
                    (SELECT json_agg(r ORDER BY r.revision DESC)
                       FROM (SELECT id AS "_id", revision, status,
                                    to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
                               FROM ${t('boqs')} WHERE boq_number = b.boq_number) AS r) AS revisions
           ) AS x
          WHERE b.id = $1`,
        [id],
      );
      const row = res.rows[0];
      return row ? { json: row.json, generation: row.g } : null;
    },

    /** The BOQ as GET /boq/{id} answers it. */
    async detail(db: Queryable, id: string): Promise<Boq | null> {
      const res = await db.query<DetailRow>(
        `SELECT ${SUMMARY_COLUMNS}, b.confirmed_at, b.confirmed_by, b.confirmed_by_name
           FROM ${t('boqs')} b JOIN ${t('projects')} p ON p.id = b.project_id WHERE b.id = $1`,
        [id],
      );
      const r = res.rows[0];
      if (!r) return null;
      const items = await lines(db, id, r.boq_number);
      const history = await revisions(db, r.boq_number);
      return {
        ...toSummary(r),
        items,
        confirmedAt: r.confirmed_at ? iso(r.confirmed_at) : null,
        confirmedBy: r.confirmed_by ? { _id: r.confirmed_by, name: r.confirmed_by_name ?? '' } : null,
        revisions: history.map(({ projectId: _p, ...ref }) => ref),
      };
    },

    /** GET /boq/items/{id}: what an indent may draw on. */
    async balances(db: Queryable, id: string, number: string): Promise<BoqItemBalance[]> {
      return (await lines(db, id, number)).map((l) => ({
        itemId: l.itemId,
        name: l.name,
        unit: l.unit,
        plannedQty: l.plannedQty,
        consumedQuantity: l.consumedQuantity,
        balanceQuantity: l.balanceQuantity,
      }));
    },

    /** Ids of these items that the item snapshots do not know. */
    async unknownItems(db: Queryable, itemIds: string[]): Promise<Set<string>> {
      const unique = [...new Set(itemIds)];
      if (unique.length === 0) return new Set();
      const res = await db.query<{ item_id: string }>(
        `SELECT item_id FROM ${t('item_snapshots')} WHERE item_id = ANY($1::uuid[])`,
        [unique],
      );
      const known = new Set(res.rows.map((r) => r.item_id));
      return new Set(unique.filter((id) => !known.has(id)));
    },

    /** The next BOQ number (BOQ-0001 upward, never reused). */
    async nextNumber(db: Queryable): Promise<string> {
      const res = await db.query<{ n: string }>(`SELECT nextval('${t('boq_number_seq')}')::text AS n`);
      return boqNumber(Number(res.rows[0]!.n));
    },

    /**
     * Add (or take) `delta` BOQ numbers to the project's count, locking its row; answers the text
     * the keyword search matches the project by, or null when there is no such project.
     */
    async countOnProject(db: Queryable, projectId: string, delta: number): Promise<string | null> {
      const res = await db.query<{ search: string }>(
        `UPDATE ${t('projects')} SET boq_count = boq_count + $2 WHERE id = $1 RETURNING project_code || ' ' || name AS search`,
        [projectId, delta],
      );
      return res.rows[0]?.search ?? null;
    },

    /** A project was renamed (or its code changed): its BOQs are found by the new words. */
    async projectChanged(db: Queryable, projectId: string): Promise<void> {
      await db.query(
        `UPDATE ${t('boqs')} b SET project_search = p.project_code || ' ' || p.name
           FROM ${t('projects')} p WHERE p.id = $1 AND b.project_id = p.id AND b.project_search <> p.project_code || ' ' || p.name`,
        [projectId],
      );
    },

    async insert(
      db: Queryable,
      b: {
        id?: string;
        boqNumber: string;
        revision: number;
        status: 'draft' | 'confirmed';
        projectSearch: string;
        actor: BoqActor;
        createdAt?: string;
      },
      input: BoqInput,
    ): Promise<string> {
      const id = b.id ?? randomUUID();
      const confirmed = b.status === 'confirmed';
      await db.query(
        `INSERT INTO ${t('boqs')} (id, boq_number, revision, project_id, name, description, notes, status, item_count, total_paise,
                created_by, created_by_name, updated_by, confirmed_at, confirmed_by, confirmed_by_name, project_search)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $11, CASE WHEN $13::boolean THEN now() END,
                 CASE WHEN $13::boolean THEN $11::uuid END, CASE WHEN $13::boolean THEN $12 END, $14)`,
        [
          id,
          b.boqNumber,
          b.revision,
          input.projectId,
          input.name,
          input.description,
          input.notes,
          b.status,
          input.lines.length,
          String(totalPaise(input.lines)),
          b.actor.id,
          b.actor.name,
          confirmed,
          b.projectSearch,
        ],
      );
      await insertLines(db, id, input.lines);
      return id;
    },

    /** A draft's fields and lines replaced (the form is sent whole); a new version. */
    async update(
      db: Queryable,
      id: string,
      input: BoqInput,
      actor: BoqActor,
      projectSearch: string | null,
    ): Promise<void> {
      await db.query(
        `UPDATE ${t('boqs')} SET project_id = $2, name = $3, description = $4, notes = $5, item_count = $6, total_paise = $7,
                updated_by = $8, updated_at = now(), version = version + 1, project_search = coalesce($9, project_search)
          WHERE id = $1`,
        [
          id,
          input.projectId,
          input.name,
          input.description,
          input.notes,
          input.lines.length,
          String(totalPaise(input.lines)),
          actor.id,
          projectSearch,
        ],
      );
      await db.query(`DELETE FROM ${t('boq_lines')} WHERE boq_id = $1`, [id]);
      await insertLines(db, id, input.lines);
    },

    async setStatus(db: Queryable, id: string, status: BoqStatus, actor: BoqActor): Promise<void> {
      await db.query(
        `UPDATE ${t('boqs')} SET status = $2, updated_by = $3, updated_at = now(), version = version + 1,
                confirmed_at = CASE WHEN $2 = 'confirmed' THEN now() ELSE confirmed_at END,
                confirmed_by = CASE WHEN $2 = 'confirmed' THEN $3::uuid ELSE confirmed_by END,
                confirmed_by_name = CASE WHEN $2 = 'confirmed' THEN $4 ELSE confirmed_by_name END
          WHERE id = $1`,
        [id, status, actor.id, actor.name],
      );
    },

    /** A new draft revision of a confirmed one: same number, fields and lines (new line ids). */
    async copyAsDraft(db: Queryable, from: StoredBoq, actor: BoqActor): Promise<string> {
      const id = randomUUID();
      const next = await db.query<{ n: number }>(
        `SELECT max(revision) + 1 AS n FROM ${t('boqs')} WHERE boq_number = $1`,
        [from.boqNumber],
      );
      await db.query(
        `INSERT INTO ${t('boqs')} (id, boq_number, revision, project_id, name, description, notes, status, item_count, total_paise,
                indent_count, created_by, created_by_name, updated_by, project_search)
         SELECT $2, boq_number, $3, project_id, name, description, notes, 'draft', item_count, total_paise, indent_count, $4, $5, $4, project_search
           FROM ${t('boqs')} WHERE id = $1`,
        [from.id, id, next.rows[0]!.n, actor.id, actor.name],
      );
      await db.query(
        `INSERT INTO ${t('boq_lines')} (boq_id, line_no, id, item_id, unit, planned_hundredths, rate_paise, amount_paise, remark)
         SELECT $2, line_no, gen_random_uuid(), item_id, unit, planned_hundredths, rate_paise, amount_paise, remark FROM ${t('boq_lines')} WHERE boq_id = $1`,
        [from.id, id],
      );
      return id;
    },

    async remove(db: Queryable, id: string): Promise<void> {
      await db.query(`DELETE FROM ${t('boqs')} WHERE id = $1`, [id]);
    },

    /** Confirmed revisions of these projects (all when null): the dashboard's Active BoQs, from the kept counts. */
    async countConfirmed(db: Queryable, only: string[] | null): Promise<number> {
      const res = only
        ? await db.query<{ n: number }>(
            `SELECT coalesce(sum(n), 0)::int AS n FROM ${t('boq_counts')} WHERE status = 'confirmed' AND project_id = ANY($1::uuid[])`,
            [only.filter((id) => UUID.test(id))],
          )
        : await db.query<{ n: number }>(
            `SELECT coalesce(sum(n), 0)::int AS n FROM ${t('boq_counts')} WHERE status = 'confirmed'`,
          );
      return res.rows[0]!.n;
    },

    /** erp.projects.boq_upserted.v1 of a stored revision (status 'deleted' given for one just removed). */
    async event(
      db: Queryable,
      id: string,
      deleted?: StoredBoq & { version: number },
    ): Promise<BoqUpsertedData> {
      if (deleted) {
        return {
          boqId: deleted.id,
          boqNumber: deleted.boqNumber,
          revision: deleted.revision,
          projectId: deleted.projectId,
          name: deleted.name,
          status: 'deleted',
          lines: [],
          version: deleted.version + 1,
        };
      }
      const b = (await stored(db, id))!;
      const ls = await lines(db, id, b.boqNumber);
      return {
        boqId: b.id,
        boqNumber: b.boqNumber,
        revision: b.revision,
        projectId: b.projectId,
        name: b.name,
        status: b.status,
        lines: ls.map((l) => ({ itemId: l.itemId, name: l.name, unit: l.unit, plannedQty: l.plannedQty })),
        version: b.version,
      };
    },

    items: {
      /** Keep the newest version of each item; answers how many were stored or changed. */
      async upsert(db: Queryable, items: ItemUpsertedData[]): Promise<number> {
        const valid = items.filter((i) => UUID.test(i.itemId));
        if (valid.length === 0) return 0;
        const res = await db.query(
          `INSERT INTO ${t('item_snapshots')} AS s (item_id, name, unit, status, version)
           SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[])
           ON CONFLICT (item_id) DO UPDATE SET name = excluded.name, unit = excluded.unit, status = excluded.status, version = excluded.version
            WHERE s.version < excluded.version`,
          [
            valid.map((i) => i.itemId),
            valid.map((i) => i.name),
            valid.map((i) => i.unit),
            valid.map((i) => i.status),
            valid.map((i) => i.version),
          ],
        );
        return res.rowCount ?? 0;
      },

      async isEmpty(db: Queryable): Promise<boolean> {
        return (await db.query(`SELECT 1 FROM ${t('item_snapshots')} LIMIT 1`)).rows.length === 0;
      },
    },

    consumption: {
      /** The BOQ number and project of a revision id (null when there is none). */
      async boqOf(db: Queryable, boqId: string): Promise<{ boqNumber: string; projectId: string } | null> {
        if (!UUID.test(boqId)) return null;
        const res = await db.query<{ boq_number: string; project_id: string }>(
          `SELECT boq_number, project_id FROM ${t('boqs')} WHERE id = $1`,
          [boqId],
        );
        const row = res.rows[0];
        return row ? { boqNumber: row.boq_number, projectId: row.project_id } : null;
      },

      /**
       * A receipt's quantity of an item counted once: recorded in boq_receipts (receipt, item) and,
       * only when that row is new, added to the number's consumption. Answers the number's consumed
       * total of the item after the addition, in hundredths (the row stays locked until the
       * transaction ends, so it is the total at commit), or null when the receipt was counted before.
       */
      async add(
        db: Queryable,
        r: { receiptId: string; itemId: string; boqNumber: string; hundredths: number; receivedAt: string },
      ): Promise<number | null> {
        const inserted = await db.query(
          `INSERT INTO ${t('boq_receipts')} (receipt_id, item_id, boq_number, quantity_hundredths, received_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (receipt_id, item_id) DO NOTHING RETURNING 1`,
          [r.receiptId, r.itemId, r.boqNumber, String(r.hundredths), r.receivedAt],
        );
        if (inserted.rows.length === 0) return null;
        const total = await db.query<{ consumed_hundredths: number | string }>(
          `INSERT INTO ${t('boq_consumption')} AS c (boq_number, item_id, consumed_hundredths) VALUES ($1, $2, $3)
           ON CONFLICT (boq_number, item_id) DO UPDATE SET consumed_hundredths = c.consumed_hundredths + excluded.consumed_hundredths
           RETURNING c.consumed_hundredths`,
          [r.boqNumber, r.itemId, String(r.hundredths)],
        );
        return Number(total.rows[0]!.consumed_hundredths);
      },
    },
  };

  /** Every line in one statement (a BOQ may have thousands). */
  async function insertLines(db: Queryable, boqId: string, ls: LineInput[]): Promise<void> {
    if (ls.length === 0) return;
    await db.query(
      `INSERT INTO ${t('boq_lines')} (boq_id, line_no, id, item_id, unit, planned_hundredths, rate_paise, amount_paise, remark)
       SELECT $1, n, id, item_id, unit, planned, rate, amount, remark
         FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::text[])
              WITH ORDINALITY AS x(id, item_id, unit, planned, rate, amount, remark, n)`,
      [
        boqId,
        ls.map(() => randomUUID()),
        ls.map((l) => l.itemId),
        ls.map((l) => l.unit),
        ls.map((l) => String(l.plannedHundredths)),
        ls.map((l) => String(l.ratePaise)),
        ls.map((l) => String(lineAmount(l.ratePaise, l.plannedHundredths))),
        ls.map((l) => l.remark),
      ],
    );
  }
}
export type BoqsRepository = ReturnType<typeof boqsRepository>;

export function totalPaise(ls: LineInput[]): number {
  return sumPaise(ls.map((l) => lineAmount(l.ratePaise, l.plannedHundredths)));
}

/**
 * Background import. Rows are grouped by item; each item group is applied all-or-nothing (its own
 * savepoint), so a refused row refuses its whole item and nothing of it is stored. Groups are
 * written in chunks (one transaction each) to keep 10,000 rows fast; a chunk announces each item it
 * wrote (ItemUpserted, with the prices of all of them read in one query) and each touched vendor
 * once (VendorItemsChanged) in the same transaction as the prices.
 */
import { randomUUID } from 'node:crypto';
import type { ImportJob, ImportRowResult } from '@erp/contracts';
import { HttpError, isUniqueViolation, type Queryable } from '@erp/service-kit';
import {
  planItem,
  Refusal,
  UNIT_MESSAGE,
  canonicalUnit,
  cleanName,
  type DesiredPrice,
  type ItemInput,
  type ItemState,
  type VendorInfo,
} from '../plan.js';
import { announceItems, type WrittenItem } from '../events/item-upserted.js';
import { bumpGeneration } from '../list-cache.js';
import type { Actor } from '../repositories/items.js';
import { NAME_TAKEN, type CatalogDeps } from '../writer.js';
import { groupByItem, rowPrice, VendorLookup, type ImportRow } from './parse.js';

const CHUNK_GROUPS = 250;

interface JobRow {
  id: string;
  file_name: string;
  status: ImportJob['status'];
  total_rows: number;
  processed_rows: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  message: string;
  created_at: Date;
}

export function importJobs(schema: string) {
  const s = schema;
  return {
    async create(db: Queryable, fileName: string, totalRows: number, by: Actor): Promise<string> {
      const id = randomUUID();
      await db.query(
        `INSERT INTO ${s}.import_jobs (id, file_name, status, total_rows, created_by, created_by_name) VALUES ($1, $2, 'running', $3, $4, $5)`,
        [id, fileName, totalRows, by.id, by.name],
      );
      return id;
    },
    /** A job; with `startedBy`, only when that member started it. */
    async get(db: Queryable, id: string, startedBy?: string): Promise<ImportJob | null> {
      const res = await db.query<JobRow>(
        `SELECT * FROM ${s}.import_jobs WHERE id = $1 AND ($2::uuid IS NULL OR created_by = $2::uuid)`,
        [id, startedBy ?? null],
      );
      const j = res.rows[0];
      if (!j) return null;
      const chunks = await db.query<{ results: ImportRowResult[] }>(
        `SELECT results FROM ${s}.import_job_rows WHERE job_id = $1 ORDER BY chunk`,
        [id],
      );
      const rows = chunks.rows.flatMap((c) => c.results).sort((a, b) => a.row - b.row);
      return {
        _id: j.id,
        fileName: j.file_name,
        status: j.status,
        totalRows: j.total_rows,
        processedRows: j.processed_rows,
        created: j.created,
        updated: j.updated,
        unchanged: j.unchanged,
        refused: j.refused,
        message: j.message,
        rows,
        createdAt: j.created_at.toISOString(),
      };
    },
    async recordChunk(tx: Queryable, id: string, chunk: number, results: ImportRowResult[]): Promise<void> {
      const n = (o: ImportRowResult['outcome']) => results.filter((r) => r.outcome === o).length;
      await tx.query(`INSERT INTO ${s}.import_job_rows (job_id, chunk, results) VALUES ($1, $2, $3::jsonb)`, [
        id,
        chunk,
        JSON.stringify(results),
      ]);
      await tx.query(
        `UPDATE ${s}.import_jobs SET processed_rows = processed_rows + $2, created = created + $3, updated = updated + $4,
           unchanged = unchanged + $5, refused = refused + $6 WHERE id = $1`,
        [id, results.length, n('created'), n('updated'), n('unchanged'), n('refused')],
      );
    },
    async finish(db: Queryable, id: string, status: 'done' | 'failed', message: string): Promise<void> {
      await db.query(
        `UPDATE ${s}.import_jobs SET status = $2, message = $3, finished_at = now() WHERE id = $1`,
        [id, status, message],
      );
    },
    /** Jobs cut short by a restart are reported as failed rather than running for ever. */
    async failInterrupted(db: Queryable): Promise<void> {
      await db.query(
        `UPDATE ${s}.import_jobs SET status = 'failed', message = 'The import was interrupted by a restart; upload the file again', finished_at = now() WHERE status = 'running'`,
      );
    },
  };
}
export type ImportJobs = ReturnType<typeof importJobs>;

const refusedAll = (rows: ImportRow[], culprit: ImportRow | null, reason: string): ImportRowResult[] =>
  rows.map((r) => ({
    row: r.row,
    itemName: r.itemName,
    vendor: r.vendor,
    outcome: 'refused',
    message:
      !culprit || r === culprit
        ? reason
        : `Not applied: row ${culprit.row} of this item was refused (${reason})`,
  }));

interface Prepared {
  input: ItemInput;
  /** Which file row carries which vendor. */
  rowOfVendor: Map<string, ImportRow>;
}

/** Check a group's rows without the database; a refusal names the first bad row. */
export function prepareGroup(
  rows: ImportRow[],
  lookup: VendorLookup,
  exists: boolean,
): Prepared | { culprit: ImportRow | null; reason: string } {
  const first = rows[0]!;
  const name = cleanName(first.itemName);
  if (!name) return { culprit: first, reason: 'Item name is required' };
  let unit: string | undefined;
  for (const r of rows) {
    if (!r.unit) continue;
    const u = canonicalUnit(r.unit);
    if (!u) return { culprit: r, reason: UNIT_MESSAGE };
    if (unit && unit !== u) return { culprit: r, reason: 'The rows of this item give different units' };
    unit = u;
  }
  if (!unit && !exists) return { culprit: first, reason: 'Unit is required' };
  const prices: DesiredPrice[] = [];
  const rowOfVendor = new Map<string, ImportRow>();
  for (const r of rows) {
    if (!r.vendor) continue;
    const v = lookup.find(r.vendor);
    if (typeof v === 'string') return { culprit: r, reason: v };
    if (rowOfVendor.has(v.vendorId)) return { culprit: r, reason: 'Duplicate vendors are not allowed' };
    const p = rowPrice(r, v);
    if (typeof p === 'string') return { culprit: r, reason: p };
    prices.push(p);
    rowOfVendor.set(v.vendorId, r);
  }
  return { input: { name: exists ? undefined : name, unit, prices, mode: 'merge' }, rowOfVendor };
}

const MESSAGES: Record<'created' | 'updated' | 'unchanged', string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'No changes',
};

export async function runImport(
  deps: CatalogDeps & { jobs: ImportJobs },
  jobId: string,
  rows: ImportRow[],
  by: Actor,
): Promise<void> {
  const { ctx, items, vendors, jobs } = deps;
  const groups = [...groupByItem(rows).entries()];
  const meta = { actorId: by.id };
  try {
    for (let c = 0; c * CHUNK_GROUPS < groups.length; c++) {
      const chunk = groups.slice(c * CHUNK_GROUPS, (c + 1) * CHUNK_GROUPS);
      await ctx.tx(async (tx) => {
        const all = await vendors.all(tx);
        const lookup = new VendorLookup(all);
        const known = new Map<string, VendorInfo>(all.map((v) => [v.vendorId, v]));
        const states = await items.lockStatesByKey(
          tx,
          chunk.map(([k]) => k).filter((k) => k !== ''),
        );
        const results: ImportRowResult[] = [];
        const touched = new Set<string>();
        const written: WrittenItem[] = [];
        for (const [key, groupRows] of chunk) {
          const state: ItemState | null = states.get(key) ?? null;
          const prepared = prepareGroup(groupRows, lookup, state !== null);
          if ('reason' in prepared) {
            results.push(...refusedAll(groupRows, prepared.culprit, prepared.reason));
            continue;
          }
          let plan;
          try {
            plan = planItem(state, prepared.input, known);
          } catch (err) {
            if (!(err instanceof Refusal)) throw err;
            results.push(
              ...refusedAll(
                groupRows,
                err.vendorId ? (prepared.rowOfVendor.get(err.vendorId) ?? null) : groupRows[0]!,
                err.message,
              ),
            );
            continue;
          }
          if (plan.changed) {
            await tx.query('SAVEPOINT item_group');
            try {
              const version = await items.apply(tx, plan, by);
              await ctx.audit(tx, {
                actorId: by.id,
                action: plan.create ? 'item_created' : 'item_updated',
                entity: 'item',
                entityId: plan.itemId,
                details: { importJob: jobId, priceChanges: plan.history.length },
              });
              await tx.query('RELEASE SAVEPOINT item_group');
              written.push({ plan, version });
            } catch (err) {
              await tx.query('ROLLBACK TO SAVEPOINT item_group');
              const reason = isUniqueViolation(err)
                ? NAME_TAKEN
                : err instanceof HttpError
                  ? err.message
                  : 'The item could not be saved';
              if (!(err instanceof HttpError) && !isUniqueViolation(err))
                ctx.log.warn({ err, jobId }, 'import group failed');
              results.push(...refusedAll(groupRows, null, reason));
              continue;
            }
            for (const v of plan.touchedVendors) touched.add(v);
          }
          for (const r of groupRows) {
            const vendorId = r.vendor
              ? [...prepared.rowOfVendor.entries()].find(([, row]) => row === r)?.[0]
              : undefined;
            let outcome = vendorId ? (plan.outcomes.get(vendorId) ?? 'unchanged') : plan.itemOutcome;
            if (outcome === 'unchanged' && plan.itemOutcome !== 'unchanged')
              outcome = plan.itemOutcome === 'created' ? 'created' : 'updated';
            results.push({
              row: r.row,
              itemName: r.itemName,
              vendor: r.vendor,
              outcome,
              message: MESSAGES[outcome],
            });
          }
        }
        await announceItems(tx, ctx, written, meta);
        await vendors.announce(tx, ctx, touched, meta);
        await jobs.recordChunk(tx, jobId, c, results);
        await bumpGeneration(tx, ctx.schema);
      });
    }
    await jobs.finish(ctx.db, jobId, 'done', 'Import finished');
  } catch (err) {
    ctx.log.error({ err, jobId }, 'import failed');
    await jobs
      .finish(
        ctx.db,
        jobId,
        'failed',
        'The import stopped because of an error on our side; rows reported so far were applied',
      )
      .catch(() => undefined);
  }
  // PGlite has no autovacuum: after a bulk change, refresh the planner's statistics ourselves.
  if (ctx.db.kind === 'pglite') {
    await ctx.db
      .exec(`ANALYZE ${ctx.schema}.items; ANALYZE ${ctx.schema}.vendor_prices`)
      .catch((err: unknown) => ctx.log.warn({ err }, 'analyze after import failed'));
  }
}

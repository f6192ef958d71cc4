/**
 * Background import. Rows are grouped by item; each item group is applied all-or-nothing (its own
 * savepoint), so a refused row refuses its whole item and nothing of it is stored. Groups are
 * written in chunks (one transaction each) to keep 10,000 rows fast; a chunk announces each item it
 * wrote (ItemUpserted, with the prices of all of them read in one query) and each touched vendor
 * once (VendorItemsChanged) in the same transaction as the prices. Also reading the uploaded file
 * (CSV or XLSX, columns IMPORT_COLUMNS) into rows.
 */
import type { FastifyRequest } from 'fastify';
import { IMPORT_COLUMNS, type ImportRowResult } from '@erp/contracts';
import {
  badRequest,
  fileKind,
  HttpError,
  isUniqueViolation,
  readCsv,
  readXlsx as readSheet,
  uploadedBytes,
  type Queryable,
} from '@erp/service-kit';
import type { ImportLimits } from '../config.js';
import {
  appliedRows,
  groupByItem,
  prepareGroup,
  refusedAll,
  refusedByPlan,
  toImportRows,
  VendorLookup,
  type ImportRow,
} from '../domain/import.js';
import {
  NAME_TAKEN,
  planItem,
  Refusal,
  type ItemPlan,
  type ItemState,
  type VendorInfo,
} from '../domain/plan.js';
import { announceItems, type WrittenItem } from '../events/item-upserted.js';
import { announceVendorItems } from '../events/vendor-items-changed.js';
import type { ImportJobs } from '../repositories/import-jobs.js';
import type { Actor } from '../repositories/items.js';
import type { CatalogDeps } from '../routes/items.js';

export { fileKind, readCsv, type FileKind } from '@erp/service-kit';

/** The first worksheet's rows, each with at least the import's columns (see the service kit's readXlsx). */
export const readXlsx = (buf: Buffer, limits: ImportLimits): Promise<string[][]> =>
  readSheet(buf, limits, { minColumns: IMPORT_COLUMNS.length });

/**
 * The rows of the file uploaded in the field "file" (multipart), with its name: 400 for a request
 * that is not multipart, another field, a name PostgreSQL cannot keep, or a file without rows.
 */
export async function readImportUpload(
  request: FastifyRequest,
  limits: ImportLimits,
): Promise<{ fileName: string; rows: ImportRow[] }> {
  let file;
  try {
    file = await request.file();
  } catch (err) {
    throw badRequest(`The upload could not be read: ${(err as Error).message}`);
  }
  if (!file || file.fieldname !== 'file') throw badRequest('Upload the file in the field "file"');
  // The name is stored with the job, and PostgreSQL text cannot hold U+0000: bad input, not a 500.
  if (file.filename.includes('\u0000'))
    throw badRequest('The file name contains a character that is not allowed');
  const kind = fileKind(file.filename);
  const buf = await uploadedBytes(file, limits);
  const table = kind === 'csv' ? readCsv(buf, limits) : await readXlsx(buf, limits);
  const rows = toImportRows(table);
  if (rows.length === 0) throw badRequest('The file has no rows to import');
  return { fileName: file.filename, rows };
}

const CHUNK_GROUPS = 250;

type ImportDeps = CatalogDeps & { jobs: ImportJobs };

/** What one chunk (one transaction) works with and collects. */
interface Chunk {
  deps: ImportDeps;
  tx: Queryable;
  jobId: string;
  by: Actor;
  lookup: VendorLookup;
  known: Map<string, VendorInfo>;
  states: Map<string, ItemState>;
  results: ImportRowResult[];
  touched: Set<string>;
  written: WrittenItem[];
}

/** Why a group's write failed, as its rows report it. */
function writeFailure(err: unknown): string {
  return isUniqueViolation(err)
    ? NAME_TAKEN
    : err instanceof HttpError
      ? err.message
      : 'The item could not be saved';
}

/** Write a group's plan under its own savepoint (audited); returns the version, or the reason it failed. */
async function writeGroup(
  c: Chunk,
  plan: ItemPlan,
): Promise<{ version: number | null } | { reason: string }> {
  const { tx, by, jobId } = c;
  const { ctx, items } = c.deps;
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
    return { version };
  } catch (err) {
    await tx.query('ROLLBACK TO SAVEPOINT item_group');
    if (!(err instanceof HttpError) && !isUniqueViolation(err))
      ctx.log.warn({ err, jobId }, 'import group failed');
    return { reason: writeFailure(err) };
  }
}

/** One item's rows: checked, planned, written when they change anything, and reported row by row. */
async function importGroup(c: Chunk, key: string, groupRows: ImportRow[]): Promise<void> {
  const state: ItemState | null = c.states.get(key) ?? null;
  const prepared = prepareGroup(groupRows, c.lookup, state !== null);
  if ('reason' in prepared) {
    c.results.push(...refusedAll(groupRows, prepared.culprit, prepared.reason));
    return;
  }
  let plan;
  try {
    plan = planItem(state, prepared.input, c.known);
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    c.results.push(...refusedByPlan(groupRows, prepared, err));
    return;
  }
  if (plan.changed) {
    const written = await writeGroup(c, plan);
    if ('reason' in written) {
      c.results.push(...refusedAll(groupRows, null, written.reason));
      return;
    }
    c.written.push({ plan, version: written.version });
    for (const v of plan.touchedVendors) c.touched.add(v);
  }
  c.results.push(...appliedRows(groupRows, prepared, plan));
}

/** One chunk of groups in one transaction: written, announced, recorded with the job, generation moved. */
async function importChunk(
  deps: ImportDeps,
  jobId: string,
  n: number,
  groups: Array<[string, ImportRow[]]>,
  by: Actor,
): Promise<void> {
  const { ctx, items, vendors, jobs } = deps;
  const meta = { actorId: by.id };
  await ctx.tx(async (tx) => {
    const all = await vendors.all(tx);
    const states = await items.lockStatesByKey(
      tx,
      groups.map(([k]) => k).filter((k) => k !== ''),
    );
    const c: Chunk = {
      deps,
      tx,
      jobId,
      by,
      lookup: new VendorLookup(all),
      known: new Map<string, VendorInfo>(all.map((v) => [v.vendorId, v])),
      states,
      results: [],
      touched: new Set(),
      written: [],
    };
    for (const [key, groupRows] of groups) await importGroup(c, key, groupRows);
    await announceItems(tx, ctx, c.written, meta);
    await announceVendorItems(tx, ctx, vendors, c.touched, meta);
    await jobs.recordChunk(tx, jobId, n, c.results);
  });
}

export async function runImport(
  deps: ImportDeps,
  jobId: string,
  rows: ImportRow[],
  by: Actor,
): Promise<void> {
  const { ctx, jobs } = deps;
  const groups = [...groupByItem(rows).entries()];
  try {
    for (let c = 0; c * CHUNK_GROUPS < groups.length; c++)
      await importChunk(deps, jobId, c, groups.slice(c * CHUNK_GROUPS, (c + 1) * CHUNK_GROUPS), by);
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

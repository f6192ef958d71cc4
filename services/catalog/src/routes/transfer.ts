/** Import (CSV/XLSX upload, processed in the background) and export of the item master. */
import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { stringify } from 'csv-stringify';
import {
  ErrorResponse,
  IMPORT_COLUMNS,
  ImportJob,
  ImportJobParams,
  ItemExportQuery,
  fromHundredths,
  fromPaise,
  isAdmin,
} from '@erp/contracts';
import {
  badRequest,
  containsPattern,
  loadExcelJs,
  notFound,
  requireSignedIn,
  safeCells,
  uploadedBytes,
  type Queryable,
  type TypeBoxTypeProvider,
} from '@erp/service-kit';
import type { ImportLimits } from '../import/limits.js';
import { fileKind, readCsv, readXlsx, toImportRows } from '../import/parse.js';
import { runImport, type ImportJobs } from '../import/run.js';
import { actorOf, READ, WRITE, type ItemRouteDeps } from './items.js';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  413: ErrorResponse,
};

export interface TransferDeps extends ItemRouteDeps {
  jobs: ImportJobs;
  /** Imports running in the background (awaited when the service stops). */
  running: Set<Promise<void>>;
  limits: ImportLimits;
}

type ExportRow = [string, string, string, number | '', number | '', number | '', string, string];

/**
 * Every item-vendor price (items without prices as one row with no vendor), by item name. Text
 * cells are neutralised (a name such as =HYPERLINK(…) is written as '=HYPERLINK(…), never run as a
 * formula when the file is opened); numbers stay numbers.
 */
async function* exportRows(db: Queryable, schema: string, keyword: string): AsyncGenerator<ExportRow> {
  let after = '';
  const pattern = keyword ? containsPattern(keyword) : null;
  for (;;) {
    const res = await db.query<{
      name: string;
      name_key: string;
      unit: string;
      vendor_name: string | null;
      price_paise: number | null;
      gst_paise: number | null;
      moq_hundredths: number | null;
      status: string | null;
      notes: string | null;
    }>(
      `SELECT i.name, i.name_key, i.unit, v.name AS vendor_name, p.price_paise, p.gst_paise, p.moq_hundredths, p.status, p.notes
         FROM (SELECT id, name, name_key, unit FROM ${schema}.items
                WHERE name_key > $1 AND ($2::text IS NULL OR name_key LIKE $2) ORDER BY name_key LIMIT 1000) i
         LEFT JOIN ${schema}.vendor_prices p ON p.item_id = i.id
         LEFT JOIN ${schema}.vendor_snapshots v ON v.vendor_id = p.vendor_id
        ORDER BY i.name_key, v.name`,
      [after, pattern],
    );
    if (res.rows.length === 0) return;
    for (const r of res.rows) {
      yield safeCells<ExportRow>([
        r.name,
        r.unit,
        r.vendor_name ?? '',
        r.price_paise === null ? '' : fromPaise(r.price_paise),
        r.gst_paise === null ? '' : fromPaise(r.gst_paise),
        r.moq_hundredths === null ? '' : fromHundredths(r.moq_hundredths),
        r.status ?? '',
        r.notes ?? '',
      ]);
    }
    after = res.rows[res.rows.length - 1]!.name_key;
  }
}

export async function transferRoutes(app: FastifyInstance, deps: TransferDeps): Promise<void> {
  const { ctx, jobs, limits } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, { limits: { fileSize: limits.maxFileBytes, files: 1, fields: 10 } });

  r.get(
    '/items/export',
    { config: { access: READ }, schema: { tags: ['items'], querystring: ItemExportQuery } },
    async (request, reply) => {
      const format = request.query.format === 'xlsx' ? 'xlsx' : 'csv';
      const keyword = (request.query.keyword ?? request.query.Keyword ?? '').trim();
      const stamp = new Date().toISOString().slice(0, 10);
      const rows = exportRows(ctx.db, ctx.schema, keyword);
      reply.header('content-disposition', `attachment; filename="items-${stamp}.${format}"`);
      if (format === 'csv') {
        reply.type('text/csv; charset=utf-8');
        const csv = stringify({ header: true, columns: [...IMPORT_COLUMNS] });
        Readable.from(rows).pipe(csv);
        return reply.send(csv);
      }
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const out = new PassThrough();
      const ExcelJS = await loadExcelJs();
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const ws = wb.addWorksheet('Items');
      ws.columns = IMPORT_COLUMNS.map((c) => ({
        header: c,
        key: c,
        width: c === 'Item Name' || c === 'Vendor' ? 32 : 12,
      }));
      void (async () => {
        try {
          for await (const row of rows) ws.addRow(row).commit();
          ws.commit();
          await wb.commit();
        } catch (err) {
          request.log.error({ err }, 'export failed');
          out.destroy(err as Error);
        }
      })();
      return reply.send(out);
    },
  );

  r.post(
    '/items/import',
    {
      config: { access: WRITE },
      schema: { tags: ['items'], consumes: ['multipart/form-data'], response: { 202: ImportJob, ...errors } },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw badRequest('Upload the file as multipart/form-data in the field "file"');
      const by = actorOf(request);
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
      const jobId = await jobs.create(ctx.db, file.filename, rows.length, by);
      const task = runImport(deps, jobId, rows, by).finally(() => deps.running.delete(task));
      deps.running.add(task);
      reply.status(202);
      return (await jobs.get(ctx.db, jobId))!;
    },
  );

  r.get(
    '/items/import/:jobId',
    {
      config: { access: WRITE },
      schema: { tags: ['items'], params: ImportJobParams, response: { 200: ImportJob, ...errors } },
    },
    async (request) => {
      // A job (its file name and rows) is the business of the member who started it, and Admins'.
      const auth = requireSignedIn(request);
      const job = await jobs.get(ctx.db, request.params.jobId, isAdmin(auth) ? undefined : auth.memberId);
      if (!job) throw notFound('Import not found');
      return job;
    },
  );
}

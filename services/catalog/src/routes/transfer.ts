/** Import (CSV/XLSX upload, processed in the background) and export of the item master. */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ImportJob, ImportJobParams, ItemExportQuery, isAdmin } from '@erp/contracts';
import {
  badRequest,
  notFound,
  requireSignedIn,
  type TypeBoxTypeProvider,
  errorResponses,
  routesOf,
} from '@erp/service-kit';
import type { ImportLimits } from '../config.js';
import { csvStream, exportRows, xlsxStream } from '../plugins/export.js';
import { readImportUpload, runImport } from '../plugins/import.js';
import type { ImportJobs } from '../repositories/import-jobs.js';
import { actorOf, READ, WRITE, type ItemRouteDeps } from './items.js';

const route = routesOf('items', errorResponses(400, 401, 403, 404, 413));

export interface TransferDeps extends ItemRouteDeps {
  jobs: ImportJobs;
  /** Imports running in the background (awaited when the service stops). */
  running: Set<Promise<void>>;
  limits: ImportLimits;
}

/** GET /items/export: every item-vendor price as CSV (default) or XLSX. */
function exportRoute(app: FastifyInstance, deps: TransferDeps): void {
  const { ctx } = deps;
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
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
          return reply.send(csvStream(rows));
        }
        reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        return reply.send(await xlsxStream(rows, request.log));
      },
    );
}

export async function transferRoutes(app: FastifyInstance, deps: TransferDeps): Promise<void> {
  const { ctx, jobs, limits } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, { limits: { fileSize: limits.maxFileBytes, files: 1, fields: 10 } });

  exportRoute(app, deps);

  r.post(
    '/items/import',
    route(WRITE, { consumes: ['multipart/form-data'] }, { 202: ImportJob }),
    async (request, reply) => {
      if (!request.isMultipart())
        throw badRequest('Upload the file as multipart/form-data in the field "file"');
      const by = actorOf(request);
      const { fileName, rows } = await readImportUpload(request, limits);
      const jobId = await jobs.create(ctx.db, fileName, rows.length, by);
      const task = runImport(deps, jobId, rows, by).finally(() => deps.running.delete(task));
      deps.running.add(task);
      reply.status(202);
      return (await jobs.get(ctx.db, jobId))!;
    },
  );

  r.get(
    '/items/import/:jobId',
    route(WRITE, { params: ImportJobParams }, { 200: ImportJob }),
    async (request) => {
      // A job (its file name and rows) is the business of the member who started it, and Admins'.
      const auth = requireSignedIn(request);
      const job = await jobs.get(ctx.db, request.params.jobId, isAdmin(auth) ? undefined : auth.memberId);
      if (!job) throw notFound('Import not found');
      return job;
    },
  );
}

/**
 * POST /boq/import (a spreadsheet in, a preview out: nothing stored) and GET /boq/{id}/export (an
 * XLSX of a BOQ revision that imports back). The spreadsheet is read by the service kit's bounded
 * reader (zip-bomb limits, row limits), the same as the catalog's item import.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { BOQ_MESSAGES, BoqImportPreview, hasAllProjects, IdParams, MAX_BOQ_LINES } from '@erp/contracts';
import {
  badRequest,
  fileKind,
  loadSpreadsheetLimits,
  notFound,
  readSpreadsheet,
  requireSignedIn,
  uploadedBytes,
  type ServiceContext,
  type SpreadsheetLimits,
  type TypeBoxTypeProvider,
  errorResponses,
  routesOf,
} from '@erp/service-kit';
import { importRows, previewImport, snapshotIndex } from '../domain/boq-import.js';
import { exportFileName } from '../domain/boq-sheet.js';
import { writeBoqWorkbook } from '../plugins/boq-workbook.js';
import { exportedBoq, exportedLines } from '../repositories/boq-export.js';
import { snapshotsNamed } from '../repositories/item-snapshots.js';

const route = routesOf('boq', errorResponses(400, 401, 403, 404, 413));
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Importing makes BOQ lines: Add BOQ write. Exporting reads one: BOQ List read, within the member's projects. */
export const IMPORT_ACCESS = { module: 'team', sub: 'addBoq', level: 'write' } as const;
export const EXPORT_ACCESS = { module: 'team', sub: 'boqList', level: 'read' } as const;

export interface BoqTransferDeps {
  ctx: ServiceContext;
  /** Upload limits over those of the environment (IMPORT_MAX_FILE_MB, ...); tests use small ones. */
  limits?: Partial<SpreadsheetLimits>;
  env?: Record<string, string | undefined>;
}

/**
 * The upload's rows: a BOQ has at most MAX_BOQ_LINES lines (more is refused with 400
 * TOO_MANY_BOQ_LINES once read), so the reader stops at twice that many rows (blank and heading
 * rows included) with 413, whatever the environment allows the item import.
 */
function boqLimits(deps: BoqTransferDeps): SpreadsheetLimits {
  const base = { ...loadSpreadsheetLimits(deps.env ?? process.env), ...deps.limits };
  return { ...base, maxRows: Math.min(base.maxRows, MAX_BOQ_LINES * 2) };
}

/** The uploaded file's rows previewed against the item master (nothing stored). */
async function previewBoqImport(
  ctx: ServiceContext,
  fileName: string,
  table: string[][],
): Promise<BoqImportPreview> {
  const { rows, names, ids } = importRows(table);
  const snapshots = await snapshotsNamed(ctx.schema, ctx.db, names, ids);
  return previewImport(fileName, rows, snapshotIndex(snapshots));
}

/** The upload's one file, in the field "file" of a multipart/form-data body (400 otherwise). */
async function uploadedFile(request: FastifyRequest): Promise<MultipartFile> {
  if (!request.isMultipart()) throw badRequest('Upload the file as multipart/form-data in the field "file"');
  let file;
  try {
    file = await request.file();
  } catch (err) {
    throw badRequest(`The upload could not be read: ${(err as Error).message}`);
  }
  if (!file || file.fieldname !== 'file') throw badRequest('Upload the file in the field "file"');
  return file;
}

/** The name is only echoed back; control characters (and anything past 255) are dropped. */
const echoedName = (name: string) =>
  [...name]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .slice(0, 255);

function importRoute(scope: FastifyInstance, ctx: ServiceContext, limits: SpreadsheetLimits): void {
  scope
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      '/boq/import',
      route(IMPORT_ACCESS, { consumes: ['multipart/form-data'] }, { 200: BoqImportPreview }),
      async (request) => {
        const file = await uploadedFile(request);
        const kind = fileKind(file.filename);
        const buf = await uploadedBytes(file, limits);
        const table = await readSpreadsheet(buf, kind, limits);
        return previewBoqImport(ctx, echoedName(file.filename), table);
      },
    );
}

function exportRoute(scope: FastifyInstance, ctx: ServiceContext): void {
  scope
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      '/boq/:id/export',
      { config: { access: EXPORT_ACCESS }, schema: { tags: ['boq'], params: IdParams } },
      async (request, reply) => {
        const auth = requireSignedIn(request);
        const only = hasAllProjects(auth) ? null : auth.permissions.projects;
        const boq = await exportedBoq(ctx.schema, ctx.db, request.params.id, only);
        if (!boq) throw notFound(BOQ_MESSAGES.notFound);
        const lines = await exportedLines(ctx.schema, ctx.db, boq);
        const name = exportFileName(boq);
        reply.header('content-disposition', `attachment; filename="${name}"`);
        reply.type(XLSX_TYPE);
        const out = new PassThrough();
        writeBoqWorkbook(out, boq, lines).catch((err: unknown) => {
          request.log.error({ err }, 'BOQ export failed');
          out.destroy(err as Error);
        });
        return reply.send(out);
      },
    );
}

/**
 * POST /boq/import (a spreadsheet in, a preview out: nothing stored) and GET /boq/{id}/export (an
 * XLSX of a BOQ revision that imports back).
 */
export async function boqTransferRoutes(app: FastifyInstance, deps: BoqTransferDeps): Promise<void> {
  const { ctx } = deps;
  const limits = boqLimits(deps);
  // Its own context: the multipart parser serves these routes only.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: limits.maxFileBytes, files: 1, fields: 10 } });
    importRoute(scope, ctx, limits);
    exportRoute(scope, ctx);
  });
}

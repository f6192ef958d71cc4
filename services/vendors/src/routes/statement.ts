/**
 * A vendor's statement of account for a period (GET /vendorTransaction/{id}/statement), as PDF or
 * XLSX: the opening balance and the period's entries read in one transaction, drawn by plugins/.
 */
import type { FastifyInstance } from 'fastify';
import { LEDGER_MESSAGES, StatementQuery } from '@erp/contracts';
import { notFound, type TypeBoxTypeProvider } from '@erp/service-kit';
import { ACCOUNTS_READ, checkStatementPeriod } from '../domain/ledger-forms.js';
import { statementFileName, statementLine, type StatementInput } from '../domain/statement.js';
import { statementPdf } from '../plugins/statement-pdf.js';
import { statementXlsx } from '../plugins/statement-xlsx.js';
import { LedgerParams, refusedAs, type LedgerDeps } from './shared.js';

const CONTENT_TYPE = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** What the statement shows: the vendor (404 when unknown), the opening balance and the period's entries. */
async function statementInput(
  { ctx, ledger, company }: LedgerDeps,
  id: string,
  from: string,
  to: string,
): Promise<StatementInput> {
  const vendor = await ledger.vendor(ctx.db, id);
  if (!vendor) throw notFound(LEDGER_MESSAGES.vendorNotFound);
  const [opening, rows] = await ctx.tx(
    async (tx) =>
      [await ledger.balanceBefore(tx, id, from), await ledger.statementEntries(tx, id, from, to)] as const,
  );
  return {
    company,
    vendor: { vendorId: vendor.vendorId, name: vendor.name, address: vendor.address, gstin: vendor.gstin },
    from,
    to,
    openingPaise: opening,
    lines: rows.map(statementLine),
    at: new Date(),
  };
}

export async function statementRoutes(app: FastifyInstance, deps: LedgerDeps): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/vendorTransaction/:id/statement',
    {
      config: { access: ACCOUNTS_READ },
      errorHandler: refusedAs(LEDGER_MESSAGES.accessDeniedDetail),
      schema: { tags: ['ledger'], params: LedgerParams, querystring: StatementQuery },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      checkStatementPeriod(from, to);
      const input = await statementInput(deps, request.params.id.toLowerCase(), from, to);
      const file = format === 'pdf' ? await statementPdf(input) : await statementXlsx(input);
      reply.type(CONTENT_TYPE[format]);
      reply.header(
        'content-disposition',
        `attachment; filename="${statementFileName(input.vendor.vendorId, from, to, format)}"`,
      );
      reply.header('cache-control', 'private, no-store');
      return reply.send(file);
    },
  );
}

/** The vendor accounts list (SPEC §2 "Vendor ledger list", §7 GET /vendorTransaction, decision 0025). */
import type { FastifyInstance } from 'fastify';
import { LEDGER_MESSAGES, VendorAccountsQuery, VendorAccountsResponse } from '@erp/contracts';
import { totalCappedField, type TypeBoxTypeProvider } from '@erp/service-kit';
import { ACCOUNTS_READ } from '../domain/ledger-forms.js';
import type { AccountSort } from '../repositories/ledger.js';
import { errors, refusedAs, type LedgerDeps } from './shared.js';

export async function accountRoutes(app: FastifyInstance, deps: LedgerDeps): Promise<void> {
  const { ctx, ledger } = deps;
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/vendorTransaction',
    {
      config: { access: ACCOUNTS_READ },
      errorHandler: refusedAs(LEDGER_MESSAGES.accessDenied),
      schema: {
        tags: ['ledger'],
        querystring: VendorAccountsQuery,
        response: { 200: VendorAccountsResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const sort = (q.sort || '-outstanding') as AccountSort;
      const page = await ledger.accounts(ctx.db, {
        keyword: (q.keyword ?? '').trim(),
        sort,
        limit: q.limit ?? 10,
        offset: q.offset ?? 0,
        cap: ctx.config.listCountCap,
      });
      return {
        result: page.rows,
        totalItems: page.total,
        ...totalCappedField(page),
        openOverbilling: page.openCases,
      };
    },
  );
}

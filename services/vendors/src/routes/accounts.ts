/** The vendor accounts list (SPEC §2 "Vendor ledger list", §7 GET /vendorTransaction, decision 0025). */
import type { FastifyInstance } from 'fastify';
import { LEDGER_MESSAGES, VendorAccountsQuery, VendorAccountsResponse } from '@erp/contracts';
import { totalCappedField, type TypeBoxTypeProvider, keywordOf, listWindow } from '@erp/service-kit';
import { ACCOUNTS_READ } from '../domain/ledger-forms.js';
import type { AccountSort } from '../repositories/ledger.js';
import { route, refusedAs, type LedgerDeps } from './shared.js';

export async function accountRoutes(app: FastifyInstance, deps: LedgerDeps): Promise<void> {
  const { ctx, ledger } = deps;
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/vendorTransaction',
    {
      ...route(ACCOUNTS_READ, { querystring: VendorAccountsQuery }, { 200: VendorAccountsResponse }),
      errorHandler: refusedAs(LEDGER_MESSAGES.accessDenied),
    },
    async (request) => {
      const q = request.query;
      const sort = (q.sort || '-outstanding') as AccountSort;
      const page = await ledger.accounts(ctx.db, {
        keyword: keywordOf(q),
        sort,
        ...listWindow(q, ctx.config.listCountCap),
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

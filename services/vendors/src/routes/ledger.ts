/**
 * A vendor's ledger (SPEC §2 "Vendor ledger detail", §7 GET /vendorTransaction/{id}, decision
 * 0025): the vendor, its summary and a page of its entries, newest first.
 */
import type { FastifyInstance } from 'fastify';
import { LEDGER_MESSAGES, VendorLedgerQuery, VendorLedgerResponse } from '@erp/contracts';
import {
  notFound,
  totalCappedField,
  type TypeBoxTypeProvider,
  keywordOf,
  listWindow,
} from '@erp/service-kit';
import { rangeStart } from '../domain/dates.js';
import { ACCOUNTS_READ } from '../domain/ledger-forms.js';
import { toEntry, toSummary } from '../repositories/ledger-rows.js';
import { route, LedgerParams, refusedAs, type LedgerDeps } from './shared.js';

/** The vendor (404 when unknown), its summary and a page of its entries. */
async function readLedger({ ctx, ledger }: LedgerDeps, id: string, q: VendorLedgerQuery) {
  const found = await ledger.vendorWithAccount(ctx.db, id);
  if (!found) throw notFound(LEDGER_MESSAGES.vendorNotFound);
  const { vendor, account } = found;
  const page = await ledger.entries(ctx.db, {
    vendorId: id,
    from: rangeStart(q.range),
    keyword: keywordOf(q),
    ...listWindow(q, ctx.config.listCountCap),
    lastSeq: Number(account?.last_seq ?? 0),
  });
  // Read after the account: an entry appended in between is on the page and counted, and the summary is its own.
  const newest = page.rows[0] ? Number(page.rows[0].seq) : 0;
  const summaryRow =
    account && newest > Number(account.last_seq) ? await ledger.account(ctx.db, id) : account;
  return {
    vendor: {
      _id: vendor.id,
      vendorId: vendor.vendorId,
      name: vendor.name,
      status: vendor.status,
      gstin: vendor.gstin,
      paymentTerms: vendor.paymentTerms,
    },
    summary: toSummary(summaryRow),
    result: page.rows.map((row) => toEntry(row, vendor.name)),
    totalItems: page.total,
    ...totalCappedField(page),
  };
}

export async function ledgerRoutes(app: FastifyInstance, deps: LedgerDeps): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/vendorTransaction/:id',
    {
      ...route(
        ACCOUNTS_READ,
        { params: LedgerParams, querystring: VendorLedgerQuery },
        { 200: VendorLedgerResponse },
      ),
      errorHandler: refusedAs(LEDGER_MESSAGES.accessDeniedDetail),
    },
    async (request) => readLedger(deps, request.params.id.toLowerCase(), request.query),
  );
}

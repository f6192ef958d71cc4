/**
 * The overbilling queue (issue 13, decision 0025): the cases (Vendors › Accounts read) and an
 * Admin's approval or rejection of an open one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  LEDGER_MESSAGES,
  OverbillDecisionBody,
  OverbillListQuery,
  OverbillListResponse,
  OverbillResponse,
  toPaise,
  type LedgerEntry,
  type OverbillCase,
} from '@erp/contracts';
import {
  notFound,
  requireSignedIn,
  totalCappedField,
  type TypeBoxTypeProvider,
  listWindow,
} from '@erp/service-kit';
import { ACCOUNTS_READ } from '../domain/ledger-forms.js';
import { isUuid } from '../domain/ledger.js';
import { approvedEntry, caseStatusFilter, checkDecidable, decisionReason } from '../domain/overbilling.js';
import { toEntry } from '../repositories/ledger-rows.js';
import { route, LedgerParams, refusedAs, type LedgerDeps } from './shared.js';

type Decided = { case: OverbillCase; entry: LedgerEntry | null };

/** Approve or reject an open case (Admin): the case locked, its state and version checked, then the decision. */
async function decide(
  { ctx, ledger }: LedgerDeps,
  request: FastifyRequest,
  caseId: string,
  body: { version: number; reason?: string | undefined },
  approve: boolean,
): Promise<Decided> {
  const auth = requireSignedIn(request);
  const reason = decisionReason(approve, body.reason);
  const by = { id: auth.memberId, name: auth.name };
  return ctx.tx(async (tx): Promise<Decided> => {
    const c = await ledger.caseById(tx, caseId, true);
    if (!c) throw notFound(LEDGER_MESSAGES.caseNotFound);
    checkDecidable(c, body.version);
    const account = await ledger.lockAccount(tx, c.vendor._id, c.vendor.name);
    const deltaPaise = toPaise(c.delta);
    const entry = approve
      ? toEntry(await ledger.append(tx, account, approvedEntry(c, reason, by)), c.vendor.name)
      : null;
    await ledger.decideCase(tx, c._id, approve ? 'Approved' : 'Rejected', by, approve ? null : reason);
    await ledger.moveOpenOverbilling(tx, account, -1, -deltaPaise);
    await ctx.audit(tx, {
      actorId: auth.memberId,
      action: approve ? 'overbilling_approved' : 'overbilling_rejected',
      entity: 'vendor',
      entityId: c.vendor._id,
      requestId: request.id,
      details: { caseId: c._id, deltaPaise, ...(entry ? { entryId: entry._id } : { reason }) },
    });
    return { case: (await ledger.caseById(tx, c._id))!, entry };
  });
}

export async function overbillingRoutes(app: FastifyInstance, deps: LedgerDeps): Promise<void> {
  const { ctx, ledger } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/vendorTransaction/overbilling',
    {
      ...route(ACCOUNTS_READ, { querystring: OverbillListQuery }, { 200: OverbillListResponse }),
      errorHandler: refusedAs(LEDGER_MESSAGES.accessDenied),
    },
    async (request) => {
      const q = request.query;
      const vendorId = q.vendorId ? q.vendorId.toLowerCase() : null;
      // A vendor filter that is not an id matches no case.
      if (vendorId !== null && !isUuid(vendorId)) return { result: [], totalItems: 0 };
      const page = await ledger.cases(ctx.db, {
        status: caseStatusFilter(q.status),
        vendorId,
        ...listWindow(q, ctx.config.listCountCap),
      });
      return { result: page.rows, totalItems: page.total, ...totalCappedField(page) };
    },
  );

  for (const [path, approve] of [
    ['/vendorTransaction/overbilling/:id/approve', true],
    ['/vendorTransaction/overbilling/:id/reject', false],
  ] as const) {
    r.post(
      path,
      {
        ...route('admin', { params: LedgerParams, body: OverbillDecisionBody }, { 200: OverbillResponse }),
        errorHandler: refusedAs(LEDGER_MESSAGES.onlyAdminDecides),
      },
      async (request) => {
        const decided = await decide(deps, request, request.params.id.toLowerCase(), request.body, approve);
        return {
          message: approve ? LEDGER_MESSAGES.overbillApproved : LEDGER_MESSAGES.overbillRejected,
          ...decided,
        };
      },
    );
  }
}

/**
 * Vendor account ledgers over HTTP (SPEC §2 "Vendor ledger list/detail", §6, §7 /vendorTransaction,
 * issue 13, decision 0025). Access, as SPEC §6 gives it by role, in the permission model's terms
 * (each role's defaults, decision 0002):
 * - the accounts list, a ledger, its statement and the overbilling queue: Vendors › Accounts read
 *   (Purchaser, Admin, Accountant); others are told LEDGER_MESSAGES.accessDenied;
 * - payments: Accounts write (Accountant, Admin);
 * - credit notes: Vendor List write (Purchaser, Admin) and Accounts read;
 * - a reversal: what adding the reversed entry needs;
 * - overbilling decisions: an Admin.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  can,
  CreditNoteBody,
  ErrorResponse,
  hasAtMostTwoDecimals,
  LEDGER_MESSAGES,
  LedgerEntryResponse,
  OverbillDecisionBody,
  OverbillListQuery,
  OverbillListResponse,
  OverbillResponse,
  PaymentBody,
  ReverseBody,
  StatementQuery,
  toPaise,
  Uuid,
  VendorAccountsQuery,
  VendorAccountsResponse,
  VendorLedgerQuery,
  VendorLedgerResponse,
  type LedgerEntry,
  type OverbillCase,
  type MemberAccess,
} from '@erp/contracts';
import {
  badRequest,
  conflict,
  conflictOnUnique,
  forbidden,
  HttpError,
  notFound,
  requireSignedIn,
  totalCappedField,
  type Queryable,
  type ServiceContext,
  type TypeBoxTypeProvider,
} from '@erp/service-kit';
import type { Company } from '../company.js';
import { indiaDay, isRealDay, rangeStart } from './dates.js';
import {
  isUuid,
  toEntry,
  toSummary,
  type AccountRow,
  type AccountSort,
  type EntryRow,
  type LedgerRepository,
  type NewEntry,
} from './repository.js';
import { statementFileName, statementPdf, statementXlsx } from './statement.js';

export interface LedgerDeps {
  ctx: ServiceContext;
  ledger: LedgerRepository;
  company: Company;
}

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

export const ACCOUNTS_READ = { module: 'vendors', sub: 'accounts', level: 'read' } as const;
export const PAYMENTS = { module: 'vendors', sub: 'accounts', level: 'write' } as const;
export const CREDIT_NOTES = { module: 'vendors', sub: 'list', level: 'write' } as const;

const LedgerParams = Type.Object({ id: Uuid });
const EntryParams = Type.Object({ id: Uuid, entryId: Uuid });

export const LEDGER_TEXT = {
  stale: 'This overbilling case was changed by someone else. Reload it to see the latest, then decide again.',
  keyReused: 'This request was already used for another ledger entry. Reload the ledger and try again.',
  onlyPaymentsAndCreditNotes:
    'Only a payment or a credit note can be reversed; a PO is corrected on the purchase order',
  statementRange: 'The statement’s start date must be on or before its end date',
} as const;

/** The ledger's own 403 messages (kept as they are); any other refusal of access is said in the route's words. */
const OWN_REFUSALS = new Set<string>([
  LEDGER_MESSAGES.onlyPayments,
  LEDGER_MESSAGES.onlyCreditNotes,
  LEDGER_MESSAGES.onlyAdminDecides,
  LEDGER_MESSAGES.accessDenied,
  LEDGER_MESSAGES.accessDeniedDetail,
]);

/**
 * A route's error handler that words the kit's access refusal (its onRequest check of
 * `config.access`) as SPEC §6 does; anything else goes on to the kit's handler unchanged.
 */
function refusedAs(message: string) {
  return (err: FastifyError, _request: FastifyRequest, _reply: FastifyReply): never => {
    if (err instanceof HttpError && err.statusCode === 403 && !OWN_REFUSALS.has(err.message))
      throw forbidden(message);
    throw err;
  };
}

const mayAddPayments = (a: Pick<MemberAccess, 'role' | 'permissions'>) =>
  can(a, PAYMENTS.module, PAYMENTS.sub, PAYMENTS.level);
const mayAddCreditNotes = (a: Pick<MemberAccess, 'role' | 'permissions'>) =>
  can(a, CREDIT_NOTES.module, CREDIT_NOTES.sub, CREDIT_NOTES.level) &&
  can(a, ACCOUNTS_READ.module, ACCOUNTS_READ.sub, ACCOUNTS_READ.level);

/** An amount as the forms send it: more than 0, at most two decimals (the schema says so too; this is exact). */
function amountPaise(amount: number): number {
  if (!(amount > 0) || !hasAtMostTwoDecimals(amount)) throw badRequest(LEDGER_MESSAGES.amount);
  return toPaise(amount);
}

/** A day that exists and is not after today in India. */
function pastDay(date: string): string {
  if (!isRealDay(date)) throw badRequest(LEDGER_MESSAGES.date);
  if (date > indiaDay()) throw badRequest(LEDGER_MESSAGES.dateFuture);
  return date;
}

export async function ledgerRoutes(app: FastifyInstance, deps: LedgerDeps): Promise<void> {
  const { ctx, ledger, company } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  async function answerEntry(
    db: Queryable,
    vendorName: string,
    row: EntryRow,
    account: AccountRow | null,
    message: string,
  ) {
    return {
      message,
      entry: toEntry(row, vendorName),
      summary: toSummary(account ?? (await ledger.account(db, row.vendor_id))),
    };
  }

  /**
   * One append from a form, in one transaction: the vendor (404), its account locked, the request
   * key looked up (a resend is answered with the entry it made: 200, nothing stored), `check` under
   * the lock (duplicates), then the entry and its audit line.
   */
  async function appendFromForm(
    request: FastifyRequest,
    vendorId: string,
    requestKey: string,
    same: (before: EntryRow) => boolean,
    build: (tx: Queryable, account: AccountRow) => Promise<NewEntry>,
    action: string,
  ): Promise<{ created: boolean; row: EntryRow; account: AccountRow; vendorName: string }> {
    const auth = requireSignedIn(request);
    return ctx.tx(async (tx) => {
      const vendor = await ledger.vendor(tx, vendorId);
      if (!vendor) throw notFound(LEDGER_MESSAGES.vendorNotFound);
      const account = await ledger.lockAccount(tx, vendorId, vendor.name);
      const before = await ledger.entryByRequestKey(tx, vendorId, requestKey);
      if (before) {
        if (!same(before)) throw conflict(LEDGER_TEXT.keyReused);
        return { created: false, row: before, account, vendorName: vendor.name };
      }
      const entry = await build(tx, account);
      const row = await ledger.append(tx, account, {
        ...entry,
        enteredBy: { id: auth.memberId, name: auth.name },
        requestKey,
      });
      await ctx.audit(tx, {
        actorId: auth.memberId,
        action,
        entity: 'vendor',
        entityId: vendorId,
        requestId: request.id,
        details: {
          entryId: row.id,
          seq: row.seq,
          type: row.type,
          amountPaise: Number(row.amount_paise),
          reference: row.reference,
        },
      });
      return { created: true, row, account, vendorName: vendor.name };
    });
  }

  r.get(
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

  r.get(
    '/vendorTransaction/overbilling',
    {
      config: { access: ACCOUNTS_READ },
      errorHandler: refusedAs(LEDGER_MESSAGES.accessDenied),
      schema: {
        tags: ['ledger'],
        querystring: OverbillListQuery,
        response: { 200: OverbillListResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const status = !q.status ? 'Open' : q.status === 'all' ? null : q.status;
      const vendorId = q.vendorId ? q.vendorId.toLowerCase() : null;
      // A vendor filter that is not an id matches no case.
      if (vendorId !== null && !isUuid(vendorId)) return { result: [], totalItems: 0 };
      const page = await ledger.cases(ctx.db, {
        status,
        vendorId,
        limit: q.limit ?? 10,
        offset: q.offset ?? 0,
        cap: ctx.config.listCountCap,
      });
      return { result: page.rows, totalItems: page.total, ...totalCappedField(page) };
    },
  );

  /** Approve or reject an open case (Admin): the case locked, its state and version checked, then the decision. */
  async function decide(
    request: FastifyRequest,
    caseId: string,
    body: { version: number; reason?: string | undefined },
    approve: boolean,
  ) {
    const auth = requireSignedIn(request);
    const reason = (body.reason ?? '').trim();
    if (!approve && !reason) throw badRequest(LEDGER_MESSAGES.rejectReason);
    return ctx.tx(async (tx): Promise<{ case: OverbillCase; entry: LedgerEntry | null }> => {
      const c = await ledger.caseById(tx, caseId, true);
      if (!c) throw notFound(LEDGER_MESSAGES.caseNotFound);
      if (c.status !== 'Open') throw conflict(LEDGER_MESSAGES.caseClosed);
      if (body.version !== c.version) throw conflict(LEDGER_TEXT.stale);
      const account = await ledger.lockAccount(tx, c.vendor._id, c.vendor.name);
      const deltaPaise = toPaise(c.delta);
      let entry: LedgerEntry | null = null;
      if (approve) {
        const row = await ledger.append(tx, account, {
          type: 'Overbill Approved',
          amountPaise: deltaPaise,
          date: indiaDay(),
          reference: c.invoiceNumber,
          po: { id: c.po._id, number: c.po.poNumber },
          overbillCaseId: c._id,
          reason: reason || null,
          notes: `Invoice ${c.invoiceNumber} on ${c.po.poNumber}: billed ${c.invoiceAmount.toFixed(2)} against ${c.expectedAmount.toFixed(2)} expected`,
          enteredBy: { id: auth.memberId, name: auth.name },
        });
        entry = toEntry(row, c.vendor.name);
      }
      await ledger.decideCase(
        tx,
        c._id,
        approve ? 'Approved' : 'Rejected',
        { id: auth.memberId, name: auth.name },
        approve ? null : reason,
      );
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

  for (const [path, approve] of [
    ['/vendorTransaction/overbilling/:id/approve', true],
    ['/vendorTransaction/overbilling/:id/reject', false],
  ] as const) {
    r.post(
      path,
      {
        config: { access: 'admin' },
        errorHandler: refusedAs(LEDGER_MESSAGES.onlyAdminDecides),
        schema: {
          tags: ['ledger'],
          params: LedgerParams,
          body: OverbillDecisionBody,
          response: { 200: OverbillResponse, ...errors },
        },
      },
      async (request) => {
        const decided = await decide(request, request.params.id.toLowerCase(), request.body, approve);
        return {
          message: approve ? LEDGER_MESSAGES.overbillApproved : LEDGER_MESSAGES.overbillRejected,
          ...decided,
        };
      },
    );
  }

  r.get(
    '/vendorTransaction/:id',
    {
      config: { access: ACCOUNTS_READ },
      errorHandler: refusedAs(LEDGER_MESSAGES.accessDeniedDetail),
      schema: {
        tags: ['ledger'],
        params: LedgerParams,
        querystring: VendorLedgerQuery,
        response: { 200: VendorLedgerResponse, ...errors },
      },
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      const q = request.query;
      const found = await ledger.vendorWithAccount(ctx.db, id);
      if (!found) throw notFound(LEDGER_MESSAGES.vendorNotFound);
      const { vendor, account } = found;
      const page = await ledger.entries(ctx.db, {
        vendorId: id,
        from: rangeStart(q.range),
        keyword: (q.keyword ?? '').trim(),
        limit: q.limit ?? 10,
        offset: q.offset ?? 0,
        cap: ctx.config.listCountCap,
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
    },
  );

  r.post(
    '/vendorTransaction/:id/payments',
    {
      config: { access: PAYMENTS },
      errorHandler: refusedAs(LEDGER_MESSAGES.onlyPayments),
      schema: {
        tags: ['ledger'],
        params: LedgerParams,
        body: PaymentBody,
        response: { 201: LedgerEntryResponse, 200: LedgerEntryResponse, ...errors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const vendorId = request.params.id.toLowerCase();
      const paise = amountPaise(b.amount);
      const date = pastDay(b.date);
      const reference = (b.reference ?? '').trim();
      const result = await conflictOnUnique(LEDGER_MESSAGES.duplicateReference(reference), () =>
        appendFromForm(
          request,
          vendorId,
          b.requestKey.toLowerCase(),
          (x) => x.type === 'Payment' && Number(x.amount_paise) === paise && x.reference === reference,
          async (tx) => {
            let round = 0;
            if (reference) {
              const use = await ledger.referenceUse(tx, vendorId, 'Payment', reference);
              if (use.live) throw conflict(LEDGER_MESSAGES.duplicateReference(reference));
              round = use.round;
            }
            return {
              type: 'Payment',
              amountPaise: paise,
              date,
              method: b.method,
              reference,
              referenceRound: round,
              notes: (b.notes ?? '').trim(),
              enteredBy: null,
            };
          },
          'ledger_payment_added',
        ),
      );
      reply.status(result.created ? 201 : 200);
      return answerEntry(ctx.db, result.vendorName, result.row, result.account, LEDGER_MESSAGES.paymentAdded);
    },
  );

  r.post(
    '/vendorTransaction/:id/credit-notes',
    {
      config: { access: CREDIT_NOTES },
      errorHandler: refusedAs(LEDGER_MESSAGES.onlyCreditNotes),
      schema: {
        tags: ['ledger'],
        params: LedgerParams,
        body: CreditNoteBody,
        response: { 201: LedgerEntryResponse, 200: LedgerEntryResponse, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireSignedIn(request);
      if (!mayAddCreditNotes(auth)) throw forbidden(LEDGER_MESSAGES.onlyCreditNotes);
      const b = request.body;
      const vendorId = request.params.id.toLowerCase();
      const number = b.number.trim();
      if (!number) throw badRequest(LEDGER_MESSAGES.creditNoteNumber);
      const paise = amountPaise(b.amount);
      const date = pastDay(b.date);
      const result = await conflictOnUnique(LEDGER_MESSAGES.duplicateCreditNote(number), () =>
        appendFromForm(
          request,
          vendorId,
          b.requestKey.toLowerCase(),
          (x) => x.type === 'Credit Note' && Number(x.amount_paise) === paise && x.reference === number,
          async (tx) => {
            const use = await ledger.referenceUse(tx, vendorId, 'Credit Note', number);
            if (use.live) throw conflict(LEDGER_MESSAGES.duplicateCreditNote(number));
            return {
              type: 'Credit Note',
              amountPaise: paise,
              date,
              reason: b.reason,
              reference: number,
              referenceRound: use.round,
              notes: (b.notes ?? '').trim(),
              enteredBy: null,
            };
          },
          'ledger_credit_note_added',
        ),
      );
      reply.status(result.created ? 201 : 200);
      return answerEntry(
        ctx.db,
        result.vendorName,
        result.row,
        result.account,
        LEDGER_MESSAGES.creditNoteAdded,
      );
    },
  );

  r.post(
    '/vendorTransaction/:id/entries/:entryId/reverse',
    {
      // What the entry's type needs is checked in the handler (a payment's reversal as a payment, a credit note's as a credit note).
      config: { access: ACCOUNTS_READ },
      errorHandler: refusedAs(LEDGER_MESSAGES.accessDeniedDetail),
      schema: {
        tags: ['ledger'],
        params: EntryParams,
        body: ReverseBody,
        response: { 201: LedgerEntryResponse, 200: LedgerEntryResponse, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireSignedIn(request);
      const vendorId = request.params.id.toLowerCase();
      const entryId = request.params.entryId.toLowerCase();
      const reason = request.body.reason.trim();
      if (!reason) throw badRequest(LEDGER_MESSAGES.reverseReason);
      const result = await conflictOnUnique(LEDGER_MESSAGES.alreadyReversed, () =>
        appendFromForm(
          request,
          vendorId,
          request.body.requestKey.toLowerCase(),
          (x) => x.type === 'Reversal' && x.reverses === entryId,
          async (tx) => {
            const target = await ledger.entryRow(tx, vendorId, entryId);
            // Another vendor's entry is not on this ledger: not found, as an unknown one.
            if (!target) throw notFound(LEDGER_MESSAGES.entryNotFound);
            if (target.type === 'Reversal') throw badRequest(LEDGER_MESSAGES.reverseReversal);
            if (target.type !== 'Payment' && target.type !== 'Credit Note')
              throw badRequest(LEDGER_TEXT.onlyPaymentsAndCreditNotes);
            if (target.type === 'Payment' && !mayAddPayments(auth))
              throw forbidden(LEDGER_MESSAGES.onlyPayments);
            if (target.type === 'Credit Note' && !mayAddCreditNotes(auth))
              throw forbidden(LEDGER_MESSAGES.onlyCreditNotes);
            if (target.reversed_by) throw conflict(LEDGER_MESSAGES.alreadyReversed);
            return {
              type: 'Reversal',
              amountPaise: Number(target.amount_paise),
              date: indiaDay(),
              reference: target.reference,
              reverses: { id: target.id, type: target.type },
              reason,
              notes: `Reverses entry ${target.seq} (${target.type}${target.reference ? ` ${target.reference}` : ''})`,
              enteredBy: null,
            };
          },
          'ledger_entry_reversed',
        ),
      );
      reply.status(result.created ? 201 : 200);
      return answerEntry(ctx.db, result.vendorName, result.row, result.account, LEDGER_MESSAGES.reversed);
    },
  );

  r.get(
    '/vendorTransaction/:id/statement',
    {
      config: { access: ACCOUNTS_READ },
      errorHandler: refusedAs(LEDGER_MESSAGES.accessDeniedDetail),
      schema: { tags: ['ledger'], params: LedgerParams, querystring: StatementQuery },
    },
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const { from, to, format } = request.query;
      if (!isRealDay(from) || !isRealDay(to)) throw badRequest(LEDGER_MESSAGES.date);
      if (from > to) throw badRequest(LEDGER_TEXT.statementRange);
      const vendor = await ledger.vendor(ctx.db, id);
      if (!vendor) throw notFound(LEDGER_MESSAGES.vendorNotFound);
      const [opening, rows] = await ctx.tx(
        async (tx) =>
          [
            await ledger.balanceBefore(tx, id, from),
            await ledger.statementEntries(tx, id, from, to),
          ] as const,
      );
      const input = {
        company,
        vendor: {
          vendorId: vendor.vendorId,
          name: vendor.name,
          address: vendor.address,
          gstin: vendor.gstin,
        },
        from,
        to,
        openingPaise: opening,
        lines: rows.map((row) => ({
          date: row.date,
          seq: Number(row.seq),
          type: row.type,
          reference: row.reference,
          details: [row.method, row.reason, row.notes].filter((x) => x && x.trim() !== '').join(' · '),
          effectPaise: Number(row.amount_paise) * Number(row.effect),
        })),
        at: new Date(),
      };
      const file = format === 'pdf' ? await statementPdf(input) : await statementXlsx(input);
      reply.type(
        format === 'pdf'
          ? 'application/pdf'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      reply.header(
        'content-disposition',
        `attachment; filename="${statementFileName(vendor.vendorId, from, to, format)}"`,
      );
      reply.header('cache-control', 'private, no-store');
      return reply.send(file);
    },
  );
}

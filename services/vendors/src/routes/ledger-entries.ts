/**
 * Entries added from the ledger's forms (SPEC §2 "Vendor ledger detail", §7
 * /vendorTransaction/{id}/payments, /credit-notes, /entries/{entryId}/reverse, issue 13): a payment
 * (Accounts write), a credit note (Vendor List write and Accounts read), the reversal of either
 * (what adding the reversed entry needs). Each form carries a request key: a resend is answered
 * with the entry it made (200), never stored twice.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import {
  CreditNoteBody,
  LEDGER_MESSAGES,
  LedgerEntryResponse,
  PaymentBody,
  ReverseBody,
} from '@erp/contracts';
import {
  conflict,
  conflictOnUnique,
  forbidden,
  notFound,
  requireSignedIn,
  type Queryable,
  type RouteAccess,
} from '@erp/service-kit';
import {
  ACCOUNTS_READ,
  amountPaise,
  checkReferenceFree,
  CREDIT_NOTES,
  creditNoteNumber,
  LEDGER_TEXT,
  mayAddCreditNotes,
  pastDay,
  PAYMENTS,
  reversalOf,
  reverseReason,
  sameCreditNote,
  samePayment,
  sameReversal,
} from '../domain/ledger-forms.js';
import type { NewEntry } from '../domain/ledger.js';
import { toEntry, toSummary, type AccountRow, type EntryRow } from '../repositories/ledger-rows.js';
import { EntryParams, LedgerParams, refusedAs, route, type LedgerDeps } from './shared.js';

interface Appended {
  created: boolean;
  row: EntryRow;
  account: AccountRow;
  vendorName: string;
}

/** One form's append: the vendor's key, the resend test and the entry (built under the account's lock). */
interface FormAppend {
  vendorId: string;
  requestKey: string;
  same: (before: EntryRow) => boolean;
  build: (tx: Queryable, account: AccountRow) => Promise<NewEntry>;
  action: string;
}

/**
 * One append from a form, in one transaction: the vendor (404), its account locked, the request
 * key looked up (a resend is answered with the entry it made: 200, nothing stored), `build` under
 * the lock (duplicates), then the entry and its audit line.
 */
async function appendFromForm(
  deps: LedgerDeps,
  request: FastifyRequest,
  form: FormAppend,
): Promise<Appended> {
  const { ctx, ledger } = deps;
  const { vendorId, requestKey } = form;
  const auth = requireSignedIn(request);
  return ctx.tx(async (tx) => {
    const vendor = await ledger.vendor(tx, vendorId);
    if (!vendor) throw notFound(LEDGER_MESSAGES.vendorNotFound);
    const account = await ledger.lockAccount(tx, vendorId, vendor.name);
    const before = await ledger.entryByRequestKey(tx, vendorId, requestKey);
    if (before) {
      if (!form.same(before)) throw conflict(LEDGER_TEXT.keyReused);
      return { created: false, row: before, account, vendorName: vendor.name };
    }
    const entry = await form.build(tx, account);
    const row = await ledger.append(tx, account, {
      ...entry,
      enteredBy: { id: auth.memberId, name: auth.name },
      requestKey,
    });
    await ctx.audit(tx, {
      actorId: auth.memberId,
      action: form.action,
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

/** The entry and the summary after it. */
async function answerEntry(
  { ctx, ledger }: LedgerDeps,
  result: Appended,
  message: string,
): Promise<LedgerEntryResponse> {
  const { row, account, vendorName } = result;
  return {
    message,
    entry: toEntry(row, vendorName),
    summary: toSummary(account ?? (await ledger.account(ctx.db, row.vendor_id))),
  };
}

/** POST /vendorTransaction/{id}/payments: a payment's reference, if any, is one live payment's. */
async function addPayment(deps: LedgerDeps, request: FastifyRequest, vendorId: string, b: PaymentBody) {
  const paise = amountPaise(b.amount);
  const date = pastDay(b.date);
  const reference = (b.reference ?? '').trim();
  return conflictOnUnique(LEDGER_MESSAGES.duplicateReference(reference), () =>
    appendFromForm(deps, request, {
      vendorId,
      requestKey: b.requestKey.toLowerCase(),
      same: samePayment(paise, reference),
      build: async (tx) => {
        let round = 0;
        if (reference) {
          const use = await deps.ledger.referenceUse(tx, vendorId, 'Payment', reference);
          checkReferenceFree(use, LEDGER_MESSAGES.duplicateReference(reference));
          round = use.round;
        }
        const notes = (b.notes ?? '').trim();
        return {
          type: 'Payment',
          amountPaise: paise,
          date,
          method: b.method,
          reference,
          referenceRound: round,
          notes,
          enteredBy: null,
        };
      },
      action: 'ledger_payment_added',
    }),
  );
}

/** POST /vendorTransaction/{id}/credit-notes: a credit note's number is one live credit note's. */
async function addCreditNote(deps: LedgerDeps, request: FastifyRequest, vendorId: string, b: CreditNoteBody) {
  const auth = requireSignedIn(request);
  if (!mayAddCreditNotes(auth)) throw forbidden(LEDGER_MESSAGES.onlyCreditNotes);
  const number = creditNoteNumber(b.number);
  const paise = amountPaise(b.amount);
  const date = pastDay(b.date);
  return conflictOnUnique(LEDGER_MESSAGES.duplicateCreditNote(number), () =>
    appendFromForm(deps, request, {
      vendorId,
      requestKey: b.requestKey.toLowerCase(),
      same: sameCreditNote(paise, number),
      build: async (tx) => {
        const use = await deps.ledger.referenceUse(tx, vendorId, 'Credit Note', number);
        checkReferenceFree(use, LEDGER_MESSAGES.duplicateCreditNote(number));
        const notes = (b.notes ?? '').trim();
        return {
          type: 'Credit Note',
          amountPaise: paise,
          date,
          reason: b.reason,
          reference: number,
          referenceRound: use.round,
          notes,
          enteredBy: null,
        };
      },
      action: 'ledger_credit_note_added',
    }),
  );
}

/** POST /vendorTransaction/{id}/entries/{entryId}/reverse: a payment or credit note of this vendor, once. */
async function reverseEntry(
  deps: LedgerDeps,
  request: FastifyRequest,
  ids: { vendorId: string; entryId: string },
  body: ReverseBody,
) {
  const auth = requireSignedIn(request);
  const { vendorId, entryId } = ids;
  const reason = reverseReason(body.reason);
  return conflictOnUnique(LEDGER_MESSAGES.alreadyReversed, () =>
    appendFromForm(deps, request, {
      vendorId,
      requestKey: body.requestKey.toLowerCase(),
      same: sameReversal(entryId),
      build: async (tx) => {
        const target = await deps.ledger.entryRow(tx, vendorId, entryId);
        // Another vendor's entry is not on this ledger: not found, as an unknown one.
        if (!target) throw notFound(LEDGER_MESSAGES.entryNotFound);
        return reversalOf(target, auth, reason);
      },
      action: 'ledger_entry_reversed',
    }),
  );
}

const answers = { 201: LedgerEntryResponse, 200: LedgerEntryResponse };

/** One form's route: its access (refused in its own words), its params and body, its append and message. */
interface FormRoute<P extends TSchema, B extends TSchema> {
  path: string;
  access: RouteAccess;
  refused: string;
  params: P;
  body: B;
  add: (request: FastifyRequest, params: Static<P>, body: Static<B>) => Promise<Appended>;
  message: string;
}

/** A form's POST: 201 with the entry it stored, 200 with the one a resend of its request key made. */
function formRoute<P extends TSchema, B extends TSchema>(
  app: FastifyInstance,
  deps: LedgerDeps,
  form: FormRoute<P, B>,
): void {
  app.post(
    form.path,
    {
      ...route(form.access, { params: form.params, body: form.body }, answers),
      errorHandler: refusedAs(form.refused),
    },
    async (request, reply) => {
      const result = await form.add(request, request.params as Static<P>, request.body as Static<B>);
      reply.status(result.created ? 201 : 200);
      return answerEntry(deps, result, form.message);
    },
  );
}

export async function ledgerEntryRoutes(app: FastifyInstance, deps: LedgerDeps): Promise<void> {
  formRoute(app, deps, {
    path: '/vendorTransaction/:id/payments',
    access: PAYMENTS,
    refused: LEDGER_MESSAGES.onlyPayments,
    params: LedgerParams,
    body: PaymentBody,
    add: (request, { id }, body) => addPayment(deps, request, id.toLowerCase(), body),
    message: LEDGER_MESSAGES.paymentAdded,
  });
  formRoute(app, deps, {
    path: '/vendorTransaction/:id/credit-notes',
    access: CREDIT_NOTES,
    refused: LEDGER_MESSAGES.onlyCreditNotes,
    params: LedgerParams,
    body: CreditNoteBody,
    add: (request, { id }, body) => addCreditNote(deps, request, id.toLowerCase(), body),
    message: LEDGER_MESSAGES.creditNoteAdded,
  });
  formRoute(app, deps, {
    path: '/vendorTransaction/:id/entries/:entryId/reverse',
    // What the entry's type needs is checked in the handler (a payment's reversal as a payment, a credit note's as a credit note).
    access: ACCOUNTS_READ,
    refused: LEDGER_MESSAGES.accessDeniedDetail,
    params: EntryParams,
    body: ReverseBody,
    add: (request, { id, entryId }, body) =>
      reverseEntry(deps, request, { vendorId: id.toLowerCase(), entryId: entryId.toLowerCase() }, body),
    message: LEDGER_MESSAGES.reversed,
  });
}

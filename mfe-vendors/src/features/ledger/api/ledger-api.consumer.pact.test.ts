/**
 * Contract: mfe-vendors' ledger screens (the real api/ files) against the vendors service's ledger
 * (GET/POST /vendorTransaction…). It joins pacts/mfe-vendors-vendors-service.json with the vendor
 * calls. Provider states, for the vendors service's HTTP provider test to set up; each names the
 * role the requests are made as:
 *
 * - `an Accountant signed in and vendor ${VENDOR_ID} has a ledger with a PO Add and a payment with reference UTR123`:
 *   vendor 'Shree Ganesh Cement Traders' (a VEN- display id, GSTIN 27AAPFU0939F1ZV, 30 days' terms,
 *   active) whose ledger holds exactly two entries, both dated within the last 3 months: #1 'PO Add'
 *   of a PO (PO-…) and #2 a 'Payment' by NEFT with reference UTR123 entered by the Accountant, for
 *   less than the PO (the outstanding stays above ₹25,000). No open overbilling is required. The state
 *   returns `{ paymentEntryId }`, the id of that payment (the reversal's path uses it).
 * - `a Purchaser signed in and vendor ${VENDOR_ID} has a ledger with a PO Add and a payment with reference UTR123`:
 *   the same ledger, the requests made as a Purchaser (credit notes).
 * - `an Admin signed in and vendor ${VENDOR_ID} has an open overbilling case at version 1`: the vendor
 *   has a PO with a receipt whose invoice (number INV-…) is above what its goods cost; the case is
 *   Open at version 1. The state returns `{ caseId }`.
 * - 'an Employee signed in': a member with the Employee role's default permissions (no Vendors ›
 *   Accounts): the accounts list answers 403.
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { LEDGER_MESSAGES } from '@erp/contracts';
import { ApiError } from '@erp/sdk';
import { consumerContract } from '@erp/sdk/testing';
import { addCreditNote } from './add-credit-note';
import { addPayment } from './add-payment';
import { approveOverbill } from './decide-overbill';
import { getVendorAccounts } from './get-accounts';
import { getVendorLedger } from './get-ledger';
import { getOverbilling } from './get-overbilling';
import { reverseEntry } from './reverse-entry';

const { like, eachLike, regex, integer, number, string, fromProviderState } = MatchersV3;
/** Any id; the example is fixed so the pact file stays the same from run to run. */
const uuid = (example = '0e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b') => MatchersV3.uuid(example);

const VENDOR_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const PAYMENT_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const CASE_ID = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
const KEY_PAYMENT = '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b';
const KEY_DUPLICATE = '4f5a6b7c-8d9e-4f0a-9b2c-3d4e5f6a7b8c';
const KEY_CREDIT = '5a6b7c8d-9e0f-4a1b-8c3d-4e5f6a7b8c9d';
const KEY_REVERSE = '6b7c8d9e-0f1a-4b2c-9d4e-5f6a7b8c9d0e';

const LEDGER = `vendor ${VENDOR_ID} has a ledger with a PO Add and a payment with reference UTR123`;
const AS_ACCOUNTANT = `an Accountant signed in and ${LEDGER}`;
const AS_PURCHASER = `a Purchaser signed in and ${LEDGER}`;
const OVERBILL = `an Admin signed in and vendor ${VENDOR_ID} has an open overbilling case at version 1`;

const DAY = regex('^[0-9]{4}-[0-9]{2}-[0-9]{2}$', '2026-11-02');
const TIME = string('2026-11-02T10:00:00.000Z');
const VENDOR_NAME = 'Shree Ganesh Cement Traders';
const vendorRef = like({ _id: uuid(VENDOR_ID), name: string(VENDOR_NAME) });
const poRef = like({ _id: uuid(), poNumber: regex('^PO-[0-9]{6,}$', 'PO-000001') });
const actor = like({ _id: uuid(), name: string('Asha Accountant') });

/** A ledger entry as the transaction table reads it. A PO Add's `enteredBy` may be the approver or none: not matched. */
const poAdd = {
  _id: uuid(),
  seq: integer(1),
  vendor: vendorRef,
  type: 'PO Add',
  amount: number(120000),
  effect: number(120000),
  balanceAfter: number(120000),
  date: DAY,
  reference: string('PO-000001'),
  notes: string(''),
  po: poRef,
  reverses: null,
  reversedBy: null,
  createdAt: TIME,
};

const payment = (over: Record<string, unknown> = {}) => ({
  _id: uuid(PAYMENT_ID),
  seq: integer(2),
  vendor: vendorRef,
  type: 'Payment',
  amount: number(50000),
  effect: number(-50000),
  balanceAfter: number(70000),
  date: DAY,
  reference: 'UTR123',
  method: 'NEFT',
  reason: null,
  notes: string(''),
  po: null,
  reverses: null,
  reversedBy: null,
  overbillCaseId: null,
  enteredBy: actor,
  createdAt: TIME,
  ...over,
});

const summary = like({
  outstanding: number(70000),
  ordered: number(120000),
  paid: number(50000),
  creditNotes: number(0),
  overbillApproved: number(0),
  openOverbilling: like({ count: integer(0), amount: number(0) }),
  lastActivity: string('2026-11-02'),
});

const account = {
  _id: uuid(VENDOR_ID),
  vendorId: regex('^VEN-[0-9]{4,}$', 'VEN-0001'),
  name: string(VENDOR_NAME),
  status: regex('^(active|inactive|blocked)$', 'active'),
  outstanding: number(70000),
  paid: number(50000),
  creditNotes: number(0),
  openOverbilling: integer(0),
  lastActivity: string('2026-11-02'),
};

const overbillCase = (over: Record<string, unknown> = {}) => ({
  _id: uuid(CASE_ID),
  vendor: vendorRef,
  po: poRef,
  receiptId: uuid(),
  invoiceNumber: string('INV-2026-118'),
  invoiceAmount: number(61250),
  expectedAmount: number(60000),
  delta: number(1250),
  status: 'Open',
  openedAt: TIME,
  decidedAt: null,
  decidedBy: null,
  rejectReason: null,
  version: integer(1),
  ...over,
});

const contract = consumerContract('mfe-vendors', 'vendors-service');

describe('mfe-vendors ledger client', () => {
  it('lists vendor accounts, outstanding high to low, with the open overbilling count', async () => {
    await contract
      .interaction(AS_ACCOUNTANT, 'a request for the first page of vendor accounts, outstanding high to low')
      .withRequest('GET', '/api/v1/vendorTransaction', (b) =>
        b.query({ limit: '100', offset: '0', sort: '-outstanding' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ result: eachLike(like(account)), totalItems: integer(1), openOverbilling: integer(0) }),
      )
      .executeTest(async () => {
        const res = await getVendorAccounts({ page: 1, keyword: ' ', sort: '-outstanding' });
        expect(res.result[0]!.vendorId).toMatch(/^VEN-/);
        expect(typeof res.openOverbilling).toBe('number');
      });
  });

  it("reads a vendor's ledger for the last 3 months, newest first", async () => {
    await contract
      .interaction(AS_ACCOUNTANT, "a request for a vendor's ledger of the last 3 months")
      .withRequest('GET', `/api/v1/vendorTransaction/${VENDOR_ID}`, (b) =>
        b.query({ limit: '25', offset: '0', range: '3months' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          vendor: like({
            _id: uuid(VENDOR_ID),
            vendorId: regex('^VEN-[0-9]{4,}$', 'VEN-0001'),
            name: string(VENDOR_NAME),
            status: regex('^(active|inactive|blocked)$', 'active'),
            gstin: string('27AAPFU0939F1ZV'),
            paymentTerms: integer(30),
          }),
          summary,
          // Exactly the state's two entries, the payment first.
          result: [like(payment()), like(poAdd)],
          totalItems: integer(2),
        }),
      )
      .executeTest(async () => {
        const res = await getVendorLedger(VENDOR_ID, { page: 1, range: '3months' });
        expect(res.result.map((e) => e.type)).toEqual(['Payment', 'PO Add']);
        expect(res.result[0]!.reference).toBe('UTR123');
        expect(res.result[1]!.po?.poNumber).toMatch(/^PO-/);
      });
  });

  it('adds a payment with its request key', async () => {
    const body = {
      amount: 25000,
      date: '2026-11-02',
      method: 'NEFT' as const,
      reference: 'UTR456',
      notes: 'Second part payment',
      requestKey: KEY_PAYMENT,
    };
    await contract
      .interaction(AS_ACCOUNTANT, 'a request to add a payment')
      .withRequest('POST', `/api/v1/vendorTransaction/${VENDOR_ID}/payments`, (b) =>
        b.jsonBody({ ...body, requestKey: uuid(KEY_PAYMENT) }),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({
          message: LEDGER_MESSAGES.paymentAdded,
          entry: like(
            payment({
              _id: uuid(),
              seq: integer(3),
              amount: number(25000),
              effect: number(-25000),
              balanceAfter: number(45000),
              reference: 'UTR456',
              notes: 'Second part payment',
            }),
          ),
          summary,
        }),
      )
      .executeTest(async () => {
        const res = await addPayment({ vendorId: VENDOR_ID, body });
        expect(res.message).toBe(LEDGER_MESSAGES.paymentAdded);
        expect(res.entry.type).toBe('Payment');
        expect(res.entry.effect).toBeLessThan(0);
      });
  });

  it('is told when the reference is already on the ledger', async () => {
    const body = {
      amount: 10000,
      date: '2026-11-02',
      method: 'RTGS' as const,
      reference: 'UTR123',
      requestKey: KEY_DUPLICATE,
    };
    await contract
      .interaction(AS_ACCOUNTANT, 'a request to add a payment with a reference already on the ledger')
      .withRequest('POST', `/api/v1/vendorTransaction/${VENDOR_ID}/payments`, (b) =>
        b.jsonBody({ ...body, requestKey: uuid(KEY_DUPLICATE) }),
      )
      .willRespondWith(409, (b) => b.jsonBody({ message: LEDGER_MESSAGES.duplicateReference('UTR123') }))
      .executeTest(async () => {
        const error = await addPayment({ vendorId: VENDOR_ID, body }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(409);
        expect((error as ApiError).message).toBe("Reference UTR123 is already on this vendor's ledger");
      });
  });

  it('adds a credit note as a Purchaser', async () => {
    const body = {
      number: 'CN/26-27/014',
      amount: 2500,
      date: '2026-11-02',
      reason: 'Quality issue - Return/Replacement' as const,
      requestKey: KEY_CREDIT,
    };
    await contract
      .interaction(AS_PURCHASER, 'a request to add a credit note')
      .withRequest('POST', `/api/v1/vendorTransaction/${VENDOR_ID}/credit-notes`, (b) =>
        b.jsonBody({ ...body, requestKey: uuid(KEY_CREDIT) }),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({
          message: LEDGER_MESSAGES.creditNoteAdded,
          entry: like(
            payment({
              _id: uuid(),
              seq: integer(3),
              type: 'Credit Note',
              amount: number(2500),
              effect: number(-2500),
              balanceAfter: number(67500),
              reference: 'CN/26-27/014',
              method: null,
              reason: 'Quality issue - Return/Replacement',
              enteredBy: like({ _id: uuid(), name: string('Priya Purchaser') }),
            }),
          ),
          summary,
        }),
      )
      .executeTest(async () => {
        const res = await addCreditNote({ vendorId: VENDOR_ID, body });
        expect(res.message).toBe(LEDGER_MESSAGES.creditNoteAdded);
        expect(res.entry.reference).toBe('CN/26-27/014');
        expect(res.entry.reason).toBe('Quality issue - Return/Replacement');
      });
  });

  it('reverses a payment entered by mistake, with the reason', async () => {
    await contract
      .interaction(AS_ACCOUNTANT, 'a request to reverse a payment')
      .withRequest(
        'POST',
        fromProviderState(
          `/api/v1/vendorTransaction/${VENDOR_ID}/entries/\${paymentEntryId}/reverse`,
          `/api/v1/vendorTransaction/${VENDOR_ID}/entries/${PAYMENT_ID}/reverse`,
        ),
        (b) => b.jsonBody({ reason: 'Entered twice', requestKey: uuid(KEY_REVERSE) }),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({
          message: string(LEDGER_MESSAGES.reversed),
          // What the screens read of a reversal: the entry it reverses, its movement and the reason.
          entry: like({
            _id: uuid(),
            seq: integer(3),
            vendor: vendorRef,
            type: 'Reversal',
            amount: number(50000),
            effect: number(50000),
            balanceAfter: number(120000),
            date: DAY,
            reference: string('UTR123'),
            reason: string('Entered twice'),
            reverses: like({ _id: uuid(PAYMENT_ID), seq: integer(2), type: 'Payment' }),
            reversedBy: null,
            enteredBy: actor,
            createdAt: TIME,
          }),
          summary,
        }),
      )
      .executeTest(async () => {
        const res = await reverseEntry({
          vendorId: VENDOR_ID,
          entryId: PAYMENT_ID,
          reason: ' Entered twice ',
          requestKey: KEY_REVERSE,
        });
        expect(res.entry.type).toBe('Reversal');
        expect(res.entry.reverses?.type).toBe('Payment');
        expect(res.entry.effect).toBeGreaterThan(0);
      });
  });

  it('lists the open overbilling cases', async () => {
    await contract
      .interaction(OVERBILL, 'a request for the open overbilling cases')
      .withRequest('GET', '/api/v1/vendorTransaction/overbilling', (b) =>
        b.query({ limit: '25', offset: '0', status: 'Open' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ result: eachLike(like(overbillCase({ _id: uuid() }))), totalItems: integer(1) }),
      )
      .executeTest(async () => {
        const res = await getOverbilling({ page: 1, tab: 'Open' });
        expect(res.result[0]!.status).toBe('Open');
        expect(res.result[0]!.delta).toBeGreaterThan(0);
      });
  });

  it('approves an overbilling case with the version it read: an Overbill Approved entry is added', async () => {
    await contract
      .interaction(OVERBILL, 'a request to approve an overbilling case')
      .withRequest(
        'POST',
        fromProviderState(
          '/api/v1/vendorTransaction/overbilling/${caseId}/approve',
          `/api/v1/vendorTransaction/overbilling/${CASE_ID}/approve`,
        ),
        (b) => b.jsonBody({ version: 1 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: LEDGER_MESSAGES.overbillApproved,
          case: like(
            overbillCase({
              status: 'Approved',
              decidedAt: TIME,
              decidedBy: like({ _id: uuid(), name: string('Demo Admin') }),
              version: integer(2),
            }),
          ),
          entry: like({
            _id: uuid(),
            seq: integer(2),
            vendor: vendorRef,
            type: 'Overbill Approved',
            amount: number(1250),
            effect: number(1250),
            balanceAfter: number(61250),
            date: DAY,
            po: poRef,
            overbillCaseId: uuid(CASE_ID),
            createdAt: TIME,
          }),
        }),
      )
      .executeTest(async () => {
        const res = await approveOverbill({ caseId: CASE_ID, version: 1 });
        expect(res.message).toBe(LEDGER_MESSAGES.overbillApproved);
        expect(res.case.status).toBe('Approved');
        expect(res.entry?.type).toBe('Overbill Approved');
      });
  });

  it('refuses the accounts list to an Employee', async () => {
    await contract
      .interaction('an Employee signed in', 'a request for vendor accounts by an Employee')
      .withRequest('GET', '/api/v1/vendorTransaction', (b) =>
        b.query({ limit: '100', offset: '0', sort: '-outstanding' }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ message: string(LEDGER_MESSAGES.accessDenied) }))
      .executeTest(async () => {
        const error = await getVendorAccounts({ page: 1, keyword: '', sort: '-outstanding' }).catch(
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(403);
        expect((error as ApiError).message).not.toBe('');
      });
  });
});

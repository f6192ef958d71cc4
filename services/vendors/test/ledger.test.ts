import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  LEDGER_MESSAGES,
  type LedgerEntryResponse,
  type OverbillResponse,
  type Vendor,
  type VendorAccountsResponse,
} from '@erp/contracts';
import { grantAccess, harnessForFile } from '@erp/service-kit/testing';
import { checkLedgers } from '../src/repositories/ledger-check.js';
import { monthsBefore, rangeStart } from '../src/domain/dates.js';
import { daysAgo, entryOf, startLedger, today } from './ledger-helpers.js';
import { uniqueWord } from './helpers.js';

const h = harnessForFile(startLedger);

const MISSING = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const count = async (vendorId: string) =>
  (
    await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM vendors.ledger_entries WHERE vendor_id = $1',
      [vendorId],
    )
  ).rows[0]!.n;

describe('PO debits from erp.po.created.v1', () => {
  it('adds each PO once to its vendor’s ledger, with the PO number, order date (India) and approver', async () => {
    const v = await h.vendor();
    const poId = await h.po(v, 234882.58, {
      orderDate: '2026-11-24T20:00:00.000Z',
      approvedBy: { _id: randomUUID(), name: 'Demo Admin' },
    });
    const ledger = await h.ledger(v);
    expect(ledger.summary).toMatchObject({
      outstanding: 234882.58,
      ordered: 234882.58,
      paid: 0,
      creditNotes: 0,
    });
    expect(ledger.result).toHaveLength(1);
    expect(ledger.result[0]).toMatchObject({
      seq: 1,
      type: 'PO Add',
      amount: 234882.58,
      effect: 234882.58,
      balanceAfter: 234882.58,
      // 20:00 UTC is 01:30 the next day in India.
      date: '2026-11-25',
      po: { _id: poId },
      enteredBy: { name: 'Demo Admin' },
    });
    expect(ledger.result[0]!.reference).toMatch(/^PO-/);
    // The same PO announced again (a new envelope): nothing more.
    await h.po(v, 234882.58, { poId });
    expect(await count(v)).toBe(1);
    await h.expectConsistent();
  });

  it('keeps a PO of a vendor it does not know on a ledger of that id (not listed until the vendor exists)', async () => {
    const unknown = randomUUID();
    await h.po(unknown, 1000, { vendorName: 'Konkan Cement Depot' });
    expect(await count(unknown)).toBe(1);
    expect((await h.call('admin', 'GET', `/vendorTransaction/${unknown}`)).statusCode).toBe(404);
    await h.expectConsistent();
  });
});

describe('payments', () => {
  it('records a payment (201) that lowers the balance, and answers a resend of the same request with the same entry (200)', async () => {
    const v = await h.vendor();
    await h.po(v, 100000);
    const body = {
      amount: 25000.5,
      date: today(),
      method: 'RTGS',
      reference: 'UTR-0001',
      notes: ' First instalment ',
      requestKey: randomUUID(),
    };
    const first = await h.pay('accountant', v, body);
    expect(first.statusCode, first.body).toBe(201);
    const answer = first.json() as LedgerEntryResponse;
    expect(answer.message).toBe(LEDGER_MESSAGES.paymentAdded);
    expect(answer.entry).toMatchObject({
      seq: 2,
      type: 'Payment',
      amount: 25000.5,
      effect: -25000.5,
      balanceAfter: 74999.5,
      method: 'RTGS',
      reference: 'UTR-0001',
      notes: 'First instalment',
      enteredBy: { _id: h.people.accountant.memberId, name: 'Rahul Deshmukh' },
    });
    expect(answer.summary).toMatchObject({ outstanding: 74999.5, paid: 25000.5 });
    const again = await h.pay('accountant', v, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(entryOf(again)).toEqual(answer.entry);
    expect(await count(v)).toBe(2);
    // The same key with another amount is not a resend.
    const other = await h.pay('accountant', v, { ...body, amount: 1 });
    expect(other.statusCode).toBe(409);
    await h.expectConsistent();
  });

  it.each([
    ['zero', { amount: 0 }, LEDGER_MESSAGES.amount],
    ['negative', { amount: -500 }, LEDGER_MESSAGES.amount],
    ['three decimals', { amount: 100.005 }, LEDGER_MESSAGES.amount],
    ['a string', { amount: '100' }, LEDGER_MESSAGES.amount],
    ['above the maximum', { amount: 100_000_000.01 }, LEDGER_MESSAGES.amount],
    ['a date in the future (India)', { date: daysAgo(-2) }, LEDGER_MESSAGES.dateFuture],
    ['an impossible date', { date: '2026-02-30' }, LEDGER_MESSAGES.date],
    ['no date', { date: '' }, LEDGER_MESSAGES.date],
    ['an unknown method', { method: 'UPI' }, LEDGER_MESSAGES.method],
    ['no request key', { requestKey: undefined }, 'requestKey is required'],
  ])('refuses %s with 400 and stores nothing', async (_what, over, message) => {
    const v = await h.vendor();
    const res = await h.pay('accountant', v, over);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await count(v)).toBe(0);
  });

  it('takes two decimals however the float reads them (14.04, 0.1 + 0.2 as 0.30), and refuses a third (1.001, 1.0001)', async () => {
    const v = await h.vendor();
    for (const amount of [14.04, 1234567.89, 0.01, 100_000_000, 0.1 + 0.2])
      expect((await h.pay('admin', v, { amount })).statusCode).toBe(201);
    for (const amount of [1.001, 1.0001]) expect((await h.pay('admin', v, { amount })).statusCode).toBe(400);
    expect((await h.ledger(v)).summary.paid).toBe(101234582.24);
  });

  it('refuses an unknown vendor with 404', async () => {
    const res = await h.pay('accountant', MISSING);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(LEDGER_MESSAGES.vendorNotFound);
    expect(await count(MISSING)).toBe(0);
  });

  it('refuses a reference already on the vendor’s ledger (any case) with 409, accepts it on another vendor, and again once its payment is reversed', async () => {
    const v = await h.vendor();
    const w = await h.vendor();
    const first = await h.pay('accountant', v, { reference: 'HDFCN26330418752' });
    expect(first.statusCode).toBe(201);
    const dup = await h.pay('accountant', v, { reference: 'hdfcn26330418752' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(LEDGER_MESSAGES.duplicateReference('hdfcn26330418752'));
    expect((await h.pay('accountant', w, { reference: 'HDFCN26330418752' })).statusCode).toBe(201);
    // Payments without a reference (cash) are never duplicates of each other.
    expect((await h.pay('accountant', v, { reference: '', method: 'Cash' })).statusCode).toBe(201);
    expect((await h.pay('accountant', v, { reference: undefined, method: 'Cash' })).statusCode).toBe(201);
    // Entered with the wrong amount: reversed, then entered again with the same UTR.
    expect((await h.reverse('accountant', v, entryOf(first)._id)).statusCode).toBe(201);
    const again = await h.pay('accountant', v, { reference: 'HDFCN26330418752', amount: 1100 });
    expect(again.statusCode, again.body).toBe(201);
    expect((await h.pay('accountant', v, { reference: 'HDFCN26330418752' })).statusCode).toBe(409);
    await h.expectConsistent();
  });
});

describe('credit notes', () => {
  it('records a credit note from a Purchaser, its number unique per vendor (409)', async () => {
    const v = await h.vendor();
    await h.po(v, 70282.5);
    const res = await h.creditNote('purchaser', v, {
      number: 'GSA/CN/26-27/0031',
      amount: 12000,
      reason: 'Discount',
      notes: 'Rate difference',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: LEDGER_MESSAGES.creditNoteAdded,
      entry: {
        type: 'Credit Note',
        amount: 12000,
        effect: -12000,
        balanceAfter: 58282.5,
        reference: 'GSA/CN/26-27/0031',
        reason: 'Discount',
        method: null,
      },
      summary: { outstanding: 58282.5, creditNotes: 12000 },
    });
    const dup = await h.creditNote('admin', v, { number: ' gsa/cn/26-27/0031 ' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(LEDGER_MESSAGES.duplicateCreditNote('gsa/cn/26-27/0031'));
    expect((await h.creditNote('purchaser', v, { number: '   ' })).json().message).toBe(
      LEDGER_MESSAGES.creditNoteNumber,
    );
    expect((await h.creditNote('purchaser', v, { reason: 'Because' })).json().message).toBe(
      LEDGER_MESSAGES.reason,
    );
    expect((await h.creditNote('purchaser', v, { amount: 0 })).statusCode).toBe(400);
    expect(await count(v)).toBe(2);
  });
});

describe('reversals', () => {
  it('reverses a payment (the balance is restored, both entries point at each other), once', async () => {
    const v = await h.vendor();
    await h.po(v, 5000);
    const pay = entryOf(await h.pay('accountant', v, { amount: 1200 }));
    const res = await h.reverse('accountant', v, pay._id, { reason: 'Bounced cheque' });
    expect(res.statusCode, res.body).toBe(201);
    const reversal = entryOf(res);
    expect(reversal).toMatchObject({
      type: 'Reversal',
      amount: 1200,
      effect: 1200,
      balanceAfter: 5000,
      reason: 'Bounced cheque',
      reverses: { _id: pay._id, seq: pay.seq, type: 'Payment' },
    });
    expect(res.json().summary).toMatchObject({ outstanding: 5000, paid: 0 });
    const ledger = await h.ledger(v);
    expect(ledger.result.find((e) => e._id === pay._id)!.reversedBy).toEqual({
      _id: reversal._id,
      seq: reversal.seq,
    });
    const twice = await h.reverse('accountant', v, pay._id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(LEDGER_MESSAGES.alreadyReversed);
    const ofReversal = await h.reverse('accountant', v, reversal._id);
    expect(ofReversal.statusCode).toBe(400);
    expect(ofReversal.json().message).toBe(LEDGER_MESSAGES.reverseReversal);
    expect(await count(v)).toBe(3);
    await h.expectConsistent();
  });

  it('answers another vendor’s entry as not found (404), refuses a PO Add (400), needs a reason, and a resend reverses once', async () => {
    const v = await h.vendor();
    const w = await h.vendor();
    await h.po(v, 5000);
    const theirs = entryOf(await h.pay('accountant', w));
    const res = await h.reverse('accountant', v, theirs._id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(LEDGER_MESSAGES.entryNotFound);
    const [poAdd] = (await h.ledger(v)).result;
    expect((await h.reverse('admin', v, poAdd!._id)).statusCode).toBe(400);
    expect((await h.reverse('admin', w, theirs._id, { reason: '  ' })).json().message).toBe(
      LEDGER_MESSAGES.reverseReason,
    );
    const key = randomUUID();
    const [a, b] = [
      await h.reverse('admin', w, theirs._id, { requestKey: key }),
      await h.reverse('admin', w, theirs._id, { requestKey: key }),
    ];
    expect([a.statusCode, b.statusCode]).toEqual([201, 200]);
    expect(entryOf(b)._id).toBe(entryOf(a)._id);
    expect(await count(w)).toBe(2);
  });

  it('lets only who may add a payment reverse one, and only who may add a credit note reverse that', async () => {
    const v = await h.vendor();
    await h.po(v, 5000);
    const pay = entryOf(await h.pay('accountant', v));
    const note = entryOf(await h.creditNote('purchaser', v));
    const p = await h.reverse('purchaser', v, pay._id);
    expect(p.statusCode).toBe(403);
    expect(p.json().message).toBe(LEDGER_MESSAGES.onlyPayments);
    const a = await h.reverse('accountant', v, note._id);
    expect(a.statusCode).toBe(403);
    expect(a.json().message).toBe(LEDGER_MESSAGES.onlyCreditNotes);
    expect((await h.reverse('purchaser', v, note._id)).statusCode).toBe(201);
    expect((await h.reverse('accountant', v, pay._id)).statusCode).toBe(201);
    expect((await h.ledger(v)).summary).toMatchObject({ outstanding: 5000, paid: 0, creditNotes: 0 });
  });
});

describe('who may do what (SPEC §6)', () => {
  it('refuses the Employee everywhere with the spec’s words', async () => {
    const v = await h.vendor();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/vendorTransaction', undefined],
      ['GET', '/vendorTransaction/overbilling', undefined],
      ['GET', `/vendorTransaction/${v}`, undefined],
      ['GET', `/vendorTransaction/${v}/statement?from=2026-01-01&to=2026-01-31&format=pdf`, undefined],
      [
        'POST',
        `/vendorTransaction/${v}/payments`,
        { amount: 1, date: today(), method: 'NEFT', requestKey: randomUUID() },
      ],
      [
        'POST',
        `/vendorTransaction/${v}/credit-notes`,
        { number: 'X', amount: 1, date: today(), reason: 'Other', requestKey: randomUUID() },
      ],
      [
        'POST',
        `/vendorTransaction/${v}/entries/${MISSING}/reverse`,
        { reason: 'x', requestKey: randomUUID() },
      ],
      ['POST', `/vendorTransaction/overbilling/${MISSING}/approve`, { version: 1 }],
      ['POST', `/vendorTransaction/overbilling/${MISSING}/reject`, { version: 1, reason: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await h.call('employee', method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message, url).toMatch(
        /^Access denied|^Only an Admin can approve|^Only an Admin or an Accountant|^Only a Purchaser or an Admin/,
      );
    }
    expect((await h.call('employee', 'GET', '/vendorTransaction')).json().message).toBe(
      LEDGER_MESSAGES.accessDenied,
    );
    expect((await h.call('employee', 'GET', `/vendorTransaction/${v}`)).json().message).toBe(
      LEDGER_MESSAGES.accessDeniedDetail,
    );
    expect(await count(v)).toBe(0);
  });

  it('lets the Purchaser, Admin and Accountant read; payments for the Accountant and Admin; credit notes for the Purchaser and Admin', async () => {
    const v = await h.vendor();
    for (const who of ['purchaser', 'admin', 'accountant'] as const) {
      expect((await h.call(who, 'GET', '/vendorTransaction')).statusCode).toBe(200);
      expect((await h.call(who, 'GET', `/vendorTransaction/${v}`)).statusCode).toBe(200);
    }
    const p = await h.pay('purchaser', v);
    expect(p.statusCode).toBe(403);
    expect(p.json().message).toBe(LEDGER_MESSAGES.onlyPayments);
    expect((await h.pay('admin', v)).statusCode).toBe(201);
    const c = await h.creditNote('accountant', v);
    expect(c.statusCode).toBe(403);
    expect(c.json().message).toBe(LEDGER_MESSAGES.onlyCreditNotes);
    expect((await h.creditNote('admin', v)).statusCode).toBe(201);
    // A Purchaser whose Admin took away the Accounts screen adds no credit notes either.
    const noAccounts = await grantAccess(h, {
      role: 'Purchaser',
      modules: { vendors: { subModules: { list: { read: true, write: true } } } },
    });
    const res = await h.app.inject({
      method: 'POST',
      url: `/vendorTransaction/${v}/credit-notes`,
      headers: noAccounts.headers,
      payload: { number: 'CN-9', amount: 1, date: today(), reason: 'Other', requestKey: randomUUID() },
    });
    expect(res.statusCode).toBe(403);
    expect(await count(v)).toBe(2);
  });

  it('leaves overbilling decisions to an Admin', async () => {
    const v = await h.vendor();
    await h.receipt(v, 32500, 31236.67);
    const [c] = (await h.overbilling(v)).result;
    for (const who of ['purchaser', 'accountant'] as const) {
      const res = await h.call(who, 'POST', `/vendorTransaction/overbilling/${c!._id}/approve`, {
        version: c!.version,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(LEDGER_MESSAGES.onlyAdminDecides);
    }
    expect(
      (
        await h.call('admin', 'POST', `/vendorTransaction/overbilling/${c!._id}/approve`, {
          version: c!.version,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('overbilling cases from erp.po.receipt_recorded.v1', () => {
  it('opens a case when the invoice is above what the goods and their fleet share cost, once per receipt', async () => {
    const v = await h.vendor();
    await h.po(v, 70282.5);
    const receiptId = await h.receipt(v, 32500, 31236.67);
    await h.receipt(v, 32500, 31236.67, { receiptId });
    // At or below what is expected, or announced without the amounts: no case.
    await h.receipt(v, 31236.67, 31236.67);
    await h.receipt(v, 0, 31236.67);
    await h.receipt(v, 5000, 4000, { invoiceAmount: undefined, expectedAmount: undefined });
    const list = await h.overbilling(v, '', 'accountant');
    expect(list.totalItems).toBe(1);
    expect(list.result[0]).toMatchObject({
      receiptId,
      status: 'Open',
      invoiceAmount: 32500,
      expectedAmount: 31236.67,
      delta: 1263.33,
      version: 1,
      decidedBy: null,
      vendor: { _id: v },
    });
    const ledger = await h.ledger(v);
    // Open cases do not move the balance; they are counted on the summary.
    expect(ledger.summary).toMatchObject({
      outstanding: 70282.5,
      openOverbilling: { count: 1, amount: 1263.33 },
    });
    const accounts = (
      await h.call('accountant', 'GET', '/vendorTransaction?limit=100')
    ).json() as VendorAccountsResponse;
    expect(accounts.result.find((a) => a._id === v)!.openOverbilling).toBe(1);
    expect(accounts.openOverbilling).toBeGreaterThanOrEqual(1);
    await h.expectConsistent();
  });

  it('approving adds the delta to the ledger (Overbill Approved); a second decision, or a stale one, is refused with 409', async () => {
    const v = await h.vendor();
    await h.po(v, 70282.5);
    await h.receipt(v, 32500, 31236.67);
    const [c] = (await h.overbilling(v)).result;
    const stale = await h.call('admin', 'POST', `/vendorTransaction/overbilling/${c!._id}/approve`, {
      version: c!.version + 1,
    });
    expect(stale.statusCode).toBe(409);
    const res = await h.call('admin', 'POST', `/vendorTransaction/overbilling/${c!._id}/approve`, {
      version: c!.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as OverbillResponse;
    expect(answer.message).toBe(LEDGER_MESSAGES.overbillApproved);
    expect(answer.case).toMatchObject({
      status: 'Approved',
      version: 2,
      decidedBy: { _id: h.people.admin.memberId, name: 'Demo Admin' },
    });
    expect(answer.entry).toMatchObject({
      type: 'Overbill Approved',
      amount: 1263.33,
      effect: 1263.33,
      balanceAfter: 71545.83,
      overbillCaseId: c!._id,
      reference: c!.invoiceNumber,
    });
    expect((await h.ledger(v)).summary).toMatchObject({
      outstanding: 71545.83,
      overbillApproved: 1263.33,
      openOverbilling: { count: 0, amount: 0 },
    });
    const again = await h.call('admin', 'POST', `/vendorTransaction/overbilling/${c!._id}/reject`, {
      version: 2,
      reason: 'Changed my mind',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LEDGER_MESSAGES.caseClosed);
    // The queue shows open cases by default; all of them on asking.
    expect((await h.overbilling(v)).totalItems).toBe(0);
    expect((await h.overbilling(v, '&status=all')).totalItems).toBe(1);
    expect(
      (await h.call('admin', 'POST', `/vendorTransaction/overbilling/${MISSING}/approve`, { version: 1 }))
        .statusCode,
    ).toBe(404);
    await h.expectConsistent();
  });

  it('rejecting needs a reason and leaves the balance as it was', async () => {
    const v = await h.vendor();
    await h.receipt(v, 1000, 900);
    const [c] = (await h.overbilling(v)).result;
    const noReason = await h.call('admin', 'POST', `/vendorTransaction/overbilling/${c!._id}/reject`, {
      version: 1,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(LEDGER_MESSAGES.rejectReason);
    const res = await h.call('admin', 'POST', `/vendorTransaction/overbilling/${c!._id}/reject`, {
      version: 1,
      reason: 'Freight agreed separately',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: LEDGER_MESSAGES.overbillRejected,
      entry: null,
      case: { status: 'Rejected', rejectReason: 'Freight agreed separately' },
    });
    expect((await h.ledger(v)).summary).toMatchObject({
      outstanding: 0,
      openOverbilling: { count: 0, amount: 0 },
    });
    await h.expectConsistent();
  });
});

describe('the accounts list and a ledger', () => {
  it('lists every vendor with its balance (0 without entries), sorted by outstanding by default, by name or last activity on asking, searched by name or id', async () => {
    const word = uniqueWord();
    const a = await h.vendor(`Alpha Traders ${word}`);
    const b = await h.vendor(`Bravo Traders ${word}`);
    const c = await h.vendor(`Charlie Traders ${word}`);
    await h.po(b, 300);
    await h.po(a, 200);
    const list = async (query: string) =>
      (
        (
          await h.call(
            'purchaser',
            'GET',
            `/vendorTransaction?keyword=${encodeURIComponent(word)}&limit=100&${query}`,
          )
        ).json() as VendorAccountsResponse
      ).result.map((r) => r._id);
    expect(await list('')).toEqual([b, a, c]);
    expect(await list('sort=outstanding')).toEqual([c, a, b]);
    expect(await list('sort=name')).toEqual([a, b, c]);
    expect(await list('sort=-name')).toEqual([c, b, a]);
    expect(await list('sort=-lastActivity')).toEqual([a, b, c]);
    expect(await list('sort=lastActivity')).toEqual([c, b, a]);
    const page = (
      await h.call(
        'purchaser',
        'GET',
        `/vendorTransaction?keyword=${encodeURIComponent(`bravo traders ${word}`)}`,
      )
    ).json() as VendorAccountsResponse;
    expect(page.totalItems).toBe(1);
    expect(page.result[0]).toMatchObject({
      _id: b,
      outstanding: 300,
      paid: 0,
      creditNotes: 0,
      openOverbilling: 0,
      status: 'active',
    });
    expect(page.result[0]!.lastActivity).not.toBeNull();
    const byId = (
      await h.call('purchaser', 'GET', `/vendorTransaction?keyword=${page.result[0]!.vendorId}`)
    ).json() as VendorAccountsResponse;
    expect(byId.result.map((r) => r._id)).toEqual([b]);
    const none = (
      await h.call(
        'purchaser',
        'GET',
        `/vendorTransaction?keyword=${encodeURIComponent(`charlie traders ${word}`)}`,
      )
    ).json() as VendorAccountsResponse;
    expect(none.result[0]).toMatchObject({ outstanding: 0, lastActivity: null });
  });

  it('shows the ledger balance as the vendor’s wallet on the vendor list and page', async () => {
    const v = await h.vendor();
    await h.po(v, 1500.75);
    await h.pay('accountant', v, { amount: 500.25 });
    const detail = (await h.call('admin', 'GET', `/vendors/details/${v}`)).json() as Vendor;
    expect(detail.wallet).toBe(1000.5);
    const list = (
      await h.call('admin', 'GET', `/vendors/all?keyword=${encodeURIComponent(detail.name)}`)
    ).json() as { vendors: Vendor[] };
    expect(list.vendors.map((x) => x.wallet)).toEqual([1000.5]);
    // The vendor's page answers as before otherwise.
    expect(
      (await h.call('admin', 'PATCH', `/vendors/details/${v}`, { notes: 'Pays on time' })).statusCode,
    ).toBe(200);
  });

  it('reads a ledger newest first in pages, filtered by date range and keyword', async () => {
    const v = await h.vendor();
    await h.po(v, 10000);
    await h.pay('accountant', v, { amount: 100, date: daysAgo(400), reference: 'OLD-1' });
    await h.pay('accountant', v, { amount: 200, date: daysAgo(100), reference: 'MID-1' });
    await h.pay('accountant', v, { amount: 300, date: daysAgo(40), reference: 'RECENT-1' });
    await h.pay('accountant', v, { amount: 400, date: today(), reference: 'TODAY-1', method: 'Cheque' });
    const all = await h.ledger(v);
    expect(all.totalItems).toBe(5);
    expect(all.result.map((e) => e.seq)).toEqual([5, 4, 3, 2, 1]);
    expect(all.result.map((e) => e.balanceAfter)).toEqual([9000, 9400, 9700, 9900, 10000]);
    expect(all.vendor).toMatchObject({ _id: v, paymentTerms: 30, status: 'active' });
    const refs = async (q: string) => {
      const l = await h.ledger(v, q);
      return [l.totalItems, l.result.map((e) => e.reference)];
    };
    expect(await refs('range=lastMonth')).toEqual([2, ['TODAY-1', expect.stringMatching(/^PO-/)]]);
    expect(await refs('range=3months')).toEqual([3, ['TODAY-1', 'RECENT-1', expect.stringMatching(/^PO-/)]]);
    expect(await refs('range=6months')).toEqual([
      4,
      ['TODAY-1', 'RECENT-1', 'MID-1', expect.stringMatching(/^PO-/)],
    ]);
    expect((await h.ledger(v, 'range=year')).totalItems).toBe(4);
    expect(await refs('keyword=cheque')).toEqual([1, ['TODAY-1']]);
    const page2 = await h.ledger(v, 'limit=2&offset=2');
    expect(page2.result.map((e) => e.seq)).toEqual([3, 2]);
    expect(page2.totalItems).toBe(5);
    expect(page2.summary.outstanding).toBe(9000);
    expect((await h.call('accountant', 'GET', `/vendorTransaction/${MISSING}`)).json().message).toBe(
      LEDGER_MESSAGES.vendorNotFound,
    );
  });

  it('counts ranges since the same day one, three, six and twelve months back (India)', () => {
    expect(rangeStart('lastMonth', '2026-06-15')).toBe('2026-05-15');
    expect(rangeStart('3months', '2026-06-15')).toBe('2026-03-15');
    expect(rangeStart('6months', '2026-01-10')).toBe('2025-07-10');
    expect(rangeStart('year', '2028-02-29')).toBe('2027-02-28');
    expect(rangeStart('all', '2026-06-15')).toBeNull();
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
  });
});

describe('statements', () => {
  it('gives a PDF and an XLSX of a period with the opening balance, the period’s entries and the closing balance', async () => {
    const v = await h.vendor();
    await h.po(v, 50000);
    await h.pay('accountant', v, { amount: 1000, date: daysAgo(60), reference: 'BEFORE' });
    await h.pay('accountant', v, { amount: 2000, date: daysAgo(10), reference: 'INSIDE-1' });
    await h.creditNote('purchaser', v, { amount: 500, date: daysAgo(5), number: 'CN-INSIDE' });
    const from = daysAgo(30);
    const to = today();
    const detail = (await h.call('admin', 'GET', `/vendors/details/${v}`)).json() as Vendor;
    const pdf = await h.call(
      'accountant',
      'GET',
      `/vendorTransaction/${v}/statement?from=${from}&to=${to}&format=pdf`,
    );
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="Statement-${detail.vendorId}-${from}-${to}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await h.call(
      'accountant',
      'GET',
      `/vendorTransaction/${v}/statement?from=${from}&to=${to}&format=xlsx`,
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe(
      `attachment; filename="Statement-${detail.vendorId}-${from}-${to}.xlsx"`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.getWorksheet('Statement')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const find = (label: string) => rows.find((r) => r[2] === label)!;
    // Opening: the PO (dated today) is after `from`... so only the payment dated before the period: -1,000.
    expect(find('Opening balance')[7]).toBe(-1000);
    const inPeriod = rows.filter((r) => typeof r[1] === 'number');
    expect(inPeriod.map((r) => [r[2], r[5] ?? null, r[6] ?? null, r[7]])).toEqual([
      ['Payment', 2000, null, -3000],
      ['Credit Note', 500, null, -3500],
      ['PO Add', null, 50000, 46500],
    ]);
    expect(find('Totals').slice(5, 7)).toEqual([2500, 50000]);
    expect(find('Closing balance')[7]).toBe(46500);
  });

  it('refuses a range that ends before it starts, and impossible dates', async () => {
    const v = await h.vendor();
    for (const [vendor, query, status] of [
      [v, 'from=2026-02-01&to=2026-01-01&format=pdf', 400],
      [v, 'from=2026-02-30&to=2026-03-01&format=xlsx', 400],
      [v, 'from=2026-02-01&to=2026-03-01&format=csv', 400],
      [MISSING, 'from=2026-02-01&to=2026-03-01&format=pdf', 404],
    ] as const) {
      const res = await h.call('admin', 'GET', `/vendorTransaction/${vendor}/statement?${query}`);
      expect(res.statusCode, `${vendor} ${query}`).toBe(status);
    }
  });
});

describe('append-only entries and the balance check', () => {
  it('refuses to change or delete an entry, whoever asks', async () => {
    const v = await h.vendor();
    await h.po(v, 100);
    await expect(
      h.db.query(`UPDATE vendors.ledger_entries SET amount_paise = 1 WHERE vendor_id = $1`, [v]),
    ).rejects.toThrow(/append-only/);
    await expect(h.db.query(`DELETE FROM vendors.ledger_entries WHERE vendor_id = $1`, [v])).rejects.toThrow(
      /append-only/,
    );
    await expect(h.db.query(`TRUNCATE vendors.ledger_entries CASCADE`)).rejects.toThrow(/append-only/);
    expect(await count(v)).toBe(1);
  });

  it('finds a kept balance that disagrees with the entries, and an entry whose balance_after is wrong', async () => {
    const v = await h.vendor();
    await h.po(v, 100);
    await h.pay('accountant', v, { amount: 40 });
    await h.expectConsistent();
    await h.db.query(
      `UPDATE vendors.ledger_accounts SET outstanding_paise = outstanding_paise + 1 WHERE vendor_id = $1`,
      [v],
    );
    let report = await checkLedgers(h.db, 'vendors');
    expect(report.mismatchCount).toBe(1);
    expect(report.mismatches[0]).toMatchObject({
      vendorId: v,
      seq: null,
      what: 'outstanding balance',
      expected: '6000',
      found: '6001',
    });
    await h.db.query(
      `UPDATE vendors.ledger_accounts SET outstanding_paise = outstanding_paise - 1 WHERE vendor_id = $1`,
      [v],
    );
    // Past the trigger (as someone with the table owner's rights could): the chain check sees it.
    await h.db.exec(`ALTER TABLE vendors.ledger_entries DISABLE TRIGGER ledger_entries_no_update`);
    try {
      await h.db.query(
        `UPDATE vendors.ledger_entries SET balance_after_paise = 7000 WHERE vendor_id = $1 AND seq = 2`,
        [v],
      );
      report = await checkLedgers(h.db, 'vendors');
      expect(report.mismatches.map((m) => [m.vendorId, m.seq, m.what, m.expected, m.found])).toEqual([
        [v, 2, 'entry balance_after', '6000', '7000'],
      ]);
      await h.db.query(
        `UPDATE vendors.ledger_entries SET balance_after_paise = 6000 WHERE vendor_id = $1 AND seq = 2`,
        [v],
      );
    } finally {
      await h.db.exec(`ALTER TABLE vendors.ledger_entries ENABLE TRIGGER ledger_entries_no_update`);
    }
    await h.expectConsistent();
  });
});

/** The demo's ledgers (issue 13): a payment to Deccan Steel and a credit note from Godavari after their demo POs, once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PoCreated,
  type PoCreatedData,
  type VendorAccountsResponse,
  type VendorLedgerResponse,
} from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import {
  createTestHarness,
  grantAccess,
  type GrantedAccess,
  type TestHarness,
} from '@erp/service-kit/testing';
import { vendorsService } from '../src/app.js';
import { checkLedgers } from '../src/ledger/check.js';
import { poCreatedData } from './ledger-helpers.js';

let h: TestHarness;
let accountant: GrantedAccess;
beforeAll(async () => {
  h = await createTestHarness([vendorsService()], { seedDemo: true });
  accountant = await grantAccess(h, { role: 'Accountant', name: 'Rahul Deshmukh' });
});
afterAll(async () => h?.close());

const get = async <T>(url: string) =>
  (await h.app.inject({ method: 'GET', url, headers: accountant.headers })).json() as T;

async function demoPo(vendorName: string, amount: number, poNumber: string): Promise<PoCreatedData> {
  const accounts = await get<VendorAccountsResponse>(
    `/vendorTransaction?keyword=${encodeURIComponent(vendorName)}`,
  );
  const data = poCreatedData(accounts.result[0]!._id, amount, {
    poNumber,
    indentNumber: 'IND-000001',
    vendorName,
  });
  await h.bus.publish(buildEnvelope('po', PoCreated, data));
  await h.settle();
  return data;
}

describe('demo ledgers', () => {
  it('waits for each demo vendor’s PO, then records its payment or credit note after it, once', async () => {
    // Before any PO: every demo vendor at 0.
    const before = await get<VendorAccountsResponse>('/vendorTransaction?limit=100');
    expect(before.result.map((a) => a.outstanding)).toEqual([0, 0, 0, 0, 0]);
    const deccan = await demoPo('Deccan Steel Suppliers', 1201452.4, 'PO-000001');
    const godavari = await demoPo('Godavari Sand and Aggregates', 70282.5, 'PO-000002');
    // A second PO of Deccan's adds no second payment.
    await demoPo('Deccan Steel Suppliers', 1000, 'PO-000003');
    const steel = await get<VendorLedgerResponse>(`/vendorTransaction/${deccan.vendorId}`);
    expect(steel.result.map((e) => [e.seq, e.type, e.amount, e.balanceAfter, e.reference, e.method])).toEqual(
      [
        [3, 'PO Add', 1000, 702452.4, 'PO-000003', null],
        [2, 'Payment', 500000, 701452.4, 'HDFCN26330418752', 'NEFT'],
        [1, 'PO Add', 1201452.4, 1201452.4, 'PO-000001', null],
      ],
    );
    // The demo Accountant (by email in the access replica; this harness's members have none, so by name).
    expect(steel.result[1]!.enteredBy?.name).toBe('Rahul Deshmukh');
    const sand = await get<VendorLedgerResponse>(`/vendorTransaction/${godavari.vendorId}`);
    expect(sand.result.map((e) => [e.type, e.amount, e.balanceAfter, e.reference, e.reason])).toEqual([
      ['Credit Note', 12000, 58282.5, 'GSA/CN/26-27/0031', 'Quality issue - Return/Replacement'],
      ['PO Add', 70282.5, 70282.5, 'PO-000002', null],
    ]);
    expect((await h.db.query('SELECT key FROM vendors.demo_ledger')).rows).toEqual([]);
    expect((await checkLedgers(h.db, 'vendors')).mismatches).toEqual([]);
  });
});

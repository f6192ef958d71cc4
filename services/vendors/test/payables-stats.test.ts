import { describe, expect, it } from 'vitest';
import { harnessForFile } from '@erp/service-kit/testing';
import type { StatsResponse } from '@erp/contracts';
import { startLedger } from './ledger-helpers.js';

const h = harnessForFile(startLedger);

const stats = async (who: 'admin' | 'purchaser' | 'accountant' | 'employee') => {
  const res = await h.call(who, 'GET', '/vendors/stats');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StatsResponse;
};

describe('the dashboard’s payables', () => {
  it('answers what is owed across vendors and the open overbilling cases to those who read vendor accounts, and to no one else', async () => {
    const before = await stats('accountant');
    expect(before).toMatchObject({ outstandingPayables: 0, openOverbilling: 0 });
    const owed = await h.vendor();
    const advanced = await h.vendor();
    await h.po(owed, 25_000.5);
    await h.po(advanced, 1_000);
    // 1,500 paid against a PO of 1,000: an advance of 500, which lowers nothing owed to the other vendor.
    expect((await h.pay('accountant', advanced, { amount: 1_500 })).statusCode).toBe(201);
    await h.receipt(owed, 32_500, 31_236.67);
    const after = await stats('accountant');
    expect(after).toMatchObject({
      totalVendor: before.totalVendor! + 2,
      outstandingPayables: 25_000.5,
      openOverbilling: 1,
    });
    expect(await stats('purchaser')).toEqual(after);
    expect(await stats('admin')).toEqual(after);
    // The Employee cannot read vendor accounts: the count only.
    expect(await stats('employee')).toEqual({ totalVendor: after.totalVendor });
  });
});

import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  PoCreated,
  ReceiptRecorded,
  type LedgerEntryResponse,
  type PoCreatedData,
  type ReceiptRecordedData,
  type OverbillListResponse,
  type VendorLedgerResponse,
} from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import { usingRealServers } from '@erp/service-kit/testing';
import { checkLedgers } from '../src/repositories/ledger-check.js';
import { newVendor, startVendors, type VendorsHarness, type Who } from './helpers.js';

export const onPostgres = usingRealServers && Boolean(process.env.TEST_DATABASE_URL);

/** Today in India, and a day `days` before it. */
export const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
export const daysAgo = (days: number) =>
  new Date(Date.now() + 330 * 60_000 - days * 86_400_000).toISOString().slice(0, 10);

export interface LedgerHarness extends VendorsHarness {
  /** A new vendor (POST /vendors as the Admin); its id. */
  vendor(name?: string): Promise<string>;
  /** erp.po.created.v1 for the vendor, published and handled; the PO's id. */
  po(vendorId: string, amount: number, over?: Partial<PoCreatedData>): Promise<string>;
  /** erp.po.receipt_recorded.v1 with the ledger's amounts, published and handled; the receipt's id. */
  receipt(
    vendorId: string,
    invoiceAmount: number,
    expectedAmount: number,
    over?: Partial<ReceiptRecordedData>,
  ): Promise<string>;
  pay(who: Who, vendorId: string, body?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  creditNote(who: Who, vendorId: string, body?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  reverse(
    who: Who,
    vendorId: string,
    entryId: string,
    body?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse>;
  ledger(vendorId: string, query?: string): Promise<VendorLedgerResponse>;
  /** The overbilling queue of one vendor (open cases; `&status=all` for every case), as `who` reads it. */
  overbilling(vendorId: string, query?: string, who?: Who): Promise<OverbillListResponse>;
  /** The ledger check finds nothing wrong anywhere. */
  expectConsistent(): Promise<void>;
}

let po = 0;

/** A new PO's erp.po.created.v1 data for the vendor (a fresh PO, indent and number each call). */
export function poCreatedData(
  vendorId: string,
  amount: number,
  over: Partial<PoCreatedData> = {},
): PoCreatedData {
  const n = ++po;
  return {
    poId: randomUUID(),
    poNumber: `PO-${String(900000 + n)}`,
    indentId: randomUUID(),
    indentNumber: `IND-${String(900000 + n)}`,
    projectId: randomUUID(),
    boqId: randomUUID(),
    vendorId,
    vendorName: 'Deccan Steel Suppliers',
    status: 'Open',
    orderDate: new Date().toISOString(),
    itemCount: 1,
    amount,
    fleet: { amount: 0, gst: 0 },
    lines: [],
    approvedBy: { _id: randomUUID(), name: 'Demo Admin' },
    ...over,
  };
}

export async function startLedger(): Promise<LedgerHarness> {
  const h = await startVendors();
  const post = (who: Who, url: string, payload: unknown) => h.call(who, 'POST', url, payload);
  const self: LedgerHarness = {
    ...h,
    async vendor(name) {
      const res = await h.call('admin', 'POST', '/vendors', newVendor(name ? { name } : {}));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().vendor._id as string;
    },
    async po(vendorId, amount, over = {}) {
      const data = poCreatedData(vendorId, amount, over);
      await h.bus.publish(buildEnvelope('po', PoCreated, data));
      await h.settle();
      return data.poId;
    },
    async receipt(vendorId, invoiceAmount, expectedAmount, over = {}) {
      const receiptId = randomUUID();
      await h.bus.publish(
        buildEnvelope('po', ReceiptRecorded, {
          receiptId,
          poId: randomUUID(),
          poNumber: 'PO-000042',
          projectId: randomUUID(),
          boqId: randomUUID(),
          indentId: randomUUID(),
          invoiceNumber: `GSA/26-27/${String(++po).padStart(4, '0')}`,
          receivedAt: new Date().toISOString(),
          receivedBy: { _id: randomUUID(), name: 'Sandeep Patil' },
          lines: [{ itemId: randomUUID(), quantity: 20, unit: 'CBM' }],
          vendorId,
          vendorName: 'Godavari Sand and Aggregates',
          invoiceAmount,
          expectedAmount,
          ...over,
        }),
      );
      await h.settle();
      return over.receiptId ?? receiptId;
    },
    pay: (who, vendorId, body = {}) =>
      post(who, `/vendorTransaction/${vendorId}/payments`, {
        amount: 1000,
        date: today(),
        method: 'NEFT',
        reference: `UTR${randomUUID().slice(0, 12)}`,
        requestKey: randomUUID(),
        ...body,
      }),
    creditNote: (who, vendorId, body = {}) =>
      post(who, `/vendorTransaction/${vendorId}/credit-notes`, {
        number: `CN/${randomUUID().slice(0, 8)}`,
        amount: 500,
        date: today(),
        reason: 'Quality issue - Return/Replacement',
        requestKey: randomUUID(),
        ...body,
      }),
    reverse: (who, vendorId, entryId, body = {}) =>
      post(who, `/vendorTransaction/${vendorId}/entries/${entryId}/reverse`, {
        reason: 'Entered twice by mistake',
        requestKey: randomUUID(),
        ...body,
      }),
    async ledger(vendorId, query = '') {
      const res = await h.call(
        'accountant',
        'GET',
        `/vendorTransaction/${vendorId}${query ? `?${query}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as VendorLedgerResponse;
    },
    async overbilling(vendorId, query = '', who = 'admin') {
      return (
        await h.call(who, 'GET', `/vendorTransaction/overbilling?vendorId=${vendorId}${query}`)
      ).json() as OverbillListResponse;
    },
    async expectConsistent() {
      const report = await checkLedgers(h.db, 'vendors');
      expect(report.mismatches).toEqual([]);
    },
  };
  return self;
}

export const entryOf = (res: LightMyRequestResponse) => (res.json() as LedgerEntryResponse).entry;

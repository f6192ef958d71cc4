/**
 * Message contracts of the PO service's events as the vendors service's ledger reads them (the PO
 * service verifies them in its events provider test): erp.po.created.v1 becomes a 'PO Add' entry,
 * erp.po.receipt_recorded.v1 with an invoice above what the goods are worth an overbilling case.
 * Published on the harness's bus as the PO service would, through the kit's schema check and inbox
 * into the real consumers; the test asserts what GET /vendorTransaction then shows.
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { harnessForFile, receiveEvent } from '@erp/service-kit/testing';
import type { EventEnvelope, PoCreatedData, ReceiptRecordedData, VendorLedgerResponse } from '@erp/contracts';
import { startLedger } from './ledger-helpers.js';

const { uuid, integer, datetime, string, number, like, eachLike } = MatchersV3;

const h = harnessForFile(startLedger);

const ledgerOf = async (vendorId: string) =>
  (await h.call('accountant', 'GET', `/vendorTransaction/${vendorId}`)).json() as VendorLedgerResponse;

describe('vendors service consuming erp.po.created.v1', () => {
  it('adds the PO to its vendor’s ledger', async () => {
    const vendorId = await h.vendor();
    await receiveEvent(
      {
        consumer: 'vendors-service',
        provider: 'po-service-events',
        state: 'an indent was approved with a vendor chosen for its lines',
        description: 'a purchase order created event',
        subject: 'erp.po.created.v1',
        id: '3b7c9d1e-2f4a-4b5c-8d6e-7f8a9b0c1d2e',
        occurredAt: '2026-11-25T10:00:00.000Z',
        data: {
          poId: uuid('4c8d0e2f-3a5b-4c6d-9e7f-8a9b0c1d2e3f'),
          poNumber: string('PO-000001'),
          indentId: uuid('5d9e1f3a-4b6c-4d7e-8f9a-9b0c1d2e3f4a'),
          indentNumber: string('IND-000001'),
          projectId: uuid('6e0f2a4b-5c7d-4e8f-9a0b-0c1d2e3f4a5b'),
          boqId: uuid('7f1a3b5c-6d8e-4f9a-8b1c-1d2e3f4a5b6c'),
          vendorId: uuid('8a2b4c6d-7e9f-4a0b-9c2d-2e3f4a5b6c7d'),
          vendorName: string('Deccan Steel Suppliers'),
          status: string('Open'),
          orderDate: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-25T10:00:00.000Z'),
          itemCount: integer(2),
          amount: number(234882.58),
          fleet: like({ amount: number(1500), gst: number(270) }),
          lines: eachLike({
            itemId: uuid('9b3c5d7e-8f0a-4b1c-8d3e-3f4a5b6c7d8e'),
            itemName: string('TMT steel bar 12 mm'),
            unit: string('kg'),
            quantity: number(2500.5),
            price: number(62),
            gst: number(11.16),
          }),
          approvedBy: like({ _id: uuid('0c4d6e8f-9a1b-4c2d-9e4f-4a5b6c7d8e9f'), name: 'Demo Admin' }),
        },
      },
      async (envelope: EventEnvelope<PoCreatedData>) => {
        // The vendor is one this test's service knows; everything else is the message as sent.
        await h.bus.publish({ ...envelope, data: { ...envelope.data, vendorId } });
        await h.settle();
        await expect
          .poll(
            async () =>
              (await ledgerOf(vendorId)).result.map((e) => [
                e.type,
                e.reference,
                e.amount,
                e.balanceAfter,
                e.date,
              ]),
            { timeout: 10_000 },
          )
          .toEqual([['PO Add', 'PO-000001', 234882.58, 234882.58, '2026-11-25']]);
      },
    );
  });
});

describe('vendors service consuming erp.po.receipt_recorded.v1', () => {
  it('opens an overbilling case for an invoice above the accepted goods and their fleet share', async () => {
    const vendorId = await h.vendor();
    await receiveEvent(
      {
        consumer: 'vendors-service',
        provider: 'po-service-events',
        state: 'goods were received against a purchase order with the invoice amount',
        description: 'a receipt recorded event with the amounts the ledger compares',
        subject: 'erp.po.receipt_recorded.v1',
        id: '1d5e7f9a-0b2c-4d3e-8f5a-5b6c7d8e9f0a',
        occurredAt: '2026-11-26T09:30:00.000Z',
        data: {
          receiptId: uuid('2e6f8a0b-1c3d-4e4f-9a6b-6c7d8e9f0a1b'),
          poId: uuid('3f7a9b1c-2d4e-4f5a-8b7c-7d8e9f0a1b2c'),
          poNumber: string('PO-000002'),
          projectId: uuid('4a8b0c2d-3e5f-4a6b-9c8d-8e9f0a1b2c3d'),
          invoiceNumber: string('GSA/26-27/0412'),
          receivedAt: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-26T09:30:00.000Z'),
          receivedBy: like({ _id: uuid('5b9c1d3e-4f6a-4b7c-8d9e-9f0a1b2c3d4e'), name: 'Sandeep Patil' }),
          lines: eachLike({
            itemId: uuid('6c0d2e4f-5a7b-4c8d-9e0f-0a1b2c3d4e5f'),
            quantity: number(20),
            unit: string('CBM'),
          }),
          vendorId: uuid('7d1e3f5a-6b8c-4d9e-8f1a-1b2c3d4e5f6a'),
          vendorName: string('Godavari Sand and Aggregates'),
          invoiceAmount: number(32500),
          expectedAmount: number(31236.67),
        },
      },
      async (envelope: EventEnvelope<ReceiptRecordedData>) => {
        // The pact leaves out boqId and indentId (the ledger does not read them); the kit's schema check wants them.
        await h.bus.publish({
          ...envelope,
          data: { ...envelope.data, vendorId, boqId: null, indentId: null },
        });
        await h.settle();
        await expect
          .poll(
            async () =>
              (await h.overbilling(vendorId)).result.map((c) => [
                c.po.poNumber,
                c.invoiceNumber,
                c.invoiceAmount,
                c.expectedAmount,
                c.delta,
                c.status,
              ]),
            { timeout: 10_000 },
          )
          .toEqual([['PO-000002', 'GSA/26-27/0412', 32500, 31236.67, 1263.33, 'Open']]);
        expect((await ledgerOf(vendorId)).summary.openOverbilling).toEqual({ count: 1, amount: 1263.33 });
      },
    );
  });
});

describe('vendors service consuming erp.po.status_changed.v1', () => {
  it('counts a closed PO among its vendor’s POs but not its open ones (decision 0033)', async () => {
    const vendorId = await h.vendor();
    const poId = '1d5e7f9a-0b2c-4d3e-8f5a-5b6c7d8e9f0a';
    await h.po(vendorId, 1000, { poId });
    await receiveEvent(
      {
        consumer: 'vendors-service',
        provider: 'po-service-events',
        state: 'goods were received against a purchase order, closing it',
        description: 'a purchase order status changed event',
        subject: 'erp.po.status_changed.v1',
        id: '2e6f8a0b-1c3d-4e4f-9a6b-6c7d8e9f0a1b',
        occurredAt: '2026-11-25T10:00:00.000Z',
        data: {
          poId: uuid(poId),
          poNumber: string('PO-000001'),
          indentId: uuid('5d9e1f3a-4b6c-4d7e-8f9a-9b0c1d2e3f4a'),
          status: string('Closed'),
          version: integer(2),
        },
      },
      async (envelope) => {
        await h.bus.publish(envelope);
        await h.settle();
        const vendor = (await h.call('admin', 'GET', `/vendors/details/${vendorId}`)).json() as {
          totalPO: number;
          openPO: number;
        };
        expect([vendor.totalPO, vendor.openPO]).toEqual([1, 0]);
      },
    );
  });
});

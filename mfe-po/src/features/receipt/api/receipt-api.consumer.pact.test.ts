/**
 * Contract: mfe-po's goods receipt (the real api/ files and the body the wizard builds) against the
 * PO service: the invoice photo upload and the receipt. The requests run as an Admin. Provider states,
 * for the PO service's HTTP provider test to set up (the ids are those of the PO pacts of
 * features/orders: project PRJ-0001, item CEMENT_ID 'Cement OPC 53' in bags):
 * - `an Admin signed in and PO ${OPEN_ID} Open at version 1 with 2 lines` (the orders pact's state):
 *   nothing received yet; one of its lines is item CEMENT_ID, 'Cement OPC 53', bags, 120.5 ordered;
 * - `an Admin signed in and PO ${OPEN_ID} Open at version 1 with 2 lines and uploaded invoice photo ${PHOTO_ID}`:
 *   the same PO, with a JPEG uploaded for it (POST /po/{id}/photos) under the id PHOTO_ID that no
 *   receipt names yet;
 * - `an Admin signed in and PO ${OPEN_ID} with receipt ${RECEIPT_ID} already recorded`: the same PO
 *   after the receipt below (RECEIPT_BODY, receiptId RECEIPT_ID) was recorded on it: the same request
 *   again is answered 200 and records nothing more;
 * - `an Admin signed in and PO ${OPEN_ID} Partial with 20.5 bags of item ${CEMENT_ID} pending`: 100 of the
 *   120.5 bags of Cement OPC 53 received by another receipt, 20.5 still pending.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { PO_MESSAGES, type ReceiptBody } from '@erp/contracts';
import { ApiError } from '@erp/sdk';
import { consumerContract } from '@erp/sdk/testing';
import { photoFileName } from '../hooks/photo-check';
import { buildReceiptBody, emptyReceiptValues, type ReceiptLineInfo } from '../hooks/receipt-values';
import { receivePo } from './receive-po';
import { uploadPhoto } from './upload-photo';

const { like, eachLike, uuid, regex, integer, number, string } = MatchersV3;

const OPEN_ID = '9d0e1f2a-3b4c-4d5e-9f6a-7b8c9d0e1f2a';
const CEMENT_ID = '00000000-0000-4000-8000-000000000001';
const PHOTO_ID = 'be2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b';
const RECEIPT_ID = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';
const OTHER_RECEIPT_ID = 'd4e5f6a7-b8c9-4d0e-9f1a-2b3c4d5e6f7a';
const INVOICE = 'INV/26-27/0042';
/** A past date: the service refuses an invoice dated after today in India. */
const INVOICE_DATE = '2026-11-20';

const TIME = string('2026-11-25T10:00:00.000Z');
const DAY = regex('^[0-9]{4}-[0-9]{2}-[0-9]{2}$', INVOICE_DATE);
const actor = like({ _id: uuid(), name: string('Demo Admin') });

/** A small JPEG that decodes whole (8 x 6 px): the service decodes every upload and keeps a re-encoded copy. */
const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCAAaoH/9k=',
  'base64',
);

const cement: ReceiptLineInfo = { itemId: CEMENT_ID, name: 'Cement OPC 53', unit: 'bags', pending: 12050 };

/** The body the wizard builds for 20.5 bags received, 0.5 of them rejected, with the invoice. */
function receiptBody(
  over: {
    received?: string;
    rejected?: string;
    receiptId?: string;
    photoId?: string | null;
    pending?: number;
  } = {},
): ReceiptBody {
  const lines = [{ ...cement, pending: over.pending ?? cement.pending }];
  const values = emptyReceiptValues(lines, INVOICE_DATE);
  values.lines[CEMENT_ID] = {
    received: over.received ?? '20.5',
    rejected: over.rejected ?? '0.5',
    remark: 'Two bags torn',
  };
  return buildReceiptBody({
    poId: OPEN_ID,
    receiptId: over.receiptId ?? RECEIPT_ID,
    values: { ...values, notes: 'Truck MH-12 AB 1234', invoiceNumber: INVOICE, invoiceAmount: '9215.75' },
    lines,
    photoId: over.photoId ?? null,
  });
}

const poMatcher = (status: string) =>
  like({
    _id: uuid(OPEN_ID),
    poNumber: regex('^PO-[0-9]{6,}$', 'PO-000002'),
    status: regex('^(Open|Partial|Closed)$', status),
    amount: number(54012.5),
    orderDate: TIME,
    createdBy: actor,
    approvedBy: actor,
    updatedAt: TIME,
    vendor: like({ _id: uuid(), name: string('Shree Ganesh Cement Traders') }),
    projectId: like({
      _id: uuid(),
      name: string('Skyline Residency, Pune'),
      projectCode: string('PRJ-0001'),
    }),
    boqId: like({
      _id: uuid(),
      boqId: string('BOQ-0001'),
      name: string('Civil and structural works, Tower A'),
    }),
    indentId: like({
      _id: uuid(),
      indentId: string('IND-000001'),
      title: string('Cement and steel for slab 4'),
    }),
    fleet: like({ amount: number(0), gst: number(0) }),
    itemCount: integer(2),
    version: integer(2),
    items: eachLike({
      _id: string('line-1'),
      item: like({ _id: uuid(CEMENT_ID), name: string('Cement OPC 53'), unit: string('bags') }),
      itemId: uuid(CEMENT_ID),
      quantity: number(120.5),
      totalOrdered: number(120.5),
      totalReceived: number(20),
      cancelled: number(0),
      pending: number(100.5),
      price: number(380.25),
      gst: number(68.45),
      unitTotal: number(448.7),
      totalPrice: number(54068.35),
    }),
    receipts: eachLike({
      _id: uuid(RECEIPT_ID),
      invoice: like({ invoiceNumber: string(INVOICE), invoiceDate: DAY, invoiceAmount: number(9215.75) }),
      createdAt: TIME,
      receivedBy: actor,
      receivedItems: eachLike({
        item: like({ _id: uuid(CEMENT_ID), name: string('Cement OPC 53'), unit: string('bags') }),
        receivedQuantity: number(20.5),
        acceptedQuantity: number(20),
        rejectedQuantity: number(0.5),
        remarks: string('Two bags torn'),
      }),
      remarks: string('Truck MH-12 AB 1234'),
    }),
  });

/** A file for Pact to send as the multipart part (it reads uploads from disk), removed after the test. */
function tempFile(name: string, bytes: Buffer | string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'receipt-photo-'));
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return file;
}

const contract = consumerContract('mfe-po', 'po-service');
const OPEN_STATE = `an Admin signed in and PO ${OPEN_ID} Open at version 1 with 2 lines`;

describe('mfe-po goods receipt API client', () => {
  it('uploads the invoice photo as multipart field "photo" and is given its id', async () => {
    const name = photoFileName(INVOICE);
    const file = tempFile(name, JPEG);
    await contract
      .interaction(OPEN_STATE, 'a request to upload the invoice photo of a receipt')
      // Pact checks the part by its bytes (a JPEG); the service does the same.
      .withRequest('POST', `/api/v1/po/${OPEN_ID}/photos`, (b) =>
        b.multipartBody('image/jpeg', file, 'photo', 'pact-receipt-photo'),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({ _id: uuid(PHOTO_ID), contentType: 'image/jpeg', size: integer(JPEG.length) }),
      )
      .executeTest(async () => {
        const photo = await uploadPhoto(OPEN_ID, new Blob([JPEG], { type: 'image/jpeg' }), name);
        expect(photo._id).toMatch(/^[0-9a-f-]{36}$/);
        expect(photo.contentType).toBe('image/jpeg');
        expect(photo.size).toBeGreaterThan(0);
      });
  });

  it('is told, in the service’s words, that an upload is not a photo (400)', async () => {
    const text = 'Invoice INV/26-27/0042: see the paper copy\n';
    const file = tempFile('invoice.txt', text);
    await contract
      .interaction(OPEN_STATE, 'a request to upload an invoice photo that is not an image')
      .withRequest('POST', `/api/v1/po/${OPEN_ID}/photos`, (b) =>
        b.multipartBody('text/plain', file, 'photo', 'pact-receipt-text'),
      )
      .willRespondWith(400, (b) => b.jsonBody({ message: PO_MESSAGES.photoKind }))
      .executeTest(async () => {
        const err = await uploadPhoto(OPEN_ID, new Blob([text], { type: 'text/plain' }), 'invoice.txt').catch(
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).status).toBe(400);
        expect((err as ApiError).message).toBe(PO_MESSAGES.photoKind);
      });
  });

  it('records a receipt: received, rejected, remarks, the real invoice amount (201)', async () => {
    const body = receiptBody();
    expect(body).toEqual({
      poId: OPEN_ID,
      receiptId: RECEIPT_ID,
      receivedItems: [
        { item: CEMENT_ID, receivedQuantity: 20.5, rejectedQuantity: 0.5, remarks: 'Two bags torn' },
      ],
      invoice: { invoiceNumber: INVOICE, invoiceDate: INVOICE_DATE, invoiceAmount: 9215.75 },
      remarks: 'Truck MH-12 AB 1234',
    });
    await contract
      .interaction(OPEN_STATE, 'a request to record a goods receipt')
      .withRequest('POST', '/api/v1/poReceipt', (b) => b.jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({ message: PO_MESSAGES.receiptCreated, po: poMatcher('Partial') }),
      )
      .executeTest(async () => {
        const answer = await receivePo(body);
        expect(answer.message).toBe('Successfully Receipt Create');
        expect(answer.po._id).toBe(OPEN_ID);
        expect(answer.po.receipts.some((r) => r._id === RECEIPT_ID)).toBe(true);
      });
  });

  it('records a receipt naming its uploaded invoice photo (201)', async () => {
    const body = receiptBody({ receiptId: OTHER_RECEIPT_ID, photoId: PHOTO_ID });
    expect(body.photoId).toBe(PHOTO_ID);
    await contract
      .interaction(
        `${OPEN_STATE} and uploaded invoice photo ${PHOTO_ID}`,
        'a request to record a goods receipt with its invoice photo',
      )
      .withRequest('POST', '/api/v1/poReceipt', (b) => b.jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({ message: PO_MESSAGES.receiptCreated, po: poMatcher('Partial') }),
      )
      .executeTest(async () => {
        const answer = await receivePo(body);
        expect(answer.message).toBe(PO_MESSAGES.receiptCreated);
      });
  });

  it('sends a receipt again after a lost answer: answered 200, recorded once', async () => {
    const body = receiptBody();
    await contract
      .interaction(
        `an Admin signed in and PO ${OPEN_ID} with receipt ${RECEIPT_ID} already recorded`,
        'a request to record a goods receipt that was already recorded',
      )
      .withRequest('POST', '/api/v1/poReceipt', (b) => b.jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({ message: PO_MESSAGES.receiptCreated, po: poMatcher('Partial') }),
      )
      .executeTest(async () => {
        const answer = await receivePo(body);
        expect(answer.message).toBe(PO_MESSAGES.receiptCreated);
        expect(answer.po.receipts.filter((r) => r._id === RECEIPT_ID)).toHaveLength(1);
      });
  });

  it('is told a quantity is above what is pending now, with the pending quantity named (409)', async () => {
    // The screen had 120.5 bags pending; another receipt took 100 of them meanwhile.
    const body = receiptBody({ received: '21', rejected: '', receiptId: OTHER_RECEIPT_ID });
    await contract
      .interaction(
        `an Admin signed in and PO ${OPEN_ID} Partial with 20.5 bags of item ${CEMENT_ID} pending`,
        'a request to record a goods receipt above the pending quantity',
      )
      .withRequest('POST', '/api/v1/poReceipt', (b) => b.jsonBody(body))
      .willRespondWith(409, (b) =>
        b.jsonBody({
          message: regex(
            '^Only .+ of .+ is pending on this purchase order now$',
            PO_MESSAGES.abovePending('Cement OPC 53', '20.5 bags'),
          ),
        }),
      )
      .executeTest(async () => {
        const err = await receivePo(body).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).status).toBe(409);
        expect((err as ApiError).message).toBe(
          'Only 20.5 bags of Cement OPC 53 is pending on this purchase order now',
        );
      });
  });
});

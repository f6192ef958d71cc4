/**
 * Contract: mfe-po's PO list, receiving list and PO details (the real api/ files) against the PO
 * service. Provider states, for the PO service's HTTP provider test to set up (the ids are the ones
 * the indent pacts use: PRJ-0001 'Skyline Residency, Pune', BOQ-0001, the approved indent, vendor
 * 'Shree Ganesh Cement Traders'). Unless a state names another role, the requests run as an Admin:
 * - 'an Admin signed in and the demo purchase orders exist': POs of project PROJECT_ID, at least one
 *   Open, one Partial and one Closed;
 * - `an Admin signed in and PO ${PO_ID} Partial with 2 lines and a receipt with invoice photo ${PHOTO_ID}`:
 *   PO-000001 of that project, BOQ and indent, from that vendor, two lines (one of them 'Cement OPC 53',
 *   bags), partly received by one receipt whose invoice photo (a JPEG) has the id PHOTO_ID;
 * - `an Admin signed in and PO ${OPEN_ID} Open at version 1 with 2 lines`: nothing received yet;
 * - `a Purchaser signed in and PO ${OPEN_ID} Open at version 1 with 2 lines`: the same PO, the requests
 *   made as a Purchaser (PO List read, not an Admin);
 * - `an Admin signed in and PO ${MISSING_ID} does not exist`.
 */
import { describe, expect, it, vi } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { PO_MESSAGES } from '@erp/contracts';
import { ApiError } from '@erp/sdk';
import { consumerContract } from '@erp/sdk/testing';
import { OPEN_PO_PAGE_SIZE, PO_LIST_PAGE_SIZE } from '../hooks/po-list-filters';
import { downloadPoPdf } from './download-po-pdf';
import { getPo } from '../../shared/api/get-po';
import { getPoList } from './get-po-list';
import { getPoPhoto } from './get-po-photo';
import { shortClosePo } from './short-close-po';

const { like, eachLike, uuid, regex, integer, number, string } = MatchersV3;

const PROJECT_ID = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';
const BOQ_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const INDENT_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const VENDOR_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const CEMENT_ID = '00000000-0000-4000-8000-000000000001';
const PO_ID = '8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f';
const OPEN_ID = '9d0e1f2a-3b4c-4d5e-9f6a-7b8c9d0e1f2a';
const PHOTO_ID = 'ae1f2a3b-4c5d-4e6f-8a7b-8c9d0e1f2a3b';
const MISSING_ID = '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';
const TIME = string('2026-11-25T10:00:00.000Z');
const DAY = regex('^[0-9]{4}-[0-9]{2}-[0-9]{2}$', '2026-11-24');
const actor = like({ _id: uuid(), name: string('Demo Admin') });
const REASON = 'Vendor has stopped supplying this grade';

/** A tiny PDF and JPEG: the mock server answers with them; the provider's are matched by their kind. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

const head = (over: Record<string, unknown> = {}) => ({
  _id: uuid(PO_ID),
  poNumber: regex('^PO-[0-9]{6,}$', 'PO-000001'),
  status: regex('^(Open|Partial|Closed)$', 'Open'),
  amount: number(54012.5),
  orderDate: TIME,
  createdBy: actor,
  approvedBy: actor,
  updatedAt: TIME,
  vendor: like({ _id: uuid(VENDOR_ID), name: string('Shree Ganesh Cement Traders') }),
  projectId: like({
    _id: uuid(PROJECT_ID),
    name: string('Skyline Residency, Pune'),
    projectCode: regex('^PRJ-[0-9]{4,}$', 'PRJ-0001'),
  }),
  boqId: like({
    _id: uuid(BOQ_ID),
    boqId: regex('^BOQ-[0-9]{4,}$', 'BOQ-0001'),
    name: string('Civil and structural works, Tower A'),
  }),
  indentId: like({
    _id: uuid(INDENT_ID),
    indentId: regex('^IND-[0-9]{6,}$', 'IND-000001'),
    title: string('Cement and steel for slab 4'),
  }),
  fleet: like({ amount: number(1500), gst: number(270) }),
  itemCount: integer(2),
  // A PO in these states was never short-closed; the short-close's answer says otherwise.
  shortClose: null,
  version: integer(1),
  ...over,
});

const lineMatcher = (over: Record<string, unknown> = {}) => ({
  _id: string('line-1'),
  item: like({ _id: uuid(CEMENT_ID), name: string('Cement OPC 53'), unit: string('bags') }),
  itemId: uuid(CEMENT_ID),
  quantity: number(120.5),
  totalOrdered: number(120.5),
  totalReceived: number(40),
  cancelled: number(0),
  pending: number(80.5),
  price: number(380.25),
  gst: number(68.45),
  unitTotal: number(448.7),
  totalPrice: number(54068.35),
  ...over,
});

const receiptMatcher = {
  _id: uuid(),
  invoice: like({ invoiceNumber: string('INV-2211'), invoiceDate: DAY, invoiceAmount: number(17948) }),
  createdAt: TIME,
  receivedBy: like({ _id: uuid(), name: string('Site Engineer') }),
  receivedItems: eachLike({
    item: like({ _id: uuid(CEMENT_ID), name: string('Cement OPC 53'), unit: string('bags') }),
    receivedQuantity: number(42),
    acceptedQuantity: number(40),
    rejectedQuantity: number(2),
    remarks: string('Two bags torn'),
  }),
  remarks: string('Delivered at gate 2'),
  photo: { _id: PHOTO_ID, contentType: regex('^image/(jpeg|png|webp)$', 'image/jpeg'), size: integer(2048) },
};

const contract = consumerContract('mfe-po', 'po-service');

describe('mfe-po PO API client', () => {
  it('lists the active POs (Open and Partial) for receiving, newest order first', async () => {
    await contract
      .interaction(
        'an Admin signed in and the demo purchase orders exist',
        'a request for the first page of active purchase orders, newest first',
      )
      .withRequest('GET', '/api/v1/po', (b) =>
        b.query({ limit: String(OPEN_PO_PAGE_SIZE), offset: '0', status: 'active', sort: '-orderDate' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike(head({ status: regex('^(Open|Partial)$', 'Open') })),
          totalItems: integer(2),
        }),
      )
      .executeTest(async () => {
        const page = await getPoList({
          scope: 'active',
          page: 1,
          pageSize: OPEN_PO_PAGE_SIZE,
          keyword: '',
          status: 'all',
          vendorId: null,
          projectId: null,
          sort: '-orderDate',
        });
        expect(page.totalItems).toBeGreaterThan(0);
        expect(['Open', 'Partial']).toContain(page.result[0]!.status);
        expect(page.result[0]!.poNumber).toMatch(/^PO-/);
      });
  });

  it('lists the POs of one project (the project screens’ link)', async () => {
    await contract
      .interaction(
        'an Admin signed in and the demo purchase orders exist',
        'a request for the purchase orders of a project',
      )
      .withRequest('GET', '/api/v1/po', (b) =>
        b.query({ limit: String(PO_LIST_PAGE_SIZE), offset: '0', projectId: PROJECT_ID }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike(
            head({
              projectId: like({
                _id: PROJECT_ID,
                name: string('Skyline Residency, Pune'),
                projectCode: string('PRJ-0001'),
              }),
            }),
          ),
          totalItems: integer(3),
        }),
      )
      .executeTest(async () => {
        const page = await getPoList({
          scope: 'all',
          page: 1,
          pageSize: PO_LIST_PAGE_SIZE,
          keyword: '',
          status: 'all',
          vendorId: null,
          projectId: PROJECT_ID,
        });
        expect(page.result[0]!.projectId._id).toBe(PROJECT_ID);
      });
  });

  it('reads a partly received PO with its lines and its receipt', async () => {
    await contract
      .interaction(
        `an Admin signed in and PO ${PO_ID} Partial with 2 lines and a receipt with invoice photo ${PHOTO_ID}`,
        'a request for a partly received purchase order',
      )
      .withRequest('GET', `/api/v1/po/${PO_ID}`)
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...head({ _id: PO_ID, status: 'Partial' }),
          items: eachLike(lineMatcher(), 2),
          receipts: eachLike(receiptMatcher),
        }),
      )
      .executeTest(async () => {
        const po = await getPo(PO_ID);
        expect(po.status).toBe('Partial');
        expect(po.items).toHaveLength(2);
        expect(po.receipts[0]!.photo?._id).toBe(PHOTO_ID);
        expect(po.receipts[0]!.receivedItems[0]!.acceptedQuantity).toBe(40);
      });
  });

  it('answers 404 with the message for a PO that does not exist', async () => {
    await contract
      .interaction(
        `an Admin signed in and PO ${MISSING_ID} does not exist`,
        'a request for a purchase order that does not exist',
      )
      .withRequest('GET', `/api/v1/po/${MISSING_ID}`)
      .willRespondWith(404, (b) => b.jsonBody({ message: PO_MESSAGES.notFound }))
      .executeTest(async () => {
        const error = await getPo(MISSING_ID).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(404);
        expect((error as ApiError).message).toBe(PO_MESSAGES.notFound);
      });
  });

  it('reads a receipt’s invoice photo with the token, as an image', async () => {
    await contract
      .interaction(
        `an Admin signed in and PO ${PO_ID} Partial with 2 lines and a receipt with invoice photo ${PHOTO_ID}`,
        'a request for the invoice photo of a receipt',
      )
      .withRequest('GET', `/api/v1/po/${PO_ID}/photos/${PHOTO_ID}`)
      .willRespondWith(200, (b) =>
        b
          .headers({ 'Content-Type': regex('^image/(jpeg|png|webp)$', 'image/jpeg') })
          // A binary body is matched by its kind (its first bytes), not byte for byte.
          .body('image/jpeg', JPEG),
      )
      .executeTest(async () => {
        const blob = await getPoPhoto(PO_ID, PHOTO_ID);
        expect(blob.type).toMatch(/^image\//);
        expect(blob.size).toBeGreaterThan(0);
      });
  });

  it('downloads the printable PO as a PDF named by the server', async () => {
    await contract
      .interaction(
        `an Admin signed in and PO ${PO_ID} Partial with 2 lines and a receipt with invoice photo ${PHOTO_ID}`,
        'a request for the PDF of a purchase order',
      )
      .withRequest('GET', `/api/v1/po/${PO_ID}/pdf`)
      .willRespondWith(200, (b) =>
        b
          .headers({
            'Content-Type': regex('^application/pdf(;.*)?$', 'application/pdf'),
            'Content-Disposition': regex(
              '^(inline|attachment); filename="PO-[0-9]{6,}\\.pdf"$',
              'inline; filename="PO-000001.pdf"',
            ),
          })
          .body('application/pdf', PDF),
      )
      .executeTest(async () => {
        const link = { href: '', download: '', click: vi.fn(), remove: vi.fn() };
        vi.stubGlobal('document', { createElement: () => link, body: { append: vi.fn() } });
        const saved = vi.spyOn(URL, 'createObjectURL');
        try {
          await downloadPoPdf({ id: PO_ID, poNumber: 'PO-000001' });
          const file = saved.mock.calls[0]![0] as Blob;
          expect(file.type).toMatch(/^application\/pdf/);
          expect(new TextDecoder().decode(await file.slice(0, 5).arrayBuffer())).toBe('%PDF-');
          expect(link.download).toMatch(/^PO-\d{6,}\.pdf$/);
          expect(link.click).toHaveBeenCalledOnce();
        } finally {
          vi.unstubAllGlobals();
          saved.mockRestore();
        }
      });
  });

  it('short-closes an Open PO for an Admin: it closes and what was pending is cancelled', async () => {
    await contract
      .interaction(
        `an Admin signed in and PO ${OPEN_ID} Open at version 1 with 2 lines`,
        'a request to short-close an open purchase order',
      )
      .withRequest('POST', `/api/v1/po/${OPEN_ID}/short-close`, (b) =>
        b.jsonBody({ reason: REASON, version: 1 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: PO_MESSAGES.shortClosed,
          po: {
            ...head({
              _id: OPEN_ID,
              status: 'Closed',
              version: integer(2),
              shortClose: like({ reason: REASON, at: TIME, by: actor }),
            }),
            items: eachLike(
              lineMatcher({ totalReceived: number(0), cancelled: number(120.5), pending: number(0) }),
              2,
            ),
            receipts: [],
          },
        }),
      )
      .executeTest(async () => {
        const res = await shortClosePo({ id: OPEN_ID, reason: `  ${REASON} `, version: 1 });
        expect(res.message).toBe(PO_MESSAGES.shortClosed);
        expect(res.po.status).toBe('Closed');
        expect(res.po.shortClose?.reason).toBe(REASON);
        expect(res.po.items[0]!.cancelled).toBeGreaterThan(0);
      });
  });

  it('refuses to short-close for a member who is not an Admin, with the message', async () => {
    await contract
      .interaction(
        `a Purchaser signed in and PO ${OPEN_ID} Open at version 1 with 2 lines`,
        'a request to short-close a purchase order by a Purchaser',
      )
      .withRequest('POST', `/api/v1/po/${OPEN_ID}/short-close`, (b) =>
        b.jsonBody({ reason: REASON, version: 1 }),
      )
      // A Purchaser lacks PO List write, refused before the Admin check: any message, shown as it comes.
      .willRespondWith(403, (b) => b.jsonBody({ message: string(PO_MESSAGES.onlyAdminShortCloses) }))
      .executeTest(async () => {
        const error = await shortClosePo({ id: OPEN_ID, reason: REASON, version: 1 }).catch(
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(403);
        expect((error as ApiError).message).not.toBe('');
      });
  });
});

/**
 * The main flow across services (ARCHITECTURE §5): the demo business, made through the API as
 * `npm start` makes it, has one indent in each stage, the approved one with its purchase orders; then an indent raised from the demo BOQ is compared, approved, and its
 * POs appear in the PO service and on the indent. Every service on one database and bus (PGlite and
 * the in-process bus, or PostgreSQL and NATS).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Indent, IndentCompare, IndentSummary, PoListResponse, PurchaseOrder } from '@erp/contracts';
import { authService } from '@erp/auth-service';
import { catalogService } from '@erp/catalog-service';
import { indentService } from '@erp/indent-service';
import { poService } from '@erp/po-service';
import { projectsService } from '@erp/projects-service';
import { vendorsService } from '@erp/vendors-service';
import { createTestHarness, pdfToText, type TestHarness } from '@erp/service-kit/testing';
import { INDENTS as DEMO_INDENTS, PROJECTS as DEMO_PROJECTS } from '../../scripts/demo-seed/business.mjs';
import { DEMO_AUTH_ENV, keptSms, seedDemoBusiness, signInWithCode } from './demo.js';
import { approvalAtChosenPrices } from '../../scripts/demo-seed/seed.mjs';

let h: TestHarness;
const { sms, codes } = keptSms();
type Headers = { authorization: string };
const people: Record<'admin' | 'purchaser' | 'employee', Headers> = {} as never;

const signIn = (phoneNumber: string): Promise<Headers> => signInWithCode(h.app, codes, phoneNumber);

const call = async (who: Headers, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await h.app.inject({
    method,
    url,
    headers: who,
    ...(payload ? { payload: payload as object } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};

beforeAll(async () => {
  h = await createTestHarness([
    authService({ env: DEMO_AUTH_ENV, sms }),
    vendorsService(),
    catalogService(),
    projectsService(),
    indentService(),
    poService(),
  ]);
  await seedDemoBusiness(h.app, '');
  await h.settle();
  people.admin = await signIn('9000000001');
  people.purchaser = await signIn('9000000002');
  people.employee = await signIn('9000000004');
  await h.settle();
}, 120_000);
afterAll(async () => h?.close());

describe('indents to purchase orders across services', () => {
  it('seeds one demo indent in each stage from the demo BOQ, the approved one with a PO per vendor', async () => {
    const list = (await call(people.admin, 'GET', '/indent?limit=100')) as { result: IndentSummary[] };
    const byTitle = new Map(list.result.map((r) => [r.title, r]));
    expect(DEMO_INDENTS.map((d) => byTitle.get(d.title)?.status)).toEqual([
      'approved',
      'approval',
      'compare',
      'draft',
    ]);
    expect(byTitle.get(DEMO_INDENTS[0]!.title)!.indentId).toBe('IND-000001');
    const approved = (await call(
      people.employee,
      'GET',
      `/indent/${byTitle.get(DEMO_INDENTS[0]!.title)!._id}`,
    )) as Indent;
    expect(approved.pos.map((p) => p.vendor).sort()).toEqual([
      'Deccan Steel Suppliers',
      'Godavari Sand and Aggregates',
    ]);
    const pos = (await call(people.admin, 'GET', `/po?indentId=${approved._id}`)) as PoListResponse;
    expect(pos.totalItems).toBe(2);
    const godavari = pos.result.find((p) => p.vendor.name === 'Godavari Sand and Aggregates')!;
    // 45 CBM x (1,450 + 72.50) + fleet 1,500 + GST 270.
    expect(godavari.amount).toBe(45 * 1522.5 + 1770);
    // Godavari's first delivery was received on site with its invoice photographed; the steel is still to come.
    expect(godavari.status).toBe('Partial');
    expect(pos.result.find((p) => p.vendor.name === 'Deccan Steel Suppliers')!.status).toBe('Open');
    const received = (await call(people.employee, 'GET', `/po/${godavari._id}`)) as PurchaseOrder;
    expect(received.items.map((l) => [l.item.name, l.totalReceived, l.pending])).toEqual([
      ['20 mm aggregate', 20, 25],
    ]);
    const [receipt] = received.receipts;
    expect(receipt).toMatchObject({
      invoice: { invoiceNumber: 'GSA/26-27/0412', invoiceAmount: 32500 },
      receivedBy: { name: 'Sandeep Patil' },
    });
    const photo = await h.app.inject({
      method: 'GET',
      url: `/po/${godavari._id}/photos/${receipt!.photo!._id}`,
      headers: people.employee,
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // The accepted 20 CBM count as consumption of the demo BOQ's aggregate line.
    const boqLines = (await call(people.employee, 'GET', `/boq/items/${godavari.boqId._id}`))
      .result as Array<{ name: string; consumedQuantity: number }>;
    expect(boqLines.find((l) => l.name === '20 mm aggregate')!.consumedQuantity).toBeGreaterThanOrEqual(20);
    const compare = byTitle.get(DEMO_INDENTS[2]!.title)!;
    expect(compare.overBoqLines).toBe(1);
  });

  it('prints a demo PO for delivery to the indent’s site, then the project with its code, then the project’s location (decision 0035)', async () => {
    const pos = (await call(people.admin, 'GET', '/po?limit=100')) as PoListResponse;
    const po = pos.result.find((p) => p.vendor.name === 'Deccan Steel Suppliers')!;
    const pdf = await h.app.inject({ method: 'GET', url: `/po/${po._id}/pdf`, headers: people.admin });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfToText(pdf.rawPayload)).replace(/\s+/g, ' ');
    const skyline = DEMO_PROJECTS[0]!;
    // The demo approval waits for the project in the indent service's replica, so its location is known.
    expect(text).toContain(
      `${DEMO_INDENTS[0]!.location} ${skyline.name} (${skyline.projectCode}) ${skyline.location}`,
    );
  });

  it('counts the demo indents on their BOQ and the demo POs on their vendors (decisions 0033, 0034)', async () => {
    const boqs = (await call(people.admin, 'GET', '/boq/all?keyword=BOQ-0001&limit=100')).result as Array<{
      boqId: string;
      indentCount: number;
    }>;
    expect(boqs.find((b) => b.boqId === 'BOQ-0001')!.indentCount).toBe(DEMO_INDENTS.length);
    const vendors = (await call(people.admin, 'GET', '/vendors/all?limit=100')).vendors as Array<{
      name: string;
      totalPO: number;
      openPO: number;
    }>;
    const counts = Object.fromEntries(
      vendors.filter((v) => v.totalPO > 0).map((v) => [v.name, [v.totalPO, v.openPO]]),
    );
    // Deccan's PO is Open and Godavari's Partial (a delivery received): both still open.
    expect(counts).toEqual({ 'Deccan Steel Suppliers': [1, 1], 'Godavari Sand and Aggregates': [1, 1] });
  });

  it('turns an indent raised from the demo BOQ into one PO per chosen vendor, once, however often Approve is pressed', async () => {
    const boqs = (await call(people.employee, 'GET', '/boq/all?status=confirmed&limit=100')).result as Array<{
      _id: string;
      projectId: { _id: string };
    }>;
    const boq = boqs[0]!;
    const lines = (await call(people.employee, 'GET', `/boq/items/${boq._id}`)).result as Array<{
      itemId: string;
      name: string;
    }>;
    const wanted = lines.filter((l) => ['Cement OPC 53', 'Binding wire', 'River sand'].includes(l.name));
    const created = (
      await call(people.employee, 'POST', '/indent', {
        title: 'Lift machine room slab',
        projectId: boq.projectId._id,
        boqId: boq._id,
        status: 'compare',
        items: wanted.map((l) => ({ item: l.itemId, quantity: 25.5 })),
      })
    ).indent as Indent;
    const c = (await call(people.purchaser, 'GET', `/indent/compare/${created._id}`)) as IndentCompare;
    await call(people.purchaser, 'POST', `/indent/compare/${c._id}`, {
      status: 'approval',
      pricesVersion: c.pricesVersion,
      version: c.version,
      items: c.items.map((l) => ({
        itemId: l.itemId,
        selectedVendor: l.vendors.find((v) => v.isLowest)!.vendorId,
      })),
    });
    const review = (await call(people.admin, 'GET', `/indent/compare/${c._id}`)) as IndentCompare;
    const body = approvalAtChosenPrices(review);
    const answers = await Promise.all(
      [1, 2].map(() =>
        h.app.inject({
          method: 'POST',
          url: `/indent/approval/${c._id}`,
          headers: people.admin,
          payload: body,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    await h.settle();
    const vendors = new Set(review.items.map((l) => l.selectedVendor));
    const pos = (await call(people.admin, 'GET', `/po?indentId=${c._id}&limit=100`)) as PoListResponse;
    expect(pos.result.map((p) => p.vendor._id).sort()).toEqual([...vendors].sort());
    const po = (await call(people.employee, 'GET', `/po/${pos.result[0]!._id}`)) as PurchaseOrder;
    expect(po).toMatchObject({
      status: 'Open',
      indentId: { _id: c._id, indentId: c.indentId },
      approvedBy: { name: 'Demo Admin' },
    });
    expect(po.items.every((l) => l.quantity === 25.5 && l.pending === 25.5)).toBe(true);
    const onIndent = (await call(people.employee, 'GET', `/indent/${c._id}`)) as Indent;
    expect(onIndent.pos.map((p) => p.poNumber).sort()).toEqual(pos.result.map((p) => p.poNumber).sort());
    const dashboard = await call(people.admin, 'GET', '/po/stats');
    expect(dashboard.activePo).toBeGreaterThanOrEqual(pos.totalItems + 2);
  });

  it('a goods receipt with its invoice photo moves the PO to Partial and raises the BOQ line’s consumption, once', async () => {
    const boqs = (await call(people.employee, 'GET', '/boq/all?status=confirmed&limit=100')).result as Array<{
      _id: string;
      boqId: string;
    }>;
    const pos = (await call(people.employee, 'GET', '/po?status=Open&limit=100')) as PoListResponse;
    const summary = pos.result.find((p) => boqs.some((b) => b._id === p.boqId._id))!;
    const po = (await call(people.employee, 'GET', `/po/${summary._id}`)) as PurchaseOrder;
    const line = po.items[0]!;
    const consumed = async () =>
      (
        (await call(people.employee, 'GET', `/boq/items/${po.boqId._id}`)).result as Array<{
          itemId: string;
          consumedQuantity: number;
        }>
      ).find((l) => l.itemId === line.itemId)!.consumedQuantity;
    const before = await consumed();

    // A real photo (the demo's invoice): the service decodes it and keeps a re-encoded JPEG.
    const jpeg = readFileSync(new URL('../../scripts/demo-seed/invoice-GSA-26-27-0412.jpg', import.meta.url));
    const boundary = '----erp-receipt-photo';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="invoice.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const photo = await h.app.inject({
      method: 'POST',
      url: `/po/${po._id}/photos`,
      headers: { ...people.employee, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const body = {
      poId: po._id,
      receiptId: '5b0e7a52-3c1d-4e8f-9a6b-2d4c6e8f0a1b',
      receivedItems: [
        { item: line.itemId, receivedQuantity: 5.5, rejectedQuantity: 0.5, remarks: 'Checked at the gate' },
      ],
      invoice: {
        invoiceNumber: 'INV/26-27/0042',
        invoiceDate: new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10),
        invoiceAmount: 1234.5,
      },
      remarks: 'Partial delivery',
      photoId: photo.json()._id,
    };
    const recorded = (await call(people.employee, 'POST', '/poReceipt', body)).po as PurchaseOrder;
    expect(recorded.status).toBe('Partial');
    expect(recorded.receipts[0]!.photo).toMatchObject({ _id: photo.json()._id, size: photo.json().size });
    // Sent again after a lost answer: the same receipt, counted once.
    await call(people.employee, 'POST', '/poReceipt', body);
    await h.settle();
    expect(await consumed()).toBe(before + 5);
    const served = await h.app.inject({
      method: 'GET',
      url: `/po/${po._id}/photos/${photo.json()._id}`,
      headers: people.employee,
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(photo.json().size);
    expect(served.rawPayload.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { harnessForFile } from '@erp/service-kit/testing';
import {
  PO_MESSAGES,
  VendorUpdated,
  type EventEnvelope,
  type IndentApprovedData,
  type PurchaseOrder,
  type ReceiptBody,
  type ReceiptRecordedData,
} from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import { approval, approvedEnvelope, onPostgres, PROJECT, startPo, type Who } from './helpers.js';
import { readPdf } from './read-pdf.js';
import sharp from 'sharp';

const h = harnessForFile(() => startPo({ employeeProjects: [PROJECT._id] }));

/** A new approval's POs (cement 120.5 bags + TMT 2.25 kg; sand 10 CBM; bricks 3.33 pcs), on Riverside Heights unless told. */
async function newPos(over: Partial<IndentApprovedData> = {}): Promise<PurchaseOrder[]> {
  const a = approval(over);
  await h.publish(approvedEnvelope(a));
  return h.posOf(a.indentId);
}

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

function receipt(
  po: PurchaseOrder,
  quantities: Array<number | [number, number]>,
  over: Partial<ReceiptBody> = {},
): ReceiptBody {
  return {
    poId: po._id,
    receivedItems: po.items.map((l, i) => {
      const q = quantities[i] ?? 0;
      const [received, rejected] = Array.isArray(q) ? q : [q, 0];
      return {
        item: l.itemId,
        receivedQuantity: received,
        ...(rejected ? { rejectedQuantity: rejected } : {}),
        remarks: i === 0 ? 'Unloaded at gate 2' : '',
      };
    }),
    invoice: { invoiceNumber: 'INV/26-27/0042', invoiceDate: today(), invoiceAmount: 25000.5 },
    remarks: 'Truck MH-12 AB 1234',
    ...over,
  };
}

const post = (who: Who, url: string, body: unknown) =>
  h.app.inject({ method: 'POST', url, headers: h.people[who].headers, payload: body as object });
const receive = (who: Who, body: unknown) => post(who, '/poReceipt', body);
const read = async (id: string) => (await h.get('admin', `/po/${id}`)).json() as PurchaseOrder;
const events = async (poId: string) =>
  (
    await h.db.query<{ envelope: EventEnvelope<ReceiptRecordedData> }>(
      `SELECT envelope FROM po.outbox WHERE subject = 'erp.po.receipt_recorded.v1' AND envelope->'data'->>'poId' = $1 ORDER BY seq`,
      [poId],
    )
  ).rows.map((r) => r.envelope.data);

/** A multipart/form-data body with one file in `field`. */
function multipart(bytes: Buffer, field = 'photo', filename = 'invoice.jpg', type = 'image/jpeg') {
  const boundary = `----erp${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
/** Real images: a 40 x 30 JPEG taken with the phone on its side (EXIF orientation 6: turn 90° to view) and with a GPS tag, a PNG. */
const JPEG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c04020' } })
  .jpeg()
  .withMetadata({ orientation: 6, exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 0/1' } } })
  .toBuffer();
const PNG = await sharp({ create: { width: 16, height: 16, channels: 4, background: '#2040c0' } })
  .png()
  .toBuffer();
/** Begins as a JPEG does and is not one: what the first-bytes check let through before. */
const FAKE_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.alloc(2048, 7),
  Buffer.from([0xff, 0xd9]),
]);
const HTML_AS_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff]),
  Buffer.from('<html><script>alert(document.cookie)</script></html>'),
]);
const upload = (who: Who, poId: string, bytes: Buffer, field?: string) => {
  const m = multipart(bytes, field);
  return h.app.inject({
    method: 'POST',
    url: `/po/${poId}/photos`,
    headers: { ...h.people[who].headers, ...m.headers },
    payload: m.payload,
  });
};

describe('recording goods receipts', () => {
  it('receives part of a PO (Partial), then the rest (Closed); only accepted quantities count', async () => {
    const [cement] = await newPos();
    const first = await receive('employee', receipt(cement!, [[100.5, 0.5], 1.25]));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe('Successfully Receipt Create');
    let po = first.json().po as PurchaseOrder;
    expect(po.status).toBe('Partial');
    expect(po.items.map((l) => [l.totalOrdered, l.totalReceived, l.pending])).toEqual([
      [120.5, 100, 20.5],
      [2.25, 1.25, 1],
    ]);
    expect(po.receipts).toHaveLength(1);
    expect(po.receipts[0]).toMatchObject({
      invoice: { invoiceNumber: 'INV/26-27/0042', invoiceDate: today(), invoiceAmount: 25000.5 },
      receivedBy: { _id: h.people.employee.memberId, name: 'Sandeep Patil' },
      remarks: 'Truck MH-12 AB 1234',
      photo: null,
    });
    expect(
      po.receipts[0]!.receivedItems.map((l) => [
        l.item.name,
        l.receivedQuantity,
        l.acceptedQuantity,
        l.rejectedQuantity,
        l.remarks,
      ]),
    ).toEqual([
      ['Cement OPC 53', 100.5, 100, 0.5, 'Unloaded at gate 2'],
      ['TMT bar 12 mm', 1.25, 1.25, 0, ''],
    ]);
    // The projects service is told what was accepted, in the line's unit.
    expect((await events(cement!._id)).map((e) => e.lines)).toEqual([
      [
        { itemId: cement!.items[0]!.itemId, quantity: 100, unit: 'bags' },
        { itemId: cement!.items[1]!.itemId, quantity: 1.25, unit: 'kg' },
      ],
    ]);
    // And the vendor's ledger what the invoice should come to: 100 bags x 448.99 = 44,899.00 and
    // 1.25 kg x 73.28 = 91.60 (goods 44,990.60), plus their share of the 1,770 fleet:
    // 1,770 x 44,990.60 / 54,268.18 = 1,467.404… -> 1,467.40; expected 46,458.00.
    const [recorded] = await events(cement!._id);
    expect(recorded).toMatchObject({
      vendorId: cement!.vendor._id,
      vendorName: cement!.vendor.name,
      invoiceAmount: 25000.5,
      expectedAmount: 46458,
    });

    const rest = await receive(
      'employee',
      receipt(cement!, [20.5, 1], {
        invoice: { invoiceNumber: 'INV/26-27/0051', invoiceDate: today(), invoiceAmount: 5100 },
      }),
    );
    expect(rest.statusCode, rest.body).toBe(201);
    po = rest.json().po as PurchaseOrder;
    expect(po.status).toBe('Closed');
    expect(po.items.every((l) => l.pending === 0)).toBe(true);
    expect(po.receipts.map((r) => r.invoice.invoiceNumber)).toEqual(['INV/26-27/0042', 'INV/26-27/0051']);
    expect((await read(cement!._id)).version).toBe(cement!.version + 2);
    // Each move of the status is announced with the PO's version (the indent shows Receive or History).
    const moves = await h.db.query<{ status: string; version: number }>(
      `SELECT envelope->'data'->>'status' AS status, (envelope->'data'->>'version')::int AS version FROM po.outbox
        WHERE subject = 'erp.po.status_changed.v1' AND envelope->'data'->>'poId' = $1 ORDER BY seq`,
      [cement!._id],
    );
    expect(moves.rows).toEqual([
      { status: 'Partial', version: cement!.version + 1 },
      { status: 'Closed', version: cement!.version + 2 },
    ]);
    // Nothing more can be received on a closed PO.
    const more = await receive('employee', receipt(cement!, [1]));
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(PO_MESSAGES.closed);
  });

  it('a receipt whose every line was rejected records the delivery, counts nothing and tells no one', async () => {
    const [, sand] = await newPos();
    const res = await receive('employee', receipt(sand!, [[2, 2]]));
    expect(res.statusCode, res.body).toBe(201);
    const po = res.json().po as PurchaseOrder;
    expect(po.status).toBe('Open');
    expect(po.items[0]).toMatchObject({ totalReceived: 0, pending: 10 });
    expect(po.receipts[0]!.receivedItems[0]).toMatchObject({
      receivedQuantity: 2,
      acceptedQuantity: 0,
      rejectedQuantity: 2,
    });
    expect(await events(sand!._id)).toEqual([]);
  });

  it('refuses a used receipt key with other content (409, clear message), recording nothing of it; the same content is answered again', async () => {
    const [cement] = await newPos();
    const receiptId = randomUUID();
    const first = await receive('employee', receipt(cement!, [10, 1], { receiptId }));
    expect(first.statusCode, first.body).toBe(201);
    const changes: Array<[string, ReceiptBody]> = [
      ['another quantity', receipt(cement!, [12, 1], { receiptId })],
      ['another line', receipt(cement!, [10], { receiptId })],
      ['a rejected quantity', receipt(cement!, [[10, 1], 1], { receiptId })],
      [
        'another invoice',
        receipt(cement!, [10, 1], {
          receiptId,
          invoice: { invoiceNumber: 'INV/26-27/0099', invoiceDate: today(), invoiceAmount: 25000.5 },
        }),
      ],
      [
        'another amount',
        receipt(cement!, [10, 1], {
          receiptId,
          invoice: { invoiceNumber: 'INV/26-27/0042', invoiceDate: today(), invoiceAmount: 99 },
        }),
      ],
      ['other remarks', receipt(cement!, [10, 1], { receiptId, remarks: 'Second truck' })],
    ];
    for (const [name, body] of changes) {
      const res = await receive('employee', body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(409);
      expect(res.json().message, name).toBe(PO_MESSAGES.receiptKeyReused);
    }
    // The same content again (its lines in another order): the first answer, nothing more recorded.
    const body = receipt(cement!, [10, 1], { receiptId });
    const again = await receive('admin', { ...body, receivedItems: [...body.receivedItems].reverse() });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe('Successfully Receipt Create');
    const po = await read(cement!._id);
    expect(po.receipts).toHaveLength(1);
    expect(po.items.map((l) => l.totalReceived)).toEqual([10, 1]);
    expect(await events(cement!._id)).toHaveLength(1);
    // The key on another PO: refused as well.
    const [, sand] = await newPos();
    const elsewhere = await receive('employee', receipt(sand!, [1], { receiptId }));
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(PO_MESSAGES.receiptOtherPo);
  });

  it('records a receipt sent twice with the same key once (a resend after a lost answer)', async () => {
    const [, sand] = await newPos();
    const body = receipt(sand!, [4], { receiptId: randomUUID() });
    const first = await receive('employee', body);
    const again = await receive('employee', body);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().po.receipts).toHaveLength(1);
    expect(again.json().po.items[0].totalReceived).toBe(4);
    expect(await events(sand!._id)).toHaveLength(1);
  });

  it('refuses what cannot be received, with a clear message, storing nothing', async () => {
    const [cement] = await newPos();
    const cases: Array<[string, unknown, number, string?]> = [
      [
        'above pending',
        receipt(cement!, [120.51]),
        409,
        PO_MESSAGES.abovePending('Cement OPC 53', '120.5 bags'),
      ],
      ['nothing received', receipt(cement!, [0, 0]), 400, PO_MESSAGES.nothingReceived],
      ['negative', receipt(cement!, [-1]), 400],
      ['more than two decimals', receipt(cement!, [1.005]), 400],
      ['rejected above received', receipt(cement!, [[1, 2]]), 400, PO_MESSAGES.rejected],
      [
        'no invoice number',
        receipt(cement!, [1], { invoice: { invoiceNumber: '  ', invoiceDate: today(), invoiceAmount: 1 } }),
        400,
        PO_MESSAGES.invoiceNumber,
      ],
      [
        'no invoice date',
        receipt(cement!, [1], { invoice: { invoiceNumber: 'A1', invoiceDate: '', invoiceAmount: 1 } }),
        400,
        PO_MESSAGES.invoiceDate,
      ],
      [
        'an impossible date',
        receipt(cement!, [1], {
          invoice: { invoiceNumber: 'A1', invoiceDate: '2026-02-30', invoiceAmount: 1 },
        }),
        400,
        PO_MESSAGES.invoiceDate,
      ],
      [
        'a future date',
        receipt(cement!, [1], {
          invoice: { invoiceNumber: 'A1', invoiceDate: '2099-01-01', invoiceAmount: 1 },
        }),
        400,
        PO_MESSAGES.invoiceDateFuture,
      ],
      [
        'a negative invoice amount',
        receipt(cement!, [1], { invoice: { invoiceNumber: 'A1', invoiceDate: today(), invoiceAmount: -5 } }),
        400,
      ],
      [
        'an item not on the PO',
        { ...receipt(cement!, [1]), receivedItems: [{ item: randomUUID(), receivedQuantity: 1 }] },
        400,
        PO_MESSAGES.unknownLine,
      ],
      [
        'an item twice',
        {
          ...receipt(cement!, [1]),
          receivedItems: [
            { item: cement!.items[0]!.itemId, receivedQuantity: 1 },
            { item: cement!.items[0]!.itemId, receivedQuantity: 1 },
          ],
        },
        400,
        PO_MESSAGES.duplicateLine,
      ],
      ['no such PO', receipt({ ...cement!, _id: randomUUID() }, [1]), 404, PO_MESSAGES.notFound],
      [
        'a photo that does not exist',
        receipt(cement!, [1], { photoId: randomUUID() }),
        400,
        PO_MESSAGES.photoMissing,
      ],
    ];
    for (const [name, body, status, message] of cases) {
      const res = await receive('employee', body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      if (message) expect(res.json().message, name).toBe(message);
    }
    const po = await read(cement!._id);
    expect(po.receipts).toEqual([]);
    expect(po.items.map((l) => l.totalReceived)).toEqual([0, 0]);
    expect(await events(cement!._id)).toEqual([]);
  });

  it('lets only members with Open POs write receive, and an Employee only on their projects', async () => {
    const [cement] = await newPos();
    const [elsewhere] = await newPos({
      project: { _id: randomUUID(), name: 'Green Valley', projectCode: 'PRJ-0031' },
    });
    for (const who of ['purchaser', 'accountant'] as const)
      expect((await receive(who, receipt(cement!, [1]))).statusCode, who).toBe(403);
    expect(
      (await h.app.inject({ method: 'POST', url: '/poReceipt', payload: receipt(cement!, [1]) })).statusCode,
    ).toBe(401);
    const other = await receive('employee', receipt(elsewhere!, [1]));
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(PO_MESSAGES.notFound);
    expect((await receive('admin', receipt(elsewhere!, [1]))).statusCode).toBe(201);
  });
});

describe('invoice photos', () => {
  it('keeps a JPEG or PNG recognised by its bytes, shows it with the receipt, and serves it only to those who see the PO', async () => {
    const [cement] = await newPos();
    const res = await upload('employee', cement!._id, JPEG);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ contentType: 'image/jpeg' });
    const photoId = res.json()._id as string;
    const size = res.json().size as number;
    // A PNG is kept as a JPEG too: every photo is an image the service wrote.
    expect((await upload('employee', cement!._id, PNG)).json().contentType).toBe('image/jpeg');
    const done = await receive('employee', receipt(cement!, [5], { photoId }));
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().po.receipts[0].photo).toEqual({ _id: photoId, contentType: 'image/jpeg', size });

    const served = await h.get('employee', `/po/${cement!._id}/photos/${photoId}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['content-disposition']).toBe(`inline; filename="${cement!.poNumber}-invoice.jpg"`);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Re-encoded: not the bytes sent, turned upright (30 x 40 now), without the EXIF (orientation, GPS).
    expect(Buffer.compare(served.rawPayload, JPEG)).not.toBe(0);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
      'jpeg',
      30,
      40,
      undefined,
      undefined,
    ]);
    // Another project's member, or the photo asked for through another PO: not found.
    const outsider = await h.member({ role: 'Employee', name: 'Anil Jadhav', projects: [randomUUID()] });
    expect((await h.get(outsider, `/po/${cement!._id}/photos/${photoId}`)).statusCode).toBe(404);
    const [other] = await newPos();
    expect((await h.get('admin', `/po/${other!._id}/photos/${photoId}`)).statusCode).toBe(404);
    const noPo = await h.member({ role: 'Accountant', modules: { vendors: { read: true } } });
    expect((await h.get(noPo, `/po/${cement!._id}/photos/${photoId}`)).statusCode).toBe(403);
    // A photo named by one receipt cannot be named by another.
    expect((await receive('employee', receipt(cement!, [1], { photoId }))).statusCode).toBe(409);
  });

  it('refuses a file that is not an image, a file over 5 MB and a wrong field, storing nothing', async () => {
    const [cement] = await newPos();
    const count = async () =>
      Number(
        (
          await h.db.query<{ n: string }>('SELECT count(*)::text AS n FROM po.photos WHERE po_id = $1', [
            cement!._id,
          ])
        ).rows[0]!.n,
      );
    const text = await upload('employee', cement!._id, Buffer.from('%PDF-1.7 not a photo'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(PO_MESSAGES.photoKind);
    // What begins as a JPEG and does not decode as one (a page in disguise) is refused, not kept.
    for (const disguised of [FAKE_JPEG, HTML_AS_JPEG]) {
      const res = await upload('employee', cement!._id, disguised);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PO_MESSAGES.photoUnreadable);
    }
    const big = await upload('employee', cement!._id, Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(PO_MESSAGES.photoTooLarge);
    expect((await upload('employee', cement!._id, JPEG, 'file')).statusCode).toBe(400);
    const json = await h.app.inject({
      method: 'POST',
      url: `/po/${cement!._id}/photos`,
      headers: h.people.employee.headers,
      payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect((await upload('purchaser', cement!._id, JPEG)).statusCode).toBe(403);
    expect(await count()).toBe(0);
  });

  it('removes a photo no receipt named after a day, and keeps the ones receipts name', async () => {
    const [cement] = await newPos();
    const kept = (await upload('employee', cement!._id, JPEG)).json()._id as string;
    const abandoned = (await upload('employee', cement!._id, JPEG)).json()._id as string;
    expect((await receive('employee', receipt(cement!, [1], { photoId: kept }))).statusCode).toBe(201);
    await h.db.query(`UPDATE po.photos SET uploaded_at = now() - interval '25 hours' WHERE po_id = $1`, [
      cement!._id,
    ]);
    await h.runtimes[0]!.prune();
    const left = await h.db.query<{ id: string }>('SELECT id FROM po.photos WHERE po_id = $1', [cement!._id]);
    expect(left.rows.map((r) => r.id)).toEqual([kept]);
    expect(abandoned).not.toBe(kept);
  });
});

describe('short-closing a purchase order', () => {
  it('lets an Admin close a PO with a reason: what is pending is cancelled and shown as such', async () => {
    const [cement] = await newPos();
    expect((await receive('employee', receipt(cement!, [100]))).statusCode).toBe(201);
    for (const who of ['purchaser', 'employee'] as const)
      expect(
        (await post(who, `/po/${cement!._id}/short-close`, { reason: 'Vendor out of stock' })).statusCode,
        who,
      ).toBe(403);
    expect((await post('admin', `/po/${cement!._id}/short-close`, { reason: '   ' })).statusCode).toBe(400);
    expect(
      (await post('admin', `/po/${cement!._id}/short-close`, { reason: 'Stale', version: 1 })).statusCode,
    ).toBe(409);
    const res = await post('admin', `/po/${cement!._id}/short-close`, {
      reason: 'Vendor out of stock; balance from another vendor',
    });
    expect(res.statusCode, res.body).toBe(200);
    const po = res.json().po as PurchaseOrder;
    expect(po.status).toBe('Closed');
    expect(po.shortClose).toMatchObject({
      reason: 'Vendor out of stock; balance from another vendor',
      by: { name: 'Demo Admin' },
    });
    expect(po.items.map((l) => [l.totalOrdered, l.totalReceived, l.cancelled, l.pending])).toEqual([
      [120.5, 100, 20.5, 0],
      [2.25, 0, 2.25, 0],
    ]);
    expect((await receive('employee', receipt(cement!, [1]))).statusCode).toBe(409);
    expect((await post('admin', `/po/${cement!._id}/short-close`, { reason: 'Again' })).statusCode).toBe(409);
  });
});

describe('the printed PO', () => {
  it('is a PDF with the vendor’s GSTIN, CGST + SGST for a vendor in the company’s state, and the PO’s amount in figures and words', async () => {
    const [cement] = await newPos();
    await h.publish(
      buildEnvelope('vendors', VendorUpdated, {
        vendorId: cement!.vendor._id,
        displayId: 'VEN-0007',
        name: cement!.vendor.name,
        status: 'active',
        version: 3,
        address: 'Shop 3, Market Yard, Gultekdi, Pune 411037',
        gstin: '27AABCU9603R1ZM',
        phoneNumber: '9822012345',
        email: 'sales@deccansteel.in',
      }),
    );
    const res = await h.get('employee', `/po/${cement!._id}/pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${cement!.poNumber}.pdf"`);
    const { text, pages } = readPdf(res.rawPayload);
    expect(pages).toBe(1);
    for (const words of [
      cement!.poNumber,
      '27AABCU9603R1ZM',
      'Shop 3, Market Yard',
      'CGST',
      'SGST',
      'Cement OPC 53',
      'Rs. 56,038.18',
      'Fifty-Six Thousand Thirty-Eight and Eighteen Paise Only',
    ])
      expect(text, words).toContain(words);
    expect(text).not.toContain('IGST');
    const outsider = await h.member({ role: 'Employee', name: 'Anil Jadhav', projects: [randomUUID()] });
    expect((await h.get(outsider, `/po/${cement!._id}/pdf`)).statusCode).toBe(404);
    expect((await h.get(null, `/po/${cement!._id}/pdf`)).statusCode).toBe(401);
  });

  it('prints IGST for a vendor in another state, and the vendor’s name alone before its details are known', async () => {
    const [, sand] = await newPos();
    const unknown = readPdf((await h.get('admin', `/po/${sand!._id}/pdf`)).rawPayload).text;
    expect(unknown).toContain(sand!.vendor.name);
    expect(unknown).toContain('IGST');
    await h.publish(
      buildEnvelope('vendors', VendorUpdated, {
        vendorId: sand!.vendor._id,
        displayId: 'VEN-0008',
        name: sand!.vendor.name,
        status: 'active',
        version: 2,
        gstin: '29AABCU9603R1ZM',
        address: 'Bengaluru',
      }),
    );
    const other = readPdf((await h.get('admin', `/po/${sand!._id}/pdf`)).rawPayload).text;
    expect(other).toContain('29AABCU9603R1ZM');
    expect(other).toContain('IGST');
    expect(other).not.toContain('CGST');
  });
});

describe('a Closed PO for a member with Open POs read alone (the receiving list)', () => {
  it('answers every PO route 404, as the list hides it; Open and Partial POs, and PO List readers, as before', async () => {
    const receiver = await h.member({
      role: 'Employee',
      name: 'Gate Keeper',
      projects: [PROJECT._id],
      modules: { po: { subModules: { open: { read: true, write: true } } } },
    });
    const [cement, sand] = await newPos();
    const photoId = (await upload('employee', sand!._id, JPEG)).json()._id as string;
    expect((await receive('employee', receipt(sand!, [10], { photoId }))).statusCode).toBe(201);
    expect((await read(sand!._id)).status).toBe('Closed');
    // The receiving member sees the open PO, not the closed one, by any route.
    expect((await h.get(receiver, `/po/${cement!._id}`)).statusCode).toBe(200);
    for (const url of [`/po/${sand!._id}`, `/po/${sand!._id}/pdf`, `/po/${sand!._id}/photos/${photoId}`]) {
      const res = await h.get(receiver, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe(PO_MESSAGES.notFound);
    }
    const more = await h.app.inject({
      method: 'POST',
      url: '/poReceipt',
      headers: receiver.headers,
      payload: receipt(sand!, [1]),
    });
    expect(more.statusCode).toBe(404);
    const m = multipart(JPEG);
    const photo = await h.app.inject({
      method: 'POST',
      url: `/po/${sand!._id}/photos`,
      headers: { ...receiver.headers, ...m.headers },
      payload: m.payload,
    });
    expect(photo.statusCode).toBe(404);
    // The list's rule itself, unchanged: Closed refused in the list.
    expect((await h.get(receiver, '/po?status=Closed')).statusCode).toBe(403);
    // Members with PO List read still open it.
    for (const who of ['employee', 'admin'] as const) {
      expect((await h.get(who, `/po/${sand!._id}`)).statusCode, who).toBe(200);
      expect((await h.get(who, `/po/${sand!._id}/pdf`)).statusCode, who).toBe(200);
      expect((await h.get(who, `/po/${sand!._id}/photos/${photoId}`)).statusCode, who).toBe(200);
    }
  });
});

describe('unattached invoice photos per member and hour', () => {
  it('refuses the upload beyond the limit with 429 and a clear message; a receipt naming a photo frees its place', async () => {
    process.env.PO_PHOTOS_PER_HOUR = '3';
    const limited = await startPo({ employeeProjects: [PROJECT._id] }).finally(
      () => delete process.env.PO_PHOTOS_PER_HOUR,
    );
    try {
      const a = approval();
      await limited.publish(approvedEnvelope(a));
      const [cement] = await limited.posOf(a.indentId);
      const send = (who: Who) => {
        const m = multipart(PNG);
        return limited.app.inject({
          method: 'POST',
          url: `/po/${cement!._id}/photos`,
          headers: { ...limited.people[who].headers, ...m.headers },
          payload: m.payload,
        });
      };
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await send('employee');
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json()._id);
      }
      const over = await send('employee');
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(PO_MESSAGES.photoRate(3));
      // Another member has their own count.
      expect((await send('admin')).statusCode).toBe(201);
      // A receipt names one: the member may upload again.
      const done = await limited.app.inject({
        method: 'POST',
        url: '/poReceipt',
        headers: limited.people.employee.headers,
        payload: receipt(cement!, [1], { photoId: ids[0] }),
      });
      expect(done.statusCode, done.body).toBe(201);
      expect((await send('employee')).statusCode).toBe(201);
      // Photos older than an hour are not counted.
      await limited.db.query(
        `UPDATE po.photos SET uploaded_at = now() - interval '61 minutes' WHERE po_id = $1`,
        [cement!._id],
      );
      expect((await send('employee')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('the printed PO’s delivery address', () => {
  it('prints the indent’s site and the project’s location from the approval; an older approval without them prints the project alone', async () => {
    const [cement] = await newPos({
      location: 'Tower B, floors 3-4, gate 2',
      project: { ...PROJECT, location: 'Survey No. 45/2, Baner Road, Pune 411045' },
    });
    const text = readPdf((await h.get('admin', `/po/${cement!._id}/pdf`)).rawPayload).text;
    for (const words of [
      'Tower B, floors 3-4, gate 2',
      'Riverside Heights (PRJ-0012)',
      'Survey No. 45/2, Baner Road, Pune 411045',
    ])
      expect(text, words).toContain(words);
    const [old] = await newPos();
    const plain = readPdf((await h.get('admin', `/po/${old!._id}/pdf`)).rawPayload).text;
    expect(plain).toContain('Riverside Heights (PRJ-0012)');
  });
});

describe.runIf(onPostgres)('receipts at the same moment (PostgreSQL, parallel connections)', () => {
  it('two receipts that together exceed pending: one is recorded, the other is refused with 409, never over-received', async () => {
    for (let round = 0; round < 5; round++) {
      const [, sand] = await newPos();
      const answers = await Promise.all([
        receive('employee', receipt(sand!, [6])),
        receive('admin', receipt(sand!, [7])),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const po = await read(sand!._id);
      expect(po.receipts).toHaveLength(1);
      expect([6, 7]).toContain(po.items[0]!.totalReceived);
      expect(po.status).toBe('Partial');
      expect(await events(sand!._id)).toHaveLength(1);
    }
  });

  it('two receipts with one key and different content at once: one is recorded, the other refused with 409, on one PO or two', async () => {
    for (let round = 0; round < 5; round++) {
      const [cement, sand] = await newPos();
      const receiptId = randomUUID();
      const samePo = await Promise.all([
        receive('employee', receipt(sand!, [2], { receiptId })),
        receive('admin', receipt(sand!, [3], { receiptId })),
      ]);
      expect(samePo.map((a) => a.statusCode).sort(), samePo.map((a) => a.body).join('\n')).toEqual([
        201, 409,
      ]);
      expect(samePo.find((a) => a.statusCode === 409)!.json().message).toBe(PO_MESSAGES.receiptKeyReused);
      const po = await read(sand!._id);
      expect(po.receipts).toHaveLength(1);
      expect([2, 3]).toContain(po.items[0]!.totalReceived);
      expect(await events(sand!._id)).toHaveLength(1);

      const otherKey = randomUUID();
      const twoPos = await Promise.all([
        receive('employee', receipt(sand!, [1], { receiptId: otherKey })),
        receive('admin', receipt(cement!, [1], { receiptId: otherKey })),
      ]);
      expect(twoPos.map((a) => a.statusCode).sort(), twoPos.map((a) => a.body).join('\n')).toEqual([
        201, 409,
      ]);
      expect(twoPos.find((a) => a.statusCode === 409)!.json().message).toBe(PO_MESSAGES.receiptOtherPo);
      const recorded =
        (await read(sand!._id)).receipts.length - 1 + (await read(cement!._id)).receipts.length;
      expect(recorded).toBe(1);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { harnessForFile } from '@erp/service-kit/testing';
import { PoCreated, PoStatusChanged, type PoStatusChangedData, type Vendor } from '@erp/contracts';
import { buildEnvelope, type EventEnvelope } from '@erp/service-kit';
import { applyPoFact, contribution } from '../src/domain/po-counts.js';
import { handlePoCreatedForCounts, handlePoStatusForCounts } from '../src/events/po-counts.js';
import { createVendor, startVendors } from './helpers.js';
import { onPostgres, poCreatedData } from './ledger-helpers.js';

describe('a PO as the vendor counts keep it', () => {
  it('takes the status of the highest version and keeps the vendor once known', () => {
    const partial = applyPoFact(null, { status: 'Partial', version: 3 });
    expect(partial).toEqual({ vendorId: null, status: 'Partial', version: 3 });
    expect(contribution(partial)).toEqual({ total: 0, open: 0 });
    // The created event arriving later names the vendor but does not bring Open back.
    const named = applyPoFact(partial, { vendorId: 'v1', status: 'Open', version: 1 });
    expect(named).toEqual({ vendorId: 'v1', status: 'Partial', version: 3 });
    expect(contribution(named)).toEqual({ total: 1, open: 1 });
    const closed = applyPoFact(named, { status: 'Closed', version: 4 });
    expect(contribution(closed)).toEqual({ total: 1, open: 0 });
    // An older status after a newer one changes nothing.
    expect(applyPoFact(closed, { status: 'Partial', version: 2 })).toEqual(closed);
  });
});

const h = harnessForFile(startVendors);

async function deliver(...envelopes: EventEnvelope[]): Promise<void> {
  for (const e of envelopes) await h.bus.publish(e);
  await h.settle();
}

const created = (vendorId: string, poId = randomUUID()) =>
  buildEnvelope('po', PoCreated, poCreatedData(vendorId, 1000, { poId }));
const statusChanged = (poId: string, status: PoStatusChangedData['status'], version: number) =>
  buildEnvelope('po', PoStatusChanged, {
    poId,
    poNumber: 'PO-000777',
    indentId: randomUUID(),
    status,
    version,
  });

async function counts(
  v: Vendor,
): Promise<{ totalPO: number; openPO: number; listed: { totalPO: number; openPO: number } }> {
  const d = (await h.call('admin', 'GET', `/vendors/details/${v._id}`)).json() as Vendor;
  const listed = (await h.call('admin', 'GET', `/vendors/all?keyword=${v.vendorId}`)).json()
    .vendors[0] as Vendor;
  return { totalPO: d.totalPO, openPO: d.openPO, listed: { totalPO: listed.totalPO, openPO: listed.openPO } };
}

describe('PO counts on the vendor list and page', () => {
  it('counts every PO and the Open or Partial ones, on the list and the page, without bumping the vendor version', async () => {
    const v = await createVendor(h);
    const a = randomUUID();
    const b = randomUUID();
    await deliver(created(v._id, a), created(v._id, b), created(v._id));
    expect(await counts(v)).toEqual({ totalPO: 3, openPO: 3, listed: { totalPO: 3, openPO: 3 } });
    await deliver(statusChanged(a, 'Partial', 2), statusChanged(b, 'Closed', 2));
    expect(await counts(v)).toEqual({ totalPO: 3, openPO: 2, listed: { totalPO: 3, openPO: 2 } });
    await deliver(statusChanged(a, 'Closed', 3));
    expect(await counts(v)).toEqual({ totalPO: 3, openPO: 1, listed: { totalPO: 3, openPO: 1 } });
    expect(((await h.call('admin', 'GET', `/vendors/details/${v._id}`)).json() as Vendor).version).toBe(1);
  });

  it('counts nothing twice when the same events are delivered again', async () => {
    const v = await createVendor(h);
    const poId = randomUUID();
    const first = created(v._id, poId);
    const closed = statusChanged(poId, 'Closed', 2);
    await deliver(first, closed);
    expect(await counts(v)).toMatchObject({ totalPO: 1, openPO: 0 });
    // The same envelopes again (the inbox drops them) and the same facts in new envelopes (a
    // producer that announced twice): neither moves a count.
    await deliver(first, closed, created(v._id, poId), statusChanged(poId, 'Closed', 2));
    expect(await counts(v)).toMatchObject({ totalPO: 1, openPO: 0 });
  });

  it('is right when a status change arrives before its PO was announced, and when an older status arrives late', async () => {
    const v = await createVendor(h);
    const poId = randomUUID();
    await deliver(statusChanged(poId, 'Partial', 2));
    // No vendor known for it yet: counted for nobody.
    expect(await counts(v)).toMatchObject({ totalPO: 0, openPO: 0 });
    await deliver(statusChanged(poId, 'Closed', 3), statusChanged(poId, 'Partial', 2));
    await deliver(created(v._id, poId));
    expect(await counts(v)).toMatchObject({ totalPO: 1, openPO: 0 });
    const other = randomUUID();
    await deliver(statusChanged(other, 'Partial', 2), created(v._id, other));
    expect(await counts(v)).toMatchObject({ totalPO: 2, openPO: 1 });
  });

  it('keeps the stored counts equal to the POs it holds, whatever the order of many events', async () => {
    const v = await createVendor(h);
    const pos = Array.from({ length: 6 }, () => randomUUID());
    const events = pos.flatMap((poId, i) => [
      created(v._id, poId),
      ...(i % 2 ? [statusChanged(poId, 'Partial', 2)] : []),
      ...(i % 3 === 0 ? [statusChanged(poId, 'Closed', 3)] : []),
    ]);
    // A fixed shuffle: reversed, then every other one.
    const shuffled = [
      ...events.reverse().filter((_, i) => i % 2 === 0),
      ...events.filter((_, i) => i % 2 === 1),
    ];
    await deliver(...shuffled);
    const byRows = await h.db.query<{ total: number; open: number }>(
      `SELECT count(*)::int AS total, (count(*) FILTER (WHERE status IN ('Open', 'Partial')))::int AS open FROM vendors.vendor_pos WHERE vendor_id = $1`,
      [v._id],
    );
    // 6 POs; Closed: 0 and 3; Partial: 1 and 5 (and 3 at version 2, then Closed).
    expect(await counts(v)).toMatchObject({ totalPO: 6, openPO: 4 });
    expect(byRows.rows[0]).toEqual({ total: 6, open: 4 });
  });
});

describe.skipIf(!onPostgres)('PO counts under events handled at the same moment (PostgreSQL)', () => {
  it('loses no count when many POs of one vendor, and a PO’s created and status events, are handled side by side', async () => {
    const v = await createVendor(h);
    const pos = Array.from({ length: 12 }, () => randomUUID());
    // Each in its own transaction on its own connection, all at once (as two instances and the
    // consumer's per-PO order key allow): created, and for half of them a status change racing it.
    await Promise.all(
      pos.flatMap((poId, i) => [
        h.db.transaction((tx) =>
          handlePoCreatedForCounts(tx, 'vendors', poCreatedData(v._id, 1000, { poId })),
        ),
        ...(i % 2 === 0
          ? [
              h.db.transaction((tx) =>
                handlePoStatusForCounts(tx, 'vendors', {
                  poId,
                  poNumber: 'PO-000778',
                  indentId: randomUUID(),
                  status: 'Closed',
                  version: 2,
                }),
              ),
            ]
          : []),
      ]),
    );
    expect(await counts(v)).toMatchObject({ totalPO: 12, openPO: 6 });
    // The open ones (odd), each with two status changes at once: Partial (version 2) and Closed
    // (version 3). Whichever commits last, the PO ends Closed and counts as closed once.
    const open = pos.filter((_, i) => i % 2 === 1);
    await Promise.all(
      open.flatMap((poId) =>
        (['Partial', 'Closed'] as const).map((status, k) =>
          h.db.transaction((tx) =>
            handlePoStatusForCounts(tx, 'vendors', {
              poId,
              poNumber: 'PO-000779',
              indentId: randomUUID(),
              status,
              version: 2 + k,
            }),
          ),
        ),
      ),
    );
    const byRows = await h.db.query<{ total: number; open: number }>(
      `SELECT count(*)::int AS total, (count(*) FILTER (WHERE status IN ('Open', 'Partial')))::int AS open FROM vendors.vendor_pos WHERE vendor_id = $1`,
      [v._id],
    );
    expect(byRows.rows[0]).toEqual({ total: 12, open: 0 });
    expect(await counts(v)).toMatchObject({ totalPO: 12, openPO: 0 });
  });
});

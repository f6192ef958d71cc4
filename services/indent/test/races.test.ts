/**
 * Races on PostgreSQL with parallel connections (PGlite runs one transaction at a time, so a race
 * there proves nothing): indents raised at once get distinct numbers without gaps; approvals and
 * send-backs of one indent at once leave exactly one winner and one announcement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndentCompare } from '@erp/contracts';
import { usingRealServers } from '@erp/service-kit/testing';
import { startIndent, type IndentHarness } from './helpers.js';

const onPostgres = usingRealServers && Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('indents under concurrent requests (PostgreSQL)', () => {
  let h: IndentHarness;
  beforeAll(async () => {
    h = await startIndent();
  });
  afterAll(async () => h?.close());

  async function inApproval(): Promise<IndentCompare> {
    const indent = await h.create();
    const c = await h.compare(indent._id);
    const res = await h.call('purchaser', 'POST', `/indent/compare/${c._id}`, {
      status: 'approval',
      version: c.version,
      items: c.items.map((l) => ({
        itemId: l.itemId,
        selectedVendor: l.vendors.find((v) => v.isLowest)!.vendorId,
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return h.compare(c._id, 'admin');
  }

  it('numbers 20 indents raised at once IND-n … IND-n+19, each once', async () => {
    const made = await Promise.all(Array.from({ length: 20 }, () => h.create()));
    const numbers = made.map((m) => Number(m.indentId.slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
  });

  it('lets one of five simultaneous approvals win; the others get 409 and one event is written', async () => {
    const c = await inApproval();
    const body = {
      status: 'approved',
      version: c.version,
      items: c.items.map((l) => ({
        itemId: l.itemId,
        selectedVendor: l.selectedVendor,
        price: l.vendors.find((v) => v.vendorId === l.selectedVendor)!.price,
      })),
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => h.call('admin', 'POST', `/indent/approval/${c._id}`, body)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const events = await h.db.query(
      "SELECT 1 FROM indent.outbox WHERE subject = 'erp.indent.approved.v1' AND envelope->'data'->>'indentId' = $1",
      [c._id],
    );
    expect(events.rows).toHaveLength(1);
  });

  it('lets an approval and a send-back at once end in exactly one of the two', async () => {
    const c = await inApproval();
    const approve = h.call('admin', 'POST', `/indent/approval/${c._id}`, {
      status: 'approved',
      items: c.items.map((l) => ({
        itemId: l.itemId,
        selectedVendor: l.selectedVendor,
        price: l.vendors.find((v) => v.vendorId === l.selectedVendor)!.price,
      })),
    });
    const back = h.call('admin', 'POST', `/indent/rework/${c._id}`, { comment: 'Check the quantities' });
    const [a, b] = await Promise.all([approve, back]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const final = (await h.compare(c._id, 'admin')).status;
    expect(final).toBe(a.statusCode === 200 ? 'approved' : 'draft');
  });
});

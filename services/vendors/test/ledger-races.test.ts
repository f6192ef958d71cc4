/** Ledger appends that really overlap (PostgreSQL: a pool of connections; PGlite has one). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsWaitingOnLocks } from '@erp/service-kit/testing';
import { handlePoCreated } from '../src/events/po-created.js';
import { ledgerRepository } from '../src/repositories/ledger.js';
import { entryOf, onPostgres, poCreatedData, startLedger, type LedgerHarness } from './ledger-helpers.js';

describe.skipIf(!onPostgres)('vendor ledgers under concurrent requests (PostgreSQL)', () => {
  let h: LedgerHarness;
  beforeAll(async () => {
    h = await startLedger();
  });
  afterAll(async () => h?.close());

  it('counts two payments sent at the same moment once each, with consecutive seqs and exact balances', async () => {
    const v = await h.vendor();
    await h.po(v, 100000);
    const [a, b] = await Promise.all([
      h.pay('accountant', v, { amount: 1000 }),
      h.pay('admin', v, { amount: 2500.5 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect([entryOf(a).seq, entryOf(b).seq].sort()).toEqual([2, 3]);
    const ledger = await h.ledger(v);
    expect(ledger.summary).toMatchObject({ outstanding: 96499.5, paid: 3500.5 });
    expect(ledger.result.map((e) => e.balanceAfter)[0]).toBe(96499.5);
    await h.expectConsistent();
  });

  it('makes one account for a vendor it has no record of when two of its POs are handled at the same moment, the second after the first commits', async () => {
    const vendorId = randomUUID(); // not in the vendors table: no account until its first PO
    const ledger = ledgerRepository('vendors');
    const po = (amount: number) => poCreatedData(vendorId, amount, { vendorName: 'Konkan Cement Traders' });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let made!: () => void;
    const accountMade = new Promise<void>((r) => (made = r));
    // The first makes the account and holds it; the second's statement starts before the first
    // commits, so the account is not in its snapshot: it must still lock it and append after it.
    const first = h.db.transaction(async (tx) => {
      const added = await handlePoCreated(tx, ledger, po(100));
      made();
      await held;
      return added;
    });
    await accountMade;
    const second = h.db.transaction((tx) => handlePoCreated(tx, ledger, po(250.5)));
    try {
      await expect.poll(() => sessionsWaitingOnLocks(h.db)).toBeGreaterThanOrEqual(1);
    } finally {
      release();
    }
    expect(await Promise.all([first, second])).toEqual([true, true]);
    const entries = await h.db.query<{ seq: number; balance_after_paise: number }>(
      'SELECT seq, balance_after_paise FROM vendors.ledger_entries WHERE vendor_id = $1 ORDER BY seq',
      [vendorId],
    );
    expect(entries.rows.map((e) => [Number(e.seq), Number(e.balance_after_paise)])).toEqual([
      [1, 10000],
      [2, 35050],
    ]);
    const accounts = await h.db.query<{ vendor_name: string; last_seq: number }>(
      'SELECT vendor_name, last_seq FROM vendors.ledger_accounts WHERE vendor_id = $1',
      [vendorId],
    );
    expect(accounts.rows.map((a) => [a.vendor_name, Number(a.last_seq)])).toEqual([
      ['Konkan Cement Traders', 2],
    ]);
    await h.expectConsistent();
  });

  it('counts twenty payments at once, each once', async () => {
    const v = await h.vendor();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => h.pay(i % 2 ? 'accountant' : 'admin', v, { amount: i + 1 })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(answers.map((r) => entryOf(r).seq).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect((await h.ledger(v)).summary.outstanding).toBe(-210);
    await h.expectConsistent();
  });

  it('counts one payment when the same request arrives twice at once (a double-click)', async () => {
    const v = await h.vendor();
    const body = { amount: 777.77, requestKey: randomUUID(), reference: 'UTR-DOUBLE' };
    const answers = await Promise.all([
      h.pay('accountant', v, body),
      h.pay('accountant', v, body),
      h.pay('accountant', v, body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => entryOf(r)._id)).size).toBe(1);
    expect((await h.ledger(v)).totalItems).toBe(1);
    await h.expectConsistent();
  });

  it('refuses the second of two payments with one reference sent at once (409), and the second of two reversals of one entry', async () => {
    const v = await h.vendor();
    const [a, b] = await Promise.all([
      h.pay('accountant', v, { reference: 'UTR-RACE' }),
      h.pay('accountant', v, { reference: 'utr-race' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const paid = entryOf(a.statusCode === 201 ? a : b);
    const [x, y] = await Promise.all([h.reverse('accountant', v, paid._id), h.reverse('admin', v, paid._id)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    expect((await h.ledger(v)).summary.outstanding).toBe(0);
    await h.expectConsistent();
  });

  it('lets one of two approvals of one case win; the other is told it was decided (409)', async () => {
    const v = await h.vendor();
    await h.po(v, 70282.5);
    await h.receipt(v, 32500, 31236.67);
    const [c] = (await h.overbilling(v)).result;
    const url = `/vendorTransaction/overbilling/${c!._id}`;
    const answers = await Promise.all([
      h.call('admin', 'POST', `${url}/approve`, { version: c!.version }),
      h.call('admin', 'POST', `${url}/approve`, { version: c!.version }),
      h.call('admin', 'POST', `${url}/reject`, { version: c!.version, reason: 'Freight agreed' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const ledger = await h.ledger(v);
    const approved = answers.find((r) => r.statusCode === 200)!.json().case.status === 'Approved';
    expect(ledger.totalItems).toBe(approved ? 2 : 1);
    expect(ledger.summary.outstanding).toBe(approved ? 71545.83 : 70282.5);
    expect(ledger.summary.openOverbilling).toEqual({ count: 0, amount: 0 });
    await h.expectConsistent();
  });

  it('adds a PO announced twice at once (two envelopes) once, while payments arrive', async () => {
    const v = await h.vendor();
    const poId = randomUUID();
    await Promise.all([
      h.po(v, 5000, { poId }),
      h.po(v, 5000, { poId }),
      h.pay('accountant', v, { amount: 100 }),
    ]);
    const ledger = await h.ledger(v);
    expect(ledger.result.filter((e) => e.type === 'PO Add')).toHaveLength(1);
    expect(ledger.summary.outstanding).toBe(4900);
    await h.expectConsistent();
  });
});

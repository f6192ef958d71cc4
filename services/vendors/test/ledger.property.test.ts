/**
 * The ledger's invariants under random histories (fast-check): POs added from events, payments,
 * credit notes, reversals, overbilling cases and their decisions, some sent at the same moment, some
 * resent, some refused. After every step: the balance is the sum of the entries' effects and of what
 * the answers said was recorded, the balance_after chain holds, seq has no gaps, and the ledger
 * check finds nothing. On PostgreSQL the concurrent steps really overlap (a pool of connections).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { harnessForFile } from '@erp/service-kit/testing';
import { fromPaise, type LedgerEntry, type OverbillListResponse } from '@erp/contracts';
import { checkLedgers } from '../src/repositories/ledger-check.js';
import { daysAgo, startLedger } from './ledger-helpers.js';

const h = harnessForFile(startLedger);

type Step =
  | { kind: 'po'; paise: number }
  | { kind: 'pay'; paise: number; ref: number; key: number; daysBack: number }
  | { kind: 'creditNote'; paise: number; number: number; key: number }
  | { kind: 'reverse'; pick: number; key: number }
  | { kind: 'receipt'; expected: number; over: number }
  | { kind: 'decide'; pick: number; approve: boolean }
  /** A form sent again as it was (a lost answer): one of the earlier payments or credit notes. */
  | { kind: 'resend'; pick: number }
  /** A double-click: one new payment sent twice at once. */
  | { kind: 'double'; paise: number };

const paise = fc.integer({ min: 1, max: 50_000_000 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('po' as const), paise }) },
  // Few references and request keys, so duplicates and resends happen often.
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      paise,
      ref: fc.integer({ min: 0, max: 5 }),
      key: fc.integer({ min: 0, max: 7 }),
      daysBack: fc.integer({ min: 0, max: 500 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('creditNote' as const),
      paise,
      number: fc.integer({ min: 0, max: 3 }),
      key: fc.integer({ min: 0, max: 7 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('reverse' as const),
      pick: fc.nat(),
      key: fc.integer({ min: 0, max: 7 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('receipt' as const),
      expected: fc.integer({ min: 0, max: 10_000_000 }),
      over: fc.integer({ min: -1000, max: 1_000_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(), approve: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('resend' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('double' as const), paise }) },
);
/** A step, or two to four sent at the same moment. */
const roundArb = fc.oneof(
  { weight: 3, arbitrary: stepArb.map((s) => [s]) },
  { weight: 1, arbitrary: fc.array(stepArb, { minLength: 2, maxLength: 4 }) },
);

interface Run {
  vendorId: string;
  /** What the answers say the balance moved by, in paise. */
  model: number;
  entries: number;
  keys: string[];
  /** Forms sent so far, to send again. */
  sent: Array<{ url: string; body: Record<string, unknown>; who: 'accountant' | 'purchaser' }>;
}

/** A history through every path: recorded, resent, duplicate refused, reversed, reversal of a reversal refused, double-click, case approved. */
const COVERING_HISTORY: Step[][] = [
  [{ kind: 'po', paise: 10_000_000 }],
  [{ kind: 'pay', paise: 500_000, ref: 1, key: 0, daysBack: 0 }],
  [{ kind: 'resend', pick: 0 }],
  [{ kind: 'pay', paise: 600_000, ref: 1, key: 1, daysBack: 3 }],
  [{ kind: 'creditNote', paise: 100_000, number: 1, key: 2 }],
  [{ kind: 'creditNote', paise: 120_000, number: 1, key: 3 }],
  [{ kind: 'reverse', pick: 0, key: 4 }],
  [{ kind: 'reverse', pick: 0, key: 5 }],
  [{ kind: 'double', paise: 200_000 }],
  [{ kind: 'receipt', expected: 1_000_000, over: 50_000 }],
  [{ kind: 'decide', pick: 0, approve: true }],
];

/** What the histories did, so the test shows they reached every path (kind and status). */
const seen = new Map<string, number>();

async function entriesOf(vendorId: string): Promise<LedgerEntry[]> {
  return (await h.ledger(vendorId, 'limit=100')).result;
}

/** Sends one step; returns the answer's status and how it moved the balance if it recorded something. */
async function send(
  run: Run,
  step: Step,
  entries: LedgerEntry[],
  cases: OverbillListResponse['result'],
): Promise<{ status: number; effect: number; entry: boolean }> {
  const v = run.vendorId;
  const recorded = (res: LightMyRequestResponse) => ({
    status: res.statusCode,
    effect: res.statusCode === 201 ? Math.round(res.json().entry.effect * 100) : 0,
    entry: res.statusCode === 201,
  });
  switch (step.kind) {
    case 'po':
      await h.po(v, fromPaise(step.paise));
      return { status: 201, effect: step.paise, entry: true };
    case 'pay': {
      const body = {
        amount: fromPaise(step.paise),
        reference: step.ref === 0 ? '' : `UTR-${step.ref}`,
        method: step.ref === 0 ? 'Cash' : 'NEFT',
        date: daysAgo(step.daysBack),
        requestKey: run.keys[step.key],
      };
      run.sent.push({ url: `/vendorTransaction/${v}/payments`, body, who: 'accountant' });
      return recorded(await h.pay('accountant', v, body));
    }
    case 'creditNote': {
      const body = {
        amount: fromPaise(step.paise),
        number: `CN-${step.number}`,
        requestKey: run.keys[step.key],
        date: daysAgo(0),
        reason: 'Discount',
      };
      run.sent.push({ url: `/vendorTransaction/${v}/credit-notes`, body, who: 'purchaser' });
      return recorded(await h.creditNote('purchaser', v, body));
    }
    case 'resend': {
      if (run.sent.length === 0) return { status: 0, effect: 0, entry: false };
      const form = run.sent[step.pick % run.sent.length]!;
      return recorded(await h.call(form.who, 'POST', form.url, form.body));
    }
    case 'double': {
      const body = { amount: fromPaise(step.paise), reference: '', method: 'Cash', requestKey: randomUUID() };
      const [a, b] = await Promise.all([h.pay('accountant', v, body), h.pay('accountant', v, body)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      expect(a.json().entry._id).toBe(b.json().entry._id);
      return recorded(a.statusCode === 201 ? a : b);
    }
    case 'reverse': {
      if (entries.length === 0) return { status: 0, effect: 0, entry: false };
      const target = entries[step.pick % entries.length]!;
      return recorded(await h.reverse('admin', v, target._id, { requestKey: run.keys[step.key] }));
    }
    case 'receipt':
      await h.receipt(v, fromPaise(Math.max(0, step.expected + step.over)), fromPaise(step.expected));
      return { status: 0, effect: 0, entry: false };
    case 'decide': {
      if (cases.length === 0) return { status: 0, effect: 0, entry: false };
      const c = cases[step.pick % cases.length]!;
      const res = await h.call(
        'admin',
        'POST',
        `/vendorTransaction/overbilling/${c._id}/${step.approve ? 'approve' : 'reject'}`,
        { version: c.version, reason: 'Checked against the delivery challan' },
      );
      const approved = res.statusCode === 200 && step.approve;
      return {
        status: res.statusCode,
        effect: approved ? Math.round(res.json().entry.effect * 100) : 0,
        entry: approved,
      };
    }
  }
}

async function invariants(run: Run): Promise<void> {
  const db = h.db;
  const kept = await db.query<{ outstanding: number; last_seq: number }>(
    `SELECT outstanding_paise AS outstanding, last_seq FROM vendors.ledger_accounts WHERE vendor_id = $1`,
    [run.vendorId],
  );
  const sums = await db.query<{ total: string | null; n: number; max: number | null }>(
    `SELECT sum(amount_paise * effect)::text AS total, count(*)::int AS n, max(seq) AS max FROM vendors.ledger_entries WHERE vendor_id = $1`,
    [run.vendorId],
  );
  const total = Number(sums.rows[0]!.total ?? 0);
  expect(sums.rows[0]!.n).toBe(run.entries);
  expect(Number(sums.rows[0]!.max ?? 0)).toBe(run.entries);
  expect(total).toBe(run.model);
  expect(Number(kept.rows[0]?.outstanding ?? 0)).toBe(run.model);
  expect(Number(kept.rows[0]?.last_seq ?? 0)).toBe(run.entries);
  const ledger = await h.ledger(run.vendorId, 'limit=1');
  expect(Math.round(ledger.summary.outstanding * 100)).toBe(run.model);
  const report = await checkLedgers(db, 'vendors');
  expect(report.mismatches).toEqual([]);
}

describe('a vendor ledger under random histories', () => {
  it('keeps the balance equal to the sum of its entries at every moment, and the check finds nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(roundArb, { minLength: 1, maxLength: 10 }), async (rounds) => {
        const run: Run = {
          vendorId: await h.vendor(),
          model: 0,
          entries: 0,
          keys: Array.from({ length: 8 }, () => randomUUID()),
          sent: [],
        };
        for (const round of rounds) {
          const entries = await entriesOf(run.vendorId);
          const cases = (
            (
              await h.call(
                'admin',
                'GET',
                `/vendorTransaction/overbilling?vendorId=${run.vendorId}&limit=100`,
              )
            ).json() as OverbillListResponse
          ).result;
          const results = await Promise.all(round.map((step) => send(run, step, entries, cases)));
          results.forEach((r, i) =>
            seen.set(`${round[i]!.kind} ${r.status}`, (seen.get(`${round[i]!.kind} ${r.status}`) ?? 0) + 1),
          );
          for (const r of results) {
            expect(r.status, JSON.stringify(round)).toBeLessThan(500);
            expect([0, 200, 201, 400, 404, 409]).toContain(r.status);
            run.model += r.effect;
            if (r.entry) run.entries++;
          }
          await invariants(run);
        }
      }),
      {
        numRuns: Number(process.env.LEDGER_RUNS ?? 40),
        endOnFailure: true,
        // Besides the random histories, one that surely takes every path the check below asks for
        // (random ones reach a decision only when a case exists before its round, not every time).
        examples: [[COVERING_HISTORY]],
      },
    );
    // Recorded, resent, refused as duplicates, reversed, refused reversals, decided and refused decisions all happened.
    for (const path of [
      'pay 201',
      'resend 200',
      'double 201',
      'pay 409',
      'creditNote 201',
      'creditNote 409',
      'reverse 201',
      'reverse 400',
      'decide 200',
    ]) {
      expect(seen.get(path) ?? 0, `${path} in ${JSON.stringify([...seen])}`).toBeGreaterThan(0);
    }
  }, 600_000);
});

/**
 * Demo ledger entries (GLOSSARY "Demo data", issue 13). The demo's POs reach the ledger through
 * their events ('PO Add'), so a payment or credit note of the demo waits in demo_ledger (queued
 * when the demo vendors are seeded on a new database) until its vendor's first PO is added, and is
 * then appended after it, once, as a member's entry would be. The demo's open overbilling case comes
 * from the demo goods receipt (services/po/src/demo.ts), whose invoice is above what it should be.
 */
import { toPaise } from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';
import { indiaDay } from './dates.js';
import type { LedgerRepository, NewEntry } from './repository.js';

interface DemoEntry {
  key: string;
  vendor: string;
  /** The demo member who enters it (services/auth/src/seed.ts). */
  by: { email: string; name: string };
  entry: (poNumber: string) => Omit<NewEntry, 'enteredBy' | 'date'>;
}

export const DEMO_LEDGER: DemoEntry[] = [
  {
    key: 'deccan-steel-first-payment',
    vendor: 'Deccan Steel Suppliers',
    by: { email: 'rahul.deshmukh@demo.example', name: 'Rahul Deshmukh' },
    entry: (poNumber) => ({
      type: 'Payment',
      amountPaise: toPaise(500_000),
      method: 'NEFT',
      reference: 'HDFCN26330418752',
      notes: `Part payment against ${poNumber} (column steel, floors 7 and 8)`,
    }),
  },
  {
    key: 'godavari-quality-credit-note',
    vendor: 'Godavari Sand and Aggregates',
    by: { email: 'priya.kulkarni@demo.example', name: 'Priya Kulkarni' },
    entry: (poNumber) => ({
      type: 'Credit Note',
      amountPaise: toPaise(12_000),
      reference: 'GSA/CN/26-27/0031',
      reason: 'Quality issue - Return/Replacement',
      notes: `Aggregate with excess fines sent back from the first delivery of ${poNumber}`,
    }),
  },
];

/** Queue the demo entries (in the transaction that seeds the demo vendors of a new database). */
export async function queueDemoLedger(tx: Queryable, schema: string): Promise<void> {
  for (const d of DEMO_LEDGER)
    await tx.query(`INSERT INTO ${schema}.demo_ledger (key) VALUES ($1) ON CONFLICT DO NOTHING`, [d.key]);
}

/** After a PO Add on `vendorId`'s ledger: the demo entries waiting for this vendor, appended once. */
export async function recordWaitingDemoEntries(
  tx: Queryable,
  ledger: LedgerRepository,
  vendorId: string,
): Promise<number> {
  const schema = ledger.schema;
  const waiting = new Set(await ledger.demoWaiting(tx));
  if (waiting.size === 0) return 0;
  const vendor = await ledger.vendor(tx, vendorId);
  if (!vendor) return 0;
  let added = 0;
  for (const d of DEMO_LEDGER) {
    if (!waiting.has(d.key) || d.vendor !== vendor.name) continue;
    const account = await ledger.lockAccount(tx, vendorId, vendor.name);
    const po = await tx.query<{ po_number: string }>(
      `SELECT po_number FROM ${schema}.ledger_entries WHERE vendor_id = $1 AND type = 'PO Add' ORDER BY seq DESC LIMIT 1`,
      [vendorId],
    );
    const member = await tx.query<{ member_id: string; name: string }>(
      `SELECT member_id, name FROM ${schema}.access_members WHERE email = $1`,
      [d.by.email],
    );
    const by = member.rows[0]
      ? { id: member.rows[0].member_id, name: member.rows[0].name }
      : { id: null, name: d.by.name };
    await ledger.appendEntry(tx, account, {
      ...d.entry(po.rows[0]?.po_number ?? ''),
      date: indiaDay(),
      enteredBy: by,
    });
    await tx.query(`DELETE FROM ${schema}.demo_ledger WHERE key = $1`, [d.key]);
    added++;
  }
  return added;
}

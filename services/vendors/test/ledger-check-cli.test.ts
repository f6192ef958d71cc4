/** `npm run ledger:check` as the script runs it, on an embedded database in a data directory. */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPglite, readMigrations } from '@erp/service-kit';
import { runLedgerCheckCli } from '../src/plugins/ledger-check-cli.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ledger-check-'));
const vendor = randomUUID();

async function withDb(fn: (db: Awaited<ReturnType<typeof openPglite>>) => Promise<void>) {
  const db = await openPglite(path.join(dataDir, 'pgdata'));
  try {
    await fn(db);
  } finally {
    await db.close();
  }
}

async function run(...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runLedgerCheckCli(argv, { DATA_DIR: dataDir }, (t) => lines.push(t));
  return { code, out: lines.join('\n') };
}

beforeAll(async () => {
  await withDb(async (db) => {
    await migrate(
      db,
      'vendors',
      'service',
      await readMigrations(fileURLToPath(new URL('../migrations', import.meta.url))),
    );
    // A ledger of two entries as the service writes it: PO Add 1,000.00, payment 400.00.
    await db.query(
      `INSERT INTO vendors.ledger_entries (id, vendor_id, seq, type, amount_paise, effect, balance_after_paise, date, reference, po_id, po_number, method)
       VALUES ($1, $3, 1, 'PO Add', 100000, 1, 100000, '2026-11-20', 'PO-000001', $4, 'PO-000001', NULL),
              ($2, $3, 2, 'Payment', 40000, -1, 60000, '2026-11-21', 'UTR-1', NULL, NULL, 'NEFT')`,
      [randomUUID(), randomUUID(), vendor, randomUUID()],
    );
    await db.query(
      `INSERT INTO vendors.ledger_accounts (vendor_id, vendor_name, last_seq, outstanding_paise, ordered_paise, paid_paise, last_activity)
       VALUES ($1, 'Deccan Steel Suppliers', 2, 60000, 100000, 40000, now())`,
      [vendor],
    );
  });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run ledger:check', () => {
  it('says every balance matches and exits 0', async () => {
    const { code, out } = await run();
    expect(code).toBe(0);
    expect(out).toContain('Checked 2 ledger entries of 1 vendor accounts');
    expect(out).toContain('Every balance matches its entries.');
  });

  it('lists a kept balance that disagrees and exits 1', async () => {
    await withDb((db) =>
      db
        .query(
          `UPDATE vendors.ledger_accounts SET outstanding_paise = 65000, paid_paise = 35000 WHERE vendor_id = $1`,
          [vendor],
        )
        .then(() => undefined),
    );
    const { code, out } = await run('--limit', '1');
    expect(code).toBe(1);
    expect(out).toContain('2 mismatches (amounts in paise), the first 1 listed:');
    expect(out).toMatch(/outstanding balance: expected 60000, found 65000|paid: expected 40000, found 35000/);
    await withDb((db) =>
      db
        .query(
          `UPDATE vendors.ledger_accounts SET outstanding_paise = 60000, paid_paise = 40000 WHERE vendor_id = $1`,
          [vendor],
        )
        .then(() => undefined),
    );
    expect((await run()).code).toBe(0);
  });

  it('answers usage errors with 2 and a data directory without a ledger with 1', async () => {
    expect((await run('--limit', 'x')).code).toBe(2);
    expect((await run('--nonsense')).code).toBe(2);
    expect((await run('--help')).code).toBe(0);
    const empty = mkdtempSync(path.join(tmpdir(), 'ledger-empty-'));
    try {
      await expect(runLedgerCheckCli([], { DATA_DIR: empty }, () => undefined)).rejects.toThrow(
        /No embedded database/,
      );
      const db = await openPglite(path.join(empty, 'pgdata'));
      await db.close();
      const lines: string[] = [];
      expect(await runLedgerCheckCli([], { DATA_DIR: empty }, (t) => lines.push(t))).toBe(1);
      expect(lines.join('\n')).toContain('No vendor ledger');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

/** Provider side of every HTTP pact naming vendors-service (mfe-vendors, mfe-catalog, and any consumer added later). */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { listenLocally, verifyHttpPacts } from '@erp/service-kit/testing';
import type { Queryable } from '@erp/service-kit';
import { startVendors, type VendorsHarness, type Who } from './helpers.js';

let h: VendorsHarness;
let base = '';
/** Whose session a request carries: the member the interaction's state names (an Admin unless it names one). */
let caller: Who = 'admin';

const VENDOR = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
/** The payment the reversal interaction names by id. */
const PAYMENT = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
/** The overbilling case the approval interaction names by id. */
const CASE = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';

async function vendorExists(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO vendors.vendors (id, display_no, vendor_id, name, contact_person, phone_number, email, address, gstin, payment_terms, status)
     VALUES ('${VENDOR}', 900, 'VEN-0900', 'Shree Ganesh Cement Traders', 'Ganesh Pawar', '9822012345',
             'orders@shreeganesh.example', 'Market Yard, Pune', '27AAPFU0939F1ZV', 30, 'active')
     ON CONFLICT (id) DO UPDATE SET version = 1, payment_terms = 30`,
  );
}

/**
 * The vendor's ledger as the state says, whatever earlier interactions appended: a PO Add of
 * ₹1,20,000 and a payment of ₹50,000 (UTR123) today, and an open overbilling case when asked. Entries
 * are append-only, so the fixture steps past the trigger (test data only) to start again.
 */
async function ledgerState(withCase: boolean): Promise<void> {
  await h.db.transaction(async (tx) => {
    await vendorExists(tx);
    await tx.query('ALTER TABLE vendors.ledger_entries DISABLE TRIGGER ledger_entries_no_update');
    await tx.query(`DELETE FROM vendors.ledger_entries WHERE vendor_id = $1`, [VENDOR]);
    await tx.query('ALTER TABLE vendors.ledger_entries ENABLE TRIGGER ledger_entries_no_update');
    await tx.query(`DELETE FROM vendors.overbill_cases WHERE vendor_id = $1`, [VENDOR]);
    await tx.query(`DELETE FROM vendors.ledger_accounts WHERE vendor_id = $1`, [VENDOR]);
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    await tx.query(
      `INSERT INTO vendors.ledger_entries (id, vendor_id, seq, type, amount_paise, effect, balance_after_paise, date, reference, method, po_id, po_number,
                                           entered_by, entered_by_name)
       VALUES ('0e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b', $1, 1, 'PO Add', 12000000, 1, 12000000, $2, 'PO-000001', NULL,
               '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', 'PO-000001', '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a', 'Demo Admin'),
              ('${PAYMENT}', $1, 2, 'Payment', 5000000, -1, 7000000, $2, 'UTR123', 'NEFT', NULL, NULL, '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', 'Asha Accountant')`,
      [VENDOR, today],
    );
    await tx.query(
      `INSERT INTO vendors.ledger_accounts (vendor_id, vendor_name, last_seq, outstanding_paise, ordered_paise, paid_paise, open_overbill_count, open_overbill_paise, last_activity)
       VALUES ($1, 'Shree Ganesh Cement Traders', 2, 7000000, 12000000, 5000000, $2, $3, now())`,
      [VENDOR, withCase ? 1 : 0, withCase ? 125000 : 0],
    );
    if (withCase) {
      await tx.query(
        `INSERT INTO vendors.overbill_cases (id, vendor_id, vendor_name, po_id, po_number, receipt_id, invoice_number, invoice_amount_paise, expected_amount_paise, delta_paise)
         VALUES ('${CASE}', $1, 'Shree Ganesh Cement Traders', '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', 'PO-000001', '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
                 'INV-2026-118', 6125000, 6000000, 125000)`,
        [VENDOR],
      );
    }
  });
}
beforeAll(async () => {
  h = await startVendors();
  base = await listenLocally(h.app);
});
afterAll(async () => h?.close());

describe('vendors service as an HTTP provider', () => {
  it('honours every pact its consumers wrote', async () => {
    await verifyHttpPacts({
      provider: 'vendors-service',
      baseUrl: base,
      // The gateway strips /api/v1; the consumer's token is replaced by a real Admin session.
      authorization: () => h.people[caller].headers.authorization,
      stateHandlers: {
        'vendor 6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d exists': async () => {
          caller = 'admin';
          await vendorExists(h.db);
        },
        'no vendor is called Konkan Cement Depot': async () => {
          caller = 'admin';
          await h.db.query(`DELETE FROM vendors.vendors WHERE lower(name) = 'konkan cement depot'`);
        },
        'an Accountant signed in and vendor 6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d has a ledger with a PO Add and a payment with reference UTR123':
          async () => {
            caller = 'accountant';
            await ledgerState(false);
          },
        'a Purchaser signed in and vendor 6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d has a ledger with a PO Add and a payment with reference UTR123':
          async () => {
            caller = 'purchaser';
            await ledgerState(false);
          },
        'an Admin signed in and vendor 6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d has an open overbilling case at version 1':
          async () => {
            caller = 'admin';
            await ledgerState(true);
          },
        'an Employee signed in': async () => {
          caller = 'employee';
        },
      },
    });
  });
});

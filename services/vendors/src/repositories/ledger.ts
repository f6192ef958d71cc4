/**
 * The vendor ledger's tables (migration 002): append-only entries, the balances kept per vendor,
 * overbilling cases. Every append runs inside a transaction that holds the vendor's account row
 * (`lockAccount`, FOR UPDATE): appends to one ledger take turns, so seq is 1, 2, 3… without gaps
 * and each entry's balance_after is the balance before it plus its effect, exactly.
 *
 * The queries live in ledger-accounts.ts, ledger-entries.ts and overbill-cases.ts; this binds them
 * to the service's schema as one repository.
 */
import {
  accountOf,
  accountsPage,
  ledgerVendor,
  lockAccount,
  moveOpenOverbilling,
  payables,
  vendorWithAccount,
} from './ledger-accounts.js';
import {
  appendEntry,
  appendRow,
  balanceBefore,
  entriesPage,
  entryByRequestKey,
  entryRow,
  hasPoAdd,
  referenceUse,
  statementEntries,
} from './ledger-entries.js';
import { caseById, casesPage, decideCase, openCase } from './overbill-cases.js';

export type { AccountSort } from './ledger-accounts.js';
export type { AccountRow, EntryRow, LedgerVendor } from './ledger-rows.js';

export function ledgerRepository(schema: string) {
  const s = schema;
  return {
    schema: s,
    vendorWithAccount: vendorWithAccount.bind(null, s),
    vendor: ledgerVendor.bind(null, s),
    account: accountOf.bind(null, s),
    lockAccount: lockAccount.bind(null, s),
    append: appendRow.bind(null, s),
    appendEntry: appendEntry.bind(null, s),
    moveOpenOverbilling: moveOpenOverbilling.bind(null, s),
    entryRow: entryRow.bind(null, s),
    entryByRequestKey: entryByRequestKey.bind(null, s),
    referenceUse: referenceUse.bind(null, s),
    hasPoAdd: hasPoAdd.bind(null, s),
    entries: entriesPage.bind(null, s),
    statementEntries: statementEntries.bind(null, s),
    balanceBefore: balanceBefore.bind(null, s),
    payables: payables.bind(null, s),
    accounts: accountsPage.bind(null, s),
    openCase: openCase.bind(null, s),
    caseById: caseById.bind(null, s),
    decideCase: decideCase.bind(null, s),
    cases: casesPage.bind(null, s),
  };
}
export type LedgerRepository = ReturnType<typeof ledgerRepository>;

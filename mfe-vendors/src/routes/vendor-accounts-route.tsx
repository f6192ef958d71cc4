import { AccountsListPage } from '../features/ledger/components/accounts-list-page';

/** /vendors/account-ledger and /vendors/ledger: the vendor accounts list (SPEC §2 route table and its note on the two paths). */
export default function VendorAccountsRoute() {
  return <AccountsListPage />;
}

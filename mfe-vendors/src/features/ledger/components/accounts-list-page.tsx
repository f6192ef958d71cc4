import { LEDGER_MESSAGES } from '@erp/contracts';
import { Badge, Icon, LinkButton, Select, theme } from '@erp/ui';
import { ListPage, useCurrentUser, useListSearch } from '@erp/ui/remote';
import styled from 'styled-components';
import { useVendorAccounts } from '../api/get-accounts';
import { canAddPayment, canReadLedgers } from '../hooks/ledger-access';
import {
  ACCOUNT_SORT_KEYS,
  ACCOUNT_SORT_OPTIONS,
  ACCOUNTS_PAGE_SIZE,
  DEFAULT_ACCOUNTS_SORT,
  fromAccountsSort,
  toAccountsSort,
} from '../hooks/ledger-filters';
import { AccountsTable } from './accounts-table';

/** The sort filter: wide enough for 'Last Activity: Newest First'; the whole row on phones. */
const SortFilter = styled(Select)`
  && {
    width: 15rem;
  }
  ${theme.media.mobile} {
    && {
      width: auto;
      flex: 1;
    }
  }
`;

/**
 * /vendors/account-ledger and /vendors/ledger (SPEC §2 "Vendor ledger list"; the sidebar and the
 * phone bar name the two paths): every vendor with status, outstanding, paid, credit notes, last
 * activity and open overbilling cases; search and the sort filter of SPEC §9 (outstanding high to
 * low by default) on the server; the queue button with the open overbilling cases; 'View Ledger'
 * to /vendors/ledger-detail?id={id}.
 */
export function AccountsListPage() {
  const user = useCurrentUser();
  const allowed = canReadLedgers(user);
  const search = useListSearch([], { defaultSort: DEFAULT_ACCOUNTS_SORT, sortKeys: ACCOUNT_SORT_KEYS });
  const sort = toAccountsSort(search.sort);
  const list = useVendorAccounts({ page: search.query.page, keyword: search.query.keyword, sort }, allowed);
  const open = list.data?.openOverbilling;

  return (
    <ListPage
      title="Vendor Accounts"
      description="What the business owes each vendor: purchase orders, payments, credit notes and overbilling"
      allowed={allowed}
      noun="vendor accounts"
      deniedText={LEDGER_MESSAGES.accessDenied}
      actions={
        <>
          <LinkButton to="/vendors/overbilling" variant="outline">
            <Icon name="alert" />
            Overbilling Queue
            {open !== undefined && (
              <Badge variant={open > 0 ? 'destructive' : 'secondary'}>{open} open</Badge>
            )}
          </LinkButton>
          {canAddPayment(user) && (
            <LinkButton to="/vendors/payment">
              <Icon name="plus" />
              Record Payment
            </LinkButton>
          )}
        </>
      }
      search={search}
      searchPlaceholder="Search by vendor name or ID..."
      filters={
        <SortFilter
          aria-label="Sort vendor accounts"
          value={sort}
          onChange={(e) => search.setSort(fromAccountsSort(e.target.value))}
        >
          {ACCOUNT_SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SortFilter>
      }
      count={{ one: 'vendor', many: 'vendors' }}
      query={list}
      pageSize={ACCOUNTS_PAGE_SIZE}
      noMatchTitle="No vendor accounts match your search"
      empty={{
        icon: 'truck',
        title: 'No vendor accounts yet',
        description:
          'A vendor’s account opens with their first purchase order; vendors are added in the vendor list.',
        action: (
          <LinkButton to="/vendors/list" variant="outline">
            Vendor List
          </LinkButton>
        ),
      }}
    >
      {list.data && (
        <AccountsTable accounts={list.data.result} sort={search.sort} onSortChange={search.setSort} />
      )}
    </ListPage>
  );
}

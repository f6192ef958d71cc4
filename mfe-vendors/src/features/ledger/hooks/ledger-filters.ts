/**
 * The ledger screens' filters as the URL keeps them, and the server queries they make (SPEC §9
 * "Ledger date ranges: all, last month, 3 months, 6 months, year. Vendor ledger sort: outstanding,
 * last activity, name, ascending or descending; default outstanding high to low"):
 * - accounts list: ?keyword= and ?page= (the list kit), ?sort= ('outstanding', '-outstanding',
 *   'lastActivity', … '-' first for descending; none for the default, outstanding high to low);
 * - a vendor's ledger: ?id=, ?range= (lastMonth, 3months, 6months, year; none for all) and ?page=;
 * - the overbilling queue: ?status= (open by default; approved, rejected, all) and ?page=.
 * Anything else in the URL reads as the default. Plain functions, tested without a DOM.
 */
import {
  DEFAULT_LEDGER_SORT,
  LEDGER_RANGES,
  LEDGER_SORT_KEYS,
  type LedgerRange,
  type LedgerSortKey,
  type OverbillListQuery,
  type OverbillStatus,
  type VendorAccountsQuery,
  type VendorLedgerQuery,
} from '@erp/contracts';
import { pageWindow, parseChoice } from '@erp/ui/remote';

/** SPEC §9: vendor lists load 100 at a time (the accounts list and the vendor picker's pages). */
export const ACCOUNTS_PAGE_SIZE = 100;
/** A ledger's entries, newest first, 25 a page. */
export const LEDGER_PAGE_SIZE = 25;
export const OVERBILL_PAGE_SIZE = 25;

export type AccountsSort = NonNullable<VendorAccountsQuery['sort']>;

/** The kit's sort ({ key, desc }) for the default: outstanding, high to low. */
export const DEFAULT_ACCOUNTS_SORT = { key: 'outstanding', desc: true } as const;
export const ACCOUNT_SORT_KEYS: readonly LedgerSortKey[] = LEDGER_SORT_KEYS;

/** The sort filter's choices, in the words of the list (SPEC §9: each key, ascending or descending). */
export const ACCOUNT_SORT_OPTIONS: readonly { value: Exclude<AccountsSort, ''>; label: string }[] = [
  { value: '-outstanding', label: 'Outstanding: High to Low' },
  { value: 'outstanding', label: 'Outstanding: Low to High' },
  { value: '-lastActivity', label: 'Last Activity: Newest First' },
  { value: 'lastActivity', label: 'Last Activity: Oldest First' },
  { value: 'name', label: 'Name: A to Z' },
  { value: '-name', label: 'Name: Z to A' },
];

const isSortKey = (key: string): key is LedgerSortKey =>
  (LEDGER_SORT_KEYS as readonly string[]).includes(key);

/** The kit's sort as the service's `sort`; the default (outstanding high to low) for none or an unknown key. */
export function toAccountsSort(sort: { key: string; desc: boolean } | null): Exclude<AccountsSort, ''> {
  if (!sort || !isSortKey(sort.key)) return DEFAULT_LEDGER_SORT;
  return sort.desc ? `-${sort.key}` : sort.key;
}

/** The service's `sort` ('-name') as the kit's sort ({ key: 'name', desc: true }). */
export function fromAccountsSort(value: string): { key: LedgerSortKey; desc: boolean } {
  const desc = value.startsWith('-');
  const key = desc ? value.slice(1) : value;
  return isSortKey(key) ? { key, desc } : DEFAULT_ACCOUNTS_SORT;
}

export interface AccountsParams {
  page: number;
  keyword: string;
  sort: Exclude<AccountsSort, ''>;
}

/** GET /vendorTransaction's query: the page, the trimmed keyword (left out when empty) and the sort (always sent). */
export function toAccountsQuery({ page, keyword, sort }: AccountsParams): VendorAccountsQuery {
  const query: VendorAccountsQuery = {
    ...pageWindow(page, ACCOUNTS_PAGE_SIZE),
    sort,
  };
  const trimmed = keyword.trim();
  if (trimmed) query.keyword = trimmed;
  return query;
}

/** The date range filter (SPEC §9), in the order and words of the buttons. */
export const RANGE_OPTIONS: readonly { value: LedgerRange; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'lastMonth', label: 'Last Month' },
  { value: '3months', label: '3 Months' },
  { value: '6months', label: '6 Months' },
  { value: 'year', label: 'Year' },
];

/** ?range= as a range (any case), else 'all'. */
export function parseRange(value: string | null): LedgerRange {
  return parseChoice(value, LEDGER_RANGES, { anyCase: true }) ?? 'all';
}

/** The URL's word for a range: none for 'all'. */
export const rangeParam = (range: LedgerRange): string | undefined => (range === 'all' ? undefined : range);

export interface LedgerParams {
  page: number;
  range: LedgerRange;
}

/** GET /vendorTransaction/{id}'s query: the page and the range (always sent). */
export const toLedgerQuery = ({ page, range }: LedgerParams): VendorLedgerQuery => ({
  ...pageWindow(page, LEDGER_PAGE_SIZE),
  range,
});

/** The queue's status tabs: Open first (what waits for a decision). */
export type OverbillTab = OverbillStatus | 'all';
export const OVERBILL_TABS: readonly { value: OverbillTab; label: string }[] = [
  { value: 'Open', label: 'Open' },
  { value: 'Approved', label: 'Approved' },
  { value: 'Rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

/** ?status= as a tab (any case), else Open. */
export function parseOverbillTab(value: string | null): OverbillTab {
  return parseChoice(value, OVERBILL_TABS, { anyCase: true }) ?? 'Open';
}

/** The URL's word for a tab: none for Open (the default), else 'approved', 'rejected', 'all'. */
export const overbillTabParam = (tab: OverbillTab): string | undefined =>
  tab === 'Open' ? undefined : tab.toLowerCase();

export interface OverbillParams {
  page: number;
  tab: OverbillTab;
  /** One vendor's cases (a ledger's link), or every vendor's. */
  vendorId?: string | null | undefined;
}

/** GET /vendorTransaction/overbilling's query. */
export function toOverbillQuery({ page, tab, vendorId }: OverbillParams): OverbillListQuery {
  const query: OverbillListQuery = {
    ...pageWindow(page, OVERBILL_PAGE_SIZE),
    status: tab,
  };
  if (vendorId) query.vendorId = vendorId;
  return query;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ?id= / ?vendor= when it is an id (the service refuses anything else with 400), else null. */
export function parseId(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v && UUID.test(v) ? v.toLowerCase() : null;
}

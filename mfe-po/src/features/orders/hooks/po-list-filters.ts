/**
 * The PO lists' filters as the URL keeps them, and the server query they make (SPEC §2 "PO list",
 * "Active PO list for receiving"): ?keyword= (the kit's search), ?status= (open, partial, closed),
 * ?vendor= and ?project= (ids; the project screens link /po/list?project={id}), ?sort= (the open
 * list: orderDate, status, vendor, project, poNumber, '-' first for descending) and ?page=. Anything
 * else in the URL reads as the default. Plain functions, tested without a DOM.
 */
import { PO_SORT_KEYS, type PoListQuery, type PoSort, type PoSortKey, type PoStatus } from '@erp/contracts';
import { pageWindow, parseChoice } from '@erp/ui/remote';

/** /po/list shows 10 a page (as the indent list); /po/open 25 (SPEC §9). */
export const PO_LIST_PAGE_SIZE = 10;
export const OPEN_PO_PAGE_SIZE = 25;
/** SPEC §9: the active PO list has up to 5 page buttons (the kit's Pagination window). */
export const OPEN_PO_PAGE_BUTTONS = 5;

/** A status tab: every status the list holds, or one. */
export type PoStatusTab = 'all' | PoStatus;

/** The URL's word for a status tab: ?status=open (no parameter for all). */
export const statusParam = (tab: PoStatusTab): string | undefined =>
  tab === 'all' ? undefined : tab.toLowerCase();

/** /po/list: All, Open, Partial, Closed. */
export const LIST_STATUS_TABS: { value: PoStatusTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'Open', label: 'Open' },
  { value: 'Partial', label: 'Partial' },
  { value: 'Closed', label: 'Closed' },
];

/** /po/open: only what can still be received, All (both), Open, Partial. */
export const OPEN_STATUS_TABS: { value: PoStatusTab; label: string }[] = LIST_STATUS_TABS.filter(
  (t) => t.value !== 'Closed',
);

/** ?status= as one of `tabs` (any case), else 'all'. */
export function parseStatusTab(value: string | null, tabs: readonly { value: PoStatusTab }[]): PoStatusTab {
  return parseChoice(value, tabs, { anyCase: true }) ?? 'all';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ?vendor= / ?project= when it is an id (the service refuses anything else with 400), else none. */
export function parseIdFilter(value: string | null): string | null {
  return value && UUID.test(value) ? value.toLowerCase() : null;
}

/** The open list's sort: the newest order first unless the URL says otherwise. */
export const DEFAULT_OPEN_SORT = { key: 'orderDate', desc: true } as const;
export const SORT_KEYS: readonly PoSortKey[] = PO_SORT_KEYS;

/** The kit's sort ({key, desc}) as the service's `sort` (a key, '-' first for descending); none for an unknown key. */
export function toPoSort(sort: { key: string; desc: boolean } | null): PoSort | undefined {
  if (!sort || !(PO_SORT_KEYS as readonly string[]).includes(sort.key)) return undefined;
  const key = sort.key as PoSortKey;
  return sort.desc ? `-${key}` : key;
}

/** What a PO list asks for. `scope` 'active' is the receiving list: Open and Partial only. */
export interface PoListParams {
  scope: 'all' | 'active';
  page: number;
  pageSize: number;
  keyword: string;
  status: PoStatusTab;
  vendorId: string | null;
  projectId: string | null;
  sort?: PoSort;
}

/** GET /po's query as the contract types it. */
export type PoListRequest = PoListQuery;

/**
 * GET /po's query: limit and offset of the page, the trimmed keyword, the status (the tab, else every
 * status, or 'active' on the receiving list: a Closed tab is not offered there, and a status outside
 * Open and Partial falls back to 'active'), the vendor, the project and the sort. Empty ones are left out.
 */
export function toPoListQuery(p: PoListParams): PoListRequest {
  let status: PoListRequest['status'];
  if (p.scope === 'active') status = p.status === 'Open' || p.status === 'Partial' ? p.status : 'active';
  else status = p.status === 'all' ? undefined : p.status;
  const query: PoListRequest = pageWindow(p.page, p.pageSize);
  const keyword = p.keyword.trim();
  if (keyword) query.keyword = keyword;
  if (status) query.status = status;
  if (p.vendorId) query.vendorId = p.vendorId;
  if (p.projectId) query.projectId = p.projectId;
  if (p.sort) query.sort = p.sort;
  return query;
}

/** How many filters beyond the search are set (the phone's 'Filters (n)' button). */
export function activeFilterCount(f: {
  status: PoStatusTab;
  vendorId: string | null;
  projectId: string | null;
}): number {
  return (f.status !== 'all' ? 1 : 0) + (f.vendorId ? 1 : 0) + (f.projectId ? 1 : 0);
}

/**
 * The vendors seen so far on a list's pages, with those of `rows` added (by name; each once): what the
 * Vendor filter offers a member who may not read the vendor master. The same array when nothing is new.
 */
export function mergeVendors<V extends { _id: string; name: string }>(
  known: readonly V[],
  rows: readonly { vendor: V }[],
): readonly V[] {
  const fresh = rows
    .map((r) => r.vendor)
    .filter(
      (v, i, all) => !known.some((k) => k._id === v._id) && all.findIndex((x) => x._id === v._id) === i,
    );
  if (fresh.length === 0) return known;
  return [...known, ...fresh].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The list-page kit: what every list screen of a remote does the same way. The URL holds the
 * search, the filters, the sort and the page (shareable, Back restores them); typing shows at once
 * and reaches the URL and the server once it pauses; then the header with a refresh indicator, the
 * search bar, skeleton, error with Retry, empty and no-match states, the table (desktop) or cards
 * (phone) and paging. A screen states its texts, its query and its table.
 */
import {
  Button,
  EmptyState,
  ErrorPanel,
  formatNumber,
  Icon,
  LinkButton,
  PageHeader,
  Pagination,
  SearchInput,
  Sheet,
  Spinner,
  theme,
  useDebouncedValue,
  useIsMobile,
  useQueryParams,
  type IconName,
} from '@erp/ui';
import { errorMessage } from '@erp/sdk';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { ListSkeleton } from './list-skeleton';
import { listTexts } from './list-texts';
import { parseSort, sameSort, serializeSort, type ListSort } from './table-model';

export interface ListSearch {
  /** The search in the URL. */
  keyword: string;
  /** What the search box shows (ahead of the URL while typing). */
  input: string;
  setInput: (value: string) => void;
  /** What to ask the server for: the typed search at once, and page 1 until the URL has caught up. */
  query: { keyword: string; page: number };
  page: number;
  setPage: (page: number) => void;
  filter: (name: string) => string | null;
  /** Sets a filter (undefined or '' removes it) and goes back to page 1. */
  setFilter: (name: string, value: string | undefined) => void;
  /** True when a search or filter narrows the list. */
  filtered: boolean;
  clearFilters: () => void;
  /** The sort in the URL (`sort=name`, `sort=-name` for descending), else the default; null without either. */
  sort: ListSort | null;
  /** Sets the sort (the default leaves the URL without `sort`) and goes back to page 1. */
  setSort: (sort: ListSort) => void;
}

export interface ListSearchOptions {
  /** The sort when the URL names none. */
  defaultSort?: ListSort;
  /** The sort keys the list knows (a URL with another key gets the default). */
  sortKeys?: readonly string[];
}

/** URL-synced, debounced search with `filters` (query parameter names), sort and paging. */
export function useListSearch(filters: readonly string[] = [], options: ListSearchOptions = {}): ListSearch {
  const [params, setParams] = useQueryParams();
  const keyword = params.get('keyword') ?? '';
  const rawSort = params.get('sort');
  const sortDefault = options.defaultSort ? serializeSort(options.defaultSort) : null;
  const sortKeys = options.sortKeys?.join(',');
  // The same object while the URL's sort is the same, so a table sorting its own rows does not sort again.
  const sort = useMemo(
    () => parseSort(rawSort, sortKeys?.split(',')) ?? parseSort(sortDefault),
    [rawSort, sortDefault, sortKeys],
  );
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [input, setInput] = useState(keyword);
  const debounced = useDebouncedValue(input).trim();
  const latest = useRef({ keyword, debounced, setParams });
  useEffect(() => {
    latest.current = { keyword, debounced, setParams };
  });
  useEffect(() => {
    const { keyword: current, setParams: set } = latest.current;
    if (debounced !== current) set({ keyword: debounced || undefined, page: undefined }, { replace: true });
  }, [debounced]);
  // The URL changed without typing (Back, Clear Filters): show its search in the box.
  useEffect(() => {
    if (keyword !== latest.current.debounced) setInput(keyword);
  }, [keyword]);

  return {
    keyword,
    input,
    setInput,
    query: { keyword: debounced, page: debounced === keyword ? page : 1 },
    page,
    setPage: (next) => setParams({ page: next > 1 ? String(next) : undefined }),
    filter: (name) => params.get(name),
    setFilter: (name, value) => setParams({ [name]: value || undefined, page: undefined }),
    filtered: keyword !== '' || filters.some((name) => params.get(name)),
    clearFilters: () => {
      setInput('');
      setParams(Object.fromEntries(['keyword', 'page', ...filters].map((name) => [name, undefined])));
    },
    sort,
    setSort: (next) =>
      setParams({
        sort: sameSort(next, options.defaultSort) ? undefined : serializeSort(next),
        page: undefined,
      }),
  };
}

/** How a list reads each of its filters from the URL (its query parameter's value, null without). */
export type FilterParsers = Record<string, (raw: string | null) => unknown>;

/** A list's filters as its parsers read them from the URL. */
export type FilterValues<F extends FilterParsers> = { [K in keyof F]: ReturnType<F[K]> };

/**
 * `useListSearch` for the filters `parsers` names (query parameters), with their values as the
 * parsers read them: `useBoqList({ ...search.query, ...values })`.
 */
export function useListFilters<F extends FilterParsers>(
  parsers: F,
  options?: ListSearchOptions,
): { search: ListSearch; values: FilterValues<F> } {
  const search = useListSearch(Object.keys(parsers), options);
  const values = Object.fromEntries(
    Object.entries(parsers).map(([name, parse]) => [name, parse(search.filter(name))]),
  ) as FilterValues<F>;
  return { search, values };
}

/** How many of a list's filters are set (truthy): the phone's 'Filters (n)' button. */
export const activeFilters = (values: Record<string, unknown>): number =>
  Object.values(values).filter(Boolean).length;

/** The search box and filters above a list (role="search"); it wraps on phones, the search box first. */
export const FilterBar = styled.div`
  display: flex;
  gap: 0.75rem;
  align-items: center;
  flex-wrap: wrap;
  margin-bottom: 1rem;
  & > select {
    width: 10rem;
  }
  ${theme.media.mobile} {
    & > div:first-child {
      flex-basis: 100%;
    }
    & > select {
      flex: 1;
      width: auto;
    }
  }
`;

const Count = styled.span`
  color: ${theme.color.mutedForeground};
  font-size: 0.875rem;
  white-space: nowrap;
`;

const Footer = styled.div`
  margin-top: 1rem;
`;

const Refreshing = styled.span`
  display: inline-flex;
  margin-left: 0.5rem;
  vertical-align: middle;
`;

/** The part of a react-query result the page reads. */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
  /** The answer: read as the page when it is a `ListAnswer` (give `rows` and `total` for another shape). */
  data?: unknown;
}

/** A page of a list as the services answer it (SPEC §4: `result`, `totalItems`, `totalCapped`). */
export interface ListAnswer {
  result: readonly unknown[];
  totalItems: number;
  /** The total is a lower bound, shown as "10,000+". */
  totalCapped?: boolean;
}

/** `data` when it is a page of a list as the services answer it, else undefined. */
export function asListAnswer(data: unknown): ListAnswer | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const answer = data as Partial<ListAnswer>;
  return Array.isArray(answer.result) && typeof answer.totalItems === 'number'
    ? (answer as ListAnswer)
    : undefined;
}

/** The Add/Create link of a list for members who may add to it. */
export interface ListCreate {
  /** Where it goes ("/items/create"). */
  to: string;
  /** The header's link, after the page's other actions ("Add Item"). */
  label: string;
  /** The empty state's link ("Add First Item"); without, the header's label. */
  firstLabel?: string;
}

function CreateLink({ to, label }: { to: string; label: string }) {
  return (
    <LinkButton to={to}>
      <Icon name="plus" />
      {label}
    </LinkButton>
  );
}

export interface ListPageProps {
  title: string;
  description: string;
  /** Buttons of the header (Import…), already limited to what the member may do. */
  actions?: ReactNode;
  /** The Add/Create link (header and empty state), false for a member who may not add. */
  create?: ListCreate | false;
  /** False: the page says access is denied (SPEC §6) and asks for nothing. */
  allowed: boolean;
  /**
   * What the list holds, plural and as the texts say it ("vendors", "purchase orders"): it makes
   * the texts a screen does not state ("You don't have permission to view vendors.", "Search
   * vendors", "Loading vendors", "Could not load vendors").
   */
  noun: string;
  /** Instead of "You don't have permission to view {noun}." */
  deniedText?: string;
  search: ListSearch;
  searchPlaceholder: string;
  /** Instead of "Search {noun}". */
  searchLabel?: string;
  /** More filters in the search bar (e.g. a status select bound to `search.filter`). */
  filters?: ReactNode;
  /**
   * On phones, the filters in a side panel behind a 'Filters' button instead of the search bar
   * (SPEC §2 "Projects": mobile cards with a filter side panel); `active` is how many are set.
   */
  filtersOnPhone?: { active: number };
  /** The total's nouns for the count next to the search ("1 vendor", "12 vendors"); no count without. */
  count?: { one: string; many: string };
  /** The list's query; its `data`, once loaded, is the page (its rows and the total) when it is a `ListAnswer`. */
  query: ListQueryState;
  /** Rows on this page and the total, once loaded, for an answer of another shape than `ListAnswer`. */
  rows?: number;
  total?: number;
  totalCapped?: boolean;
  pageSize: number;
  /** Show the pager even for one page (the team list of SPEC §2). */
  alwaysPaginate?: boolean;
  /** e.g. "No vendors match your search" */
  noMatchTitle: string;
  /** When there is nothing at all yet. */
  empty: { icon: IconName; title: string; description: string; action?: ReactNode };
  /** The table (desktop) or cards (phone) of this page's rows. */
  children: ReactNode;
}

const PanelBody = styled.div`
  display: grid;
  gap: 1rem;
  padding-bottom: 1rem;
`;

/** The phone's 'Filters' button and the side panel it opens, holding the list's filters. */
function FilterPanel({
  filters,
  active,
  search,
}: {
  filters: ReactNode;
  active: number;
  search: ListSearch;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} aria-haspopup="dialog" aria-expanded={open}>
        <Icon name="panel" />
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </Button>
      <Sheet open={open} onOpenChange={setOpen} title="Filters" side="right">
        <PanelBody>
          {filters}
          <Button variant="outline" onClick={search.clearFilters} disabled={!search.filtered}>
            Clear Filters
          </Button>
          <Button onClick={() => setOpen(false)}>Show results</Button>
        </PanelBody>
      </Sheet>
    </>
  );
}

/** What stands below the search bar: placeholder rows, the error, the empty or no-match state, or the rows and the pager. */
function ListBody({
  props,
  rows,
  total,
  totalCapped,
}: {
  props: ListPageProps;
  rows?: number;
  total?: number;
  totalCapped?: boolean;
}) {
  const { search, query, create } = props;
  const texts = listTexts(props);
  // The first answer's rows render in the background (a transition React interrupts every few ms)
  // instead of in the query's synchronous update, which held a phone's main thread ~150 ms: the
  // placeholder rows stay the moment longer that takes (decision 0042).
  const loaded = useDeferredValue(!query.isPending);
  if (query.isPending || !loaded) return <ListSkeleton label={texts.loadingLabel} />;
  if (query.isError)
    return (
      <ErrorPanel
        title={texts.errorTitle}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  if (!rows)
    return search.filtered ? (
      <EmptyState
        icon="search"
        title={props.noMatchTitle}
        description="Try adjusting your search or filters"
        action={
          <Button variant="outline" onClick={search.clearFilters}>
            Clear Filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={props.empty.icon}
        title={props.empty.title}
        description={props.empty.description}
        action={
          props.empty.action ??
          (create ? <CreateLink to={create.to} label={create.firstLabel ?? create.label} /> : undefined)
        }
      />
    );
  return (
    <>
      {props.children}
      {total !== undefined && (props.alwaysPaginate || total > props.pageSize) && (
        <Footer>
          <Pagination
            page={search.page}
            pageSize={props.pageSize}
            totalItems={total}
            totalCapped={totalCapped}
            onPageChange={search.setPage}
          />
        </Footer>
      )}
    </>
  );
}

export function ListPage(props: ListPageProps) {
  const { title, search, query, create } = props;
  const texts = listTexts(props);
  const page = asListAnswer(query.data);
  const rows = props.rows ?? page?.result.length;
  const total = props.total ?? page?.totalItems;
  const totalCapped = props.totalCapped ?? page?.totalCapped;
  const phone = useIsMobile();
  const inPanel = phone && props.filtersOnPhone !== undefined && props.filters !== undefined;

  if (!props.allowed) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState icon="lock" title="Access denied" description={texts.deniedText} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={
          <>
            {title}
            {query.isFetching && !query.isPending && (
              <Refreshing>
                <Spinner label="Refreshing" />
              </Refreshing>
            )}
          </>
        }
        description={props.description}
        actions={
          (props.actions || create) && (
            <>
              {props.actions}
              {create && <CreateLink to={create.to} label={create.label} />}
            </>
          )
        }
      />
      <FilterBar role="search">
        <SearchInput
          value={search.input}
          onValueChange={search.setInput}
          placeholder={props.searchPlaceholder}
          aria-label={texts.searchLabel}
        />
        {inPanel ? (
          <FilterPanel filters={props.filters} active={props.filtersOnPhone?.active ?? 0} search={search} />
        ) : (
          props.filters
        )}
        {props.count && total !== undefined && (
          <Count aria-live="polite">
            {formatNumber(total)}
            {totalCapped ? '+' : ''} {total === 1 ? props.count.one : props.count.many}
          </Count>
        )}
        {search.filtered && (
          <Button variant="ghost" onClick={search.clearFilters}>
            Clear Filters
          </Button>
        )}
      </FilterBar>
      <ListBody props={props} rows={rows} total={total} totalCapped={totalCapped} />
    </>
  );
}

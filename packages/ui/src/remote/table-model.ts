/**
 * The parts of DataTable that are plain functions: our columns as TanStack column definitions, the
 * sort as the URL writes it (`sort=name`, `sort=-name`), the header's next sort, and when a table is
 * long enough to be virtualised. Kept apart from the component so they are tested without a DOM.
 */
import type { ColumnDef, Row, SortingState } from '@tanstack/react-table';
import type { ReactNode } from 'react';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Shown as the card's heading on phones instead of a label/value line. */
  primary?: boolean;
  /** The header sorts by this column (by its `sortKey`, else its `id`). */
  sortable?: boolean;
  /** The name of this column's sort where it is sorted (the server's, and the URL's `sort=`); implies `sortable`. */
  sortKey?: string;
  /** What the table compares when it sorts its own rows (`sortMode="local"`); implies `sortable`. */
  sortValue?: (row: T) => string | number | null | undefined;
  /** The first click sorts descending (e.g. dates: newest first). */
  sortDescFirst?: boolean;
}

/** A sort by one column: `key` is the column's sort key, `desc` the direction. */
export interface ListSort {
  key: string;
  desc: boolean;
}

export const isSortable = <T>(col: Column<T>): boolean =>
  Boolean(col.sortable || col.sortKey || col.sortValue);
export const sortKeyOf = <T>(col: Column<T>): string => col.sortKey ?? col.id;

/** `sort=name` is ascending, `sort=-name` descending; anything else (or a key not in `keys`) is no sort. */
export function parseSort(raw: string | null | undefined, keys?: readonly string[]): ListSort | null {
  if (!raw) return null;
  const desc = raw.startsWith('-');
  const key = desc ? raw.slice(1) : raw;
  if (!/^[A-Za-z][\w.]*$/.test(key)) return null;
  if (keys && !keys.includes(key)) return null;
  return { key, desc };
}

export const serializeSort = (sort: ListSort): string => (sort.desc ? `-${sort.key}` : sort.key);

export const sameSort = (a: ListSort | null | undefined, b: ListSort | null | undefined): boolean =>
  (a ?? null) === (b ?? null) || (!!a && !!b && a.key === b.key && a.desc === b.desc);

/** A header click: the sorted column turns around; another column starts ascending (or descending, if it says so). */
export function nextSort<T>(current: ListSort | null, col: Column<T>): ListSort {
  const key = sortKeyOf(col);
  if (current?.key === key) return { key, desc: !current.desc };
  return { key, desc: Boolean(col.sortDescFirst) };
}

/** aria-sort of a column's header. */
export function ariaSort<T>(
  sort: ListSort | null,
  col: Column<T>,
): 'ascending' | 'descending' | 'none' | undefined {
  if (!isSortable(col)) return undefined;
  if (sort?.key !== sortKeyOf(col)) return 'none';
  return sort.desc ? 'descending' : 'ascending';
}

/** The sort as TanStack's sorting state (by column id), and back. */
export function toSortingState<T>(sort: ListSort | null, columns: readonly Column<T>[]): SortingState {
  if (!sort) return [];
  const col = columns.find((c) => isSortable(c) && sortKeyOf(c) === sort.key);
  return col ? [{ id: col.id, desc: sort.desc }] : [];
}

export function fromSortingState<T>(state: SortingState, columns: readonly Column<T>[]): ListSort | null {
  const first = state[0];
  const col = first && columns.find((c) => c.id === first.id);
  return col && isSortable(col) ? { key: sortKeyOf(col), desc: first.desc } : null;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * Compares two sort values ascending: numbers as numbers, text by the reader's language ignoring case
 * and accents ("item 9" before "item 10"); an empty value (null, undefined, '') after any other.
 */
export function compareValues(a: unknown, b: unknown): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  return collator.compare(String(a), String(b));
}

/** How a column shows in the table and on a card (read from TanStack's column definition). */
export interface ColumnMeta<T> {
  column: Column<T>;
}

/** Our columns as TanStack column definitions: the cell renders the row; `sortValue` is the accessor local sorting reads. */
export function toColumnDefs<T>(columns: readonly Column<T>[]): ColumnDef<T, unknown>[] {
  return columns.map((col) => {
    const value = col.sortValue;
    return {
      id: col.id,
      header: col.header,
      cell: (ctx) => col.cell(ctx.row.original),
      ...(value ? { accessorFn: (row: T) => value(row) } : {}),
      enableSorting: isSortable(col),
      enableMultiSort: false,
      sortDescFirst: Boolean(col.sortDescFirst),
      sortingFn: (a: Row<T>, b: Row<T>, id: string) => compareValues(a.getValue(id), b.getValue(id)),
      meta: { column: col } satisfies ColumnMeta<T>,
    };
  });
}

/** A table of more rows than this renders only the rows near the screen (shorter ones render every row). */
export const VIRTUALIZE_ABOVE = 60;

export const shouldVirtualize = (rows: number, above: number = VIRTUALIZE_ABOVE): boolean => rows > above;

/** A desktop row's height before it is measured: one line with a button (2–2.25rem), the cell padding and border. */
export const ROW_ESTIMATE = 59;

/**
 * A phone card's height before it is measured: padding and border, the heading, one line per other
 * column, the actions footer (the gaps between them included).
 */
export function estimateCardHeight(columns: number, primaries: number, hasActions: boolean): number {
  const pairs = Math.max(0, columns - primaries);
  const parts = (primaries > 0 ? 1 : 0) + (pairs > 0 ? 1 : 0) + (hasActions ? 1 : 0);
  const heading = primaries > 0 ? 22 * primaries : 0;
  const lines = pairs > 0 ? pairs * 24 + (pairs - 1) * 8 : 0;
  const footer = hasActions ? 8 + 1 + 32 : 0;
  return 2 + 32 + heading + lines + footer + Math.max(0, parts - 1) * 8;
}

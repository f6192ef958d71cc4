/**
 * DataTable: a list's rows as a table on desktops and a stack of cards on phones (SPEC: 768 px
 * breakpoint), built on TanStack Table's row model (sorting by the header) and, for long lists,
 * TanStack Virtual's window virtualiser: the page scrolls as usual, but only the rows near the
 * screen are in the DOM. Shorter lists render every row (find in page and printing see them all).
 */
import {
  Button,
  Card,
  Icon,
  Select,
  Table,
  TableContainer,
  TBody,
  Td,
  Th,
  THead,
  Tr,
  theme,
  useIsMobile,
} from '@erp/ui';
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type Cell,
  type Header,
  type Row,
} from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import styled from 'styled-components';
import {
  ariaSort,
  estimateCardHeight,
  isSortable,
  nextSort,
  ROW_ESTIMATE,
  shouldVirtualize,
  sortKeyOf,
  toColumnDefs,
  toSortingState,
  VIRTUALIZE_ABOVE,
  type Column,
  type ColumnMeta,
  type ListSort,
} from './table-model';

export type { Column, ListSort } from './table-model';

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  /** Names each row (React's key, TanStack's row id); without, the row's `_id` (rows without one must give it). */
  rowKey?: (row: T) => string;
  /** Row actions: the last column on desktop, the card's footer on phones. */
  actions?: (row: T) => ReactNode;
  caption?: string;
  /**
   * The sort shown by the headers of sortable columns. With `onSortChange` the caller keeps it (e.g.
   * `useListSearch`'s URL-synced sort); without, the table keeps its own, starting from this one.
   */
  sort?: ListSort | null;
  onSortChange?: (sort: ListSort) => void;
  /** 'local' (default): the table sorts the rows it has (every row is on the page). 'server': the rows arrive sorted. */
  sortMode?: 'local' | 'server';
  /** More rows than this are virtualised (default 60). */
  virtualizeAbove?: number;
  /** Less padding in the cells on desktops, so that eight or nine columns fit a laptop's width. */
  dense?: boolean;
}

const byId = (row: unknown): string => (row as { _id: string })._id;

const Dense = styled.div`
  ${theme.media.desktop} {
    & th,
    & td {
      padding-left: 0.5rem;
      padding-right: 0.5rem;
    }
    & th:first-child,
    & td:first-child {
      padding-left: 0.875rem;
    }
    & th:last-child,
    & td:last-child {
      padding-right: 0.875rem;
    }
  }
`;

const CardList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
`;

const RowCard = styled(Card)`
  padding: 1rem;
  display: grid;
  gap: 0.5rem;
`;

const CardHeading = styled.div`
  font-weight: 600;
  font-size: 0.9375rem;
`;

const Pairs = styled.dl`
  margin: 0;
  display: grid;
  gap: 0.5rem;
`;

const Pair = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 1rem;
  font-size: 0.875rem;
  & > dt {
    color: ${theme.color.mutedForeground};
    flex-shrink: 0;
  }
  & > dd {
    margin: 0;
    text-align: right;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 0.5rem;
  justify-content: flex-end;
  flex-wrap: nowrap;
`;

const CardActions = styled(Actions)`
  flex-wrap: wrap;
  padding-top: 0.5rem;
  border-top: 1px solid ${theme.color.border};
  & > * {
    flex: 1;
  }
`;

const VisuallyHidden = styled.caption`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
`;

/**
 * The space of the rows not rendered, above and below the rendered ones: an empty row of that height
 * (hidden from screen readers, which have aria-rowcount and aria-rowindex instead). Its cell's inline
 * height is all that changes while scrolling, so the browser restyles one element, not the rows.
 */
const SpacerRow = styled.tr`
  & > td {
    padding: 0;
    border: 0;
  }
`;

function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <SpacerRow aria-hidden="true">
      <td colSpan={columns} style={{ height }} />
    </SpacerRow>
  );
}

/** The browser's scroll anchoring stays out: the virtualiser itself keeps the rows in view when the ones above are measured. */
const NoAnchoring = { overflowAnchor: 'none' } as const;

const SortButton = styled.button<{ $align?: 'left' | 'right' | 'center' }>`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  height: 2rem;
  margin: 0 -0.375rem;
  padding: 0 0.375rem;
  border: 0;
  border-radius: ${theme.radius.sm};
  background: none;
  font: inherit;
  color: inherit;
  cursor: pointer;
  flex-direction: ${(p) => (p.$align === 'right' ? 'row-reverse' : 'row')};
  &:hover {
    color: ${theme.color.foreground};
    background: ${theme.color.accent};
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.ring};
    outline-offset: 1px;
  }
  &[data-sorted] {
    color: ${theme.color.foreground};
  }
`;

/** ▲/▼ for the sorted column, a faint ⇅ for the others. */
function SortGlyph({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  const name =
    state === 'ascending' ? 'chevronUp' : state === 'descending' ? 'chevronDown' : 'chevronsUpDown';
  return <Icon name={name} size={14} style={{ opacity: state === 'none' ? 0.45 : 1 }} />;
}

/** The list's distance from the top of the document, kept current when content above it grows or shrinks. */
function useDocumentTop(ref: RefObject<HTMLElement | null>, enabled: boolean): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!enabled || !el) return;
    const update = () => {
      const next = Math.round(el.getBoundingClientRect().top + window.scrollY);
      setTop((prev) => (prev === next ? prev : next));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [ref, enabled]);
  return top;
}

interface WindowRows {
  /** Indexes of the rows to render, in order. */
  indexes: number[];
  /** The space of the rows not rendered, above and below (px). */
  above: number;
  below: number;
  /** Ref for each rendered row (with `data-index`): it is measured. */
  measure: ((el: Element | null) => void) | undefined;
}

/**
 * The rows near the screen when `enabled`, else all of them. Rows start at `estimate` pixels and are
 * measured as they render (the sizes are kept per row key, so a re-sort keeps them).
 */
function useWindowRows<T>(
  listRef: RefObject<HTMLElement | null>,
  rows: Row<T>[],
  enabled: boolean,
  estimate: number,
  gap: number,
  overscan: number,
): WindowRows {
  const top = useDocumentTop(listRef, enabled);
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    enabled,
    estimateSize: () => estimate,
    gap,
    overscan,
    scrollMargin: top,
    getItemKey,
    initialRect:
      typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  });
  if (!enabled) return { indexes: rows.map((_, i) => i), above: 0, below: 0, measure: undefined };
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  const margin = virtualizer.options.scrollMargin;
  const above = first ? Math.max(0, first.start - margin) : 0;
  const below = last ? Math.max(0, virtualizer.getTotalSize() - (last.end - margin)) : 0;
  return { indexes: items.map((item) => item.index), above, below, measure: virtualizer.measureElement };
}

/** A list that is a table on desktops and a stack of cards on phones; long lists are virtualised. */
export function DataTable<T>({
  columns,
  rows,
  rowKey = byId,
  actions,
  caption,
  sort: sortProp,
  onSortChange,
  sortMode = 'local',
  virtualizeAbove = VIRTUALIZE_ABOVE,
  dense = false,
}: DataTableProps<T>) {
  const isMobile = useIsMobile();
  const [ownSort, setOwnSort] = useState<ListSort | null>(sortProp ?? null);
  const sort = onSortChange ? (sortProp ?? null) : ownSort;
  const changeSort = onSortChange ?? setOwnSort;
  const defs = useMemo(() => toColumnDefs(columns), [columns]);
  const sorting = useMemo(() => toSortingState(sort, columns), [sort, columns]);
  const latestKey = useRef(rowKey);
  latestKey.current = rowKey;
  const table = useReactTable({
    data: rows,
    columns: defs,
    getRowId: (row) => latestKey.current(row),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: sortMode === 'local' ? getSortedRowModel() : undefined,
    manualSorting: sortMode === 'server',
    state: { sorting },
    onSortingChange: () => {},
    enableMultiSort: false,
  });
  const model = table.getRowModel().rows;
  const virtual = shouldVirtualize(model.length, virtualizeAbove);

  const list = { columns, rows: model, actions, caption, virtual };
  const shown = isMobile ? (
    <RowCards list={list} />
  ) : (
    <RowTable
      list={list}
      headers={table.getHeaderGroups()[0]?.headers ?? []}
      sort={sort}
      onSort={(col) => changeSort(nextSort(sort, col))}
    />
  );
  return dense ? <Dense>{shown}</Dense> : shown;
}

interface Shown<T> {
  columns: Column<T>[];
  rows: Row<T>[];
  actions?: (row: T) => ReactNode;
  caption?: string;
  virtual: boolean;
}

interface CardItemProps<T> {
  row: Row<T>;
  index: number;
  /** The list's length when virtualised (for aria-setsize), else undefined. */
  setSize: number | undefined;
  primaries: Column<T>[];
  others: Column<T>[];
  actions?: (row: T) => ReactNode;
  measure?: (el: Element | null) => void;
}

/**
 * One card. Memoised: while the page scrolls only the cards coming into view render (the same row
 * object, columns and actions skip the others).
 */
const CardItem = memo(function CardItem<T>({
  row,
  index,
  setSize,
  primaries,
  others,
  actions,
  measure,
}: CardItemProps<T>) {
  return (
    <li
      ref={measure}
      data-index={index}
      aria-setsize={setSize}
      aria-posinset={setSize === undefined ? undefined : index + 1}
    >
      <RowCard>
        {primaries.map((col) => (
          <CardHeading key={col.id}>{col.cell(row.original)}</CardHeading>
        ))}
        <Pairs>
          {others.map((col) => (
            <Pair key={col.id}>
              <dt>{col.header}</dt>
              <dd>{col.cell(row.original)}</dd>
            </Pair>
          ))}
        </Pairs>
        {actions && <CardActions>{actions(row.original)}</CardActions>}
      </RowCard>
    </li>
  );
}) as <T>(props: CardItemProps<T>) => ReactNode;

function RowCards<T>({ list: { columns, rows, actions, caption, virtual } }: { list: Shown<T> }) {
  const listRef = useRef<HTMLUListElement>(null);
  const primaries = useMemo(() => columns.filter((col) => col.primary), [columns]);
  const others = useMemo(() => columns.filter((col) => !col.primary), [columns]);
  const estimate = estimateCardHeight(columns.length, primaries.length, Boolean(actions));
  const { indexes, above, below, measure } = useWindowRows(listRef, rows, virtual, estimate, 12, 4);
  // Padding (not inherited, unlike a custom property) so a change restyles the list alone.
  return (
    <CardList
      ref={listRef}
      aria-label={caption}
      style={virtual ? { ...NoAnchoring, paddingTop: above, paddingBottom: below } : undefined}
    >
      {indexes.map((index) => (
        <CardItem
          key={rows[index]!.id}
          row={rows[index]!}
          index={index}
          setSize={virtual ? rows.length : undefined}
          primaries={primaries}
          others={others}
          actions={actions}
          measure={measure}
        />
      ))}
    </CardList>
  );
}

const columnOf = <T,>(def: { meta?: unknown }): Column<T> => (def.meta as ColumnMeta<T>).column;

/**
 * The widths of the header cells as the browser laid them out from the first rows, taken again when
 * the table's width or columns change; null until then (and when not virtualised).
 */
function useFrozenWidths(
  containerRef: RefObject<HTMLElement | null>,
  headRef: RefObject<HTMLTableRowElement | null>,
  enabled: boolean,
  columnsKey: string,
): number[] | null {
  const [frozen, setFrozen] = useState<{ key: string; widths: number[] } | null>(null);
  const current = enabled && frozen?.key === columnsKey ? frozen.widths : null;
  useLayoutEffect(() => {
    if (!enabled || current || !headRef.current) return;
    setFrozen({
      key: columnsKey,
      widths: [...headRef.current.cells].map((cell) => cell.getBoundingClientRect().width),
    });
  }, [enabled, current, columnsKey, headRef]);
  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!enabled || !el) return;
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      setFrozen(null);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [containerRef, enabled]);
  return current;
}

interface TableRowProps<T> {
  row: Row<T>;
  /** The row's cells (TanStack keeps them while the row and the columns are the same). */
  cells: Cell<T, unknown>[];
  index: number;
  /** aria-rowindex when virtualised (the header row is 1). */
  rowIndex: number | undefined;
  actions?: (row: T) => ReactNode;
  measure?: (el: Element | null) => void;
}

/** One row, memoised as CardItem is. */
const TableRow = memo(function TableRow<T>({
  row,
  cells,
  index,
  rowIndex,
  actions,
  measure,
}: TableRowProps<T>) {
  return (
    <Tr ref={measure} data-index={index} aria-rowindex={rowIndex}>
      {cells.map((cell) => (
        <Td key={cell.id} $align={columnOf<T>(cell.column.columnDef).align}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </Td>
      ))}
      {actions && (
        <Td $align="right">
          <Actions>{actions(row.original)}</Actions>
        </Td>
      )}
    </Tr>
  );
}) as <T>(props: TableRowProps<T>) => ReactNode;

interface RowTableProps<T> {
  list: Shown<T>;
  headers: Header<T, unknown>[];
  sort: ListSort | null;
  onSort: (col: Column<T>) => void;
}

function RowTable<T>({
  list: { columns, rows, actions, caption, virtual },
  headers,
  sort,
  onSort,
}: RowTableProps<T>) {
  const containerRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableRowElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const { indexes, above, below, measure } = useWindowRows(bodyRef, rows, virtual, ROW_ESTIMATE, 0, 8);
  const columnCount = columns.length + (actions ? 1 : 0);
  const widths = useFrozenWidths(
    containerRef,
    headRef,
    virtual,
    `${columns.map((c) => c.id).join('\n')}\n${actions ? 'actions' : ''}`,
  );
  return (
    <TableContainer ref={containerRef}>
      {/* Fixed layout with the widths of the first rows: rows scrolling in do not shift the columns. */}
      <Table
        aria-rowcount={virtual ? rows.length + 1 : undefined}
        style={widths ? { tableLayout: 'fixed', minWidth: widths.reduce((a, b) => a + b, 0) } : undefined}
      >
        {caption && <VisuallyHidden>{caption}</VisuallyHidden>}
        {widths && (
          <colgroup>
            {widths.map((width, i) => (
              <col key={i} style={{ width }} />
            ))}
          </colgroup>
        )}
        <THead>
          <Tr ref={headRef} aria-rowindex={virtual ? 1 : undefined}>
            {headers.map((header) => {
              const col = columnOf<T>(header.column.columnDef);
              const state = ariaSort(sort, col);
              const label = flexRender(header.column.columnDef.header, header.getContext());
              return (
                <Th key={header.id} scope="col" $align={col.align} aria-sort={state}>
                  {state ? (
                    <SortButton
                      type="button"
                      $align={col.align}
                      onClick={() => onSort(col)}
                      data-sorted={state !== 'none' ? '' : undefined}
                    >
                      {label}
                      <SortGlyph state={state} />
                    </SortButton>
                  ) : (
                    label
                  )}
                </Th>
              );
            })}
            {actions && (
              <Th scope="col" $align="right">
                Actions
              </Th>
            )}
          </Tr>
        </THead>
        <TBody ref={bodyRef} style={virtual ? NoAnchoring : undefined}>
          <Spacer height={above} columns={columnCount} />
          {indexes.map((index) => (
            <TableRow
              key={rows[index]!.id}
              row={rows[index]!}
              cells={rows[index]!.getVisibleCells()}
              index={index}
              rowIndex={virtual ? index + 2 : undefined}
              actions={actions}
              measure={measure}
            />
          ))}
          <Spacer height={below} columns={columnCount} />
        </TBody>
      </Table>
    </TableContainer>
  );
}

export interface SortSelectProps<T> {
  columns: Column<T>[];
  sort: ListSort | null;
  onSortChange: (sort: ListSort) => void;
  /** The select's accessible name. */
  label?: string;
}

/**
 * The table's sorts for phones, whose cards have no headers: a select of the sortable columns
 * ("Sort: Price") and a button that turns the order around. Put it in the filter bar.
 */
export function SortSelect<T>({ columns, sort, onSortChange, label = 'Sort by' }: SortSelectProps<T>) {
  const sortable = columns.filter(isSortable);
  const asc = sort !== null && !sort.desc;
  return (
    <>
      <Select
        aria-label={label}
        value={sort?.key ?? ''}
        onChange={(e) => {
          const col = sortable.find((c) => sortKeyOf(c) === e.target.value);
          if (col) onSortChange({ key: sortKeyOf(col), desc: Boolean(col.sortDescFirst) });
        }}
      >
        {!sort && <option value="">Sort</option>}
        {sortable.map((col) => (
          <option key={col.id} value={sortKeyOf(col)}>
            Sort: {col.header}
          </option>
        ))}
      </Select>
      <Button
        variant="outline"
        size="icon"
        disabled={!sort}
        onClick={() => sort && onSortChange({ key: sort.key, desc: !sort.desc })}
        aria-label={asc ? 'Ascending, switch to descending' : 'Descending, switch to ascending'}
        title={asc ? 'Ascending' : 'Descending'}
      >
        <Icon name="chevronDown" style={{ transform: asc ? 'rotate(180deg)' : undefined }} />
      </Button>
    </>
  );
}

import {
  createTable,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  type TableOptionsResolved,
} from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import {
  ariaSort,
  compareValues,
  estimateCardHeight,
  fromSortingState,
  nextSort,
  parseSort,
  ROW_ESTIMATE,
  sameSort,
  serializeSort,
  shouldVirtualize,
  toColumnDefs,
  toSortingState,
  VIRTUALIZE_ABOVE,
  type Column,
  type ListSort,
} from './table-model';

interface Link {
  id: string;
  name: string;
  price: number;
  moq: number | null;
}

const links: Link[] = [
  { id: 'a', name: 'Cement OPC 53', price: 410, moq: 100 },
  { id: 'b', name: 'cement opc 43', price: 395.5, moq: null },
  { id: 'c', name: 'Brick 9', price: 8, moq: 5000 },
  { id: 'd', name: 'Brick 10', price: 9.25, moq: 5000 },
  { id: 'e', name: 'Éclair tiles', price: 410, moq: 20 },
];

const columns: Column<Link>[] = [
  {
    id: 'item',
    header: 'Item',
    primary: true,
    sortKey: 'itemName',
    sortValue: (l) => l.name,
    cell: (l) => `<${l.name}>`,
  },
  {
    id: 'price',
    header: 'Price',
    align: 'right',
    sortable: true,
    sortValue: (l) => l.price,
    cell: (l) => l.price,
  },
  { id: 'moq', header: 'MOQ', sortValue: (l) => l.moq, sortDescFirst: true, cell: (l) => l.moq ?? '—' },
  { id: 'notes', header: 'Notes', cell: () => '' },
];

/** A TanStack table over `rows` sorted by `sorting`, as DataTable builds it for local sorting (useReactTable's set-up without React). */
function tableOf(sorting: SortingState, rows: Link[] = links) {
  const options: TableOptionsResolved<Link> = {
    data: rows,
    columns: toColumnDefs(columns),
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    state: {},
    onStateChange: () => {},
    renderFallbackValue: null,
  };
  const table = createTable(options);
  table.setOptions((prev) => ({ ...prev, state: { ...table.initialState, sorting } }));
  return table;
}

const sortedIds = (sorting: SortingState) =>
  tableOf(sorting)
    .getRowModel()
    .rows.map((r) => r.id);

describe('sort in the URL', () => {
  it('reads sort=key as ascending and sort=-key as descending', () => {
    expect(parseSort('itemName')).toEqual({ key: 'itemName', desc: false });
    expect(parseSort('-price')).toEqual({ key: 'price', desc: true });
    expect(parseSort('vendor.name')).toEqual({ key: 'vendor.name', desc: false });
  });

  it('reads nothing, junk and keys the list does not know as no sort', () => {
    for (const raw of [null, undefined, '', '-', '--price', 'price desc', '1price', '-<x>', 'price;drop'])
      expect(parseSort(raw)).toBeNull();
    expect(parseSort('-price', ['itemName', 'price'])).toEqual({ key: 'price', desc: true });
    expect(parseSort('-secret', ['itemName', 'price'])).toBeNull();
  });

  it('writes what it reads', () => {
    for (const sort of [
      { key: 'itemName', desc: false },
      { key: 'updatedAt', desc: true },
    ])
      expect(parseSort(serializeSort(sort))).toEqual(sort);
    expect(serializeSort({ key: 'moq', desc: true })).toBe('-moq');
  });

  it('compares sorts by value', () => {
    expect(sameSort({ key: 'a', desc: false }, { key: 'a', desc: false })).toBe(true);
    expect(sameSort({ key: 'a', desc: false }, { key: 'a', desc: true })).toBe(false);
    expect(sameSort(null, undefined)).toBe(true);
    expect(sameSort(null, { key: 'a', desc: false })).toBe(false);
  });
});

describe('header clicks', () => {
  const [item, price, moq, notes] = columns as [Column<Link>, Column<Link>, Column<Link>, Column<Link>];

  it('sorts another column ascending (or descending when it says so), and turns the sorted one around', () => {
    expect(nextSort(null, price)).toEqual({ key: 'price', desc: false });
    expect(nextSort({ key: 'price', desc: false }, price)).toEqual({ key: 'price', desc: true });
    expect(nextSort({ key: 'price', desc: true }, price)).toEqual({ key: 'price', desc: false });
    expect(nextSort({ key: 'price', desc: true }, item)).toEqual({ key: 'itemName', desc: false });
    expect(nextSort({ key: 'itemName', desc: false }, moq)).toEqual({ key: 'moq', desc: true });
  });

  it('gives aria-sort to sortable headers only', () => {
    const sort: ListSort = { key: 'itemName', desc: true };
    expect(ariaSort(sort, item)).toBe('descending');
    expect(ariaSort({ key: 'itemName', desc: false }, item)).toBe('ascending');
    expect(ariaSort(sort, price)).toBe('none');
    expect(ariaSort(null, price)).toBe('none');
    expect(ariaSort(sort, notes)).toBeUndefined();
  });
});

describe('columns as TanStack column definitions', () => {
  it('keeps ids, headers and cells, and sorting only where a column declares it', () => {
    const defs = toColumnDefs(columns);
    expect(defs.map((d) => [d.id, d.header, d.enableSorting])).toEqual([
      ['item', 'Item', true],
      ['price', 'Price', true],
      ['moq', 'MOQ', true],
      ['notes', 'Notes', false],
    ]);
    const table = tableOf([]);
    const cells = table.getRowModel().rows[0]!.getVisibleCells();
    expect(cells.map((c) => (c.column.columnDef.cell as (ctx: unknown) => unknown)(c.getContext()))).toEqual([
      '<Cement OPC 53>',
      410,
      100,
      '',
    ]);
    expect(cells.map((c) => (c.column.columnDef.meta as { column: Column<Link> }).column.align)).toEqual([
      undefined,
      'right',
      undefined,
      undefined,
    ]);
  });

  it('maps the sort by its key to the column id and back', () => {
    expect(toSortingState({ key: 'itemName', desc: true }, columns)).toEqual([{ id: 'item', desc: true }]);
    expect(toSortingState({ key: 'price', desc: false }, columns)).toEqual([{ id: 'price', desc: false }]);
    expect(toSortingState({ key: 'notes', desc: false }, columns)).toEqual([]);
    expect(toSortingState({ key: 'unknown', desc: false }, columns)).toEqual([]);
    expect(toSortingState(null, columns)).toEqual([]);
    expect(fromSortingState([{ id: 'item', desc: false }], columns)).toEqual({
      key: 'itemName',
      desc: false,
    });
    expect(fromSortingState([], columns)).toBeNull();
  });

  it('sorts a page locally: names by language (case, accents, numbers), numbers as numbers, empty last', () => {
    expect(sortedIds(toSortingState({ key: 'itemName', desc: false }, columns))).toEqual([
      'c',
      'd',
      'b',
      'a',
      'e',
    ]);
    expect(sortedIds(toSortingState({ key: 'itemName', desc: true }, columns))).toEqual([
      'e',
      'a',
      'b',
      'd',
      'c',
    ]);
    // Ties keep the order the rows came in.
    expect(sortedIds(toSortingState({ key: 'price', desc: false }, columns))).toEqual([
      'c',
      'd',
      'b',
      'a',
      'e',
    ]);
    expect(sortedIds(toSortingState({ key: 'moq', desc: false }, columns))).toEqual([
      'e',
      'a',
      'c',
      'd',
      'b',
    ]);
    expect(sortedIds([])).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('compares values', () => {
    expect(compareValues(2, 10)).toBeLessThan(0);
    expect(compareValues('item 2', 'item 10')).toBeLessThan(0);
    expect(compareValues('abc', 'ABC')).toBe(0);
    expect(compareValues(null, 'a')).toBeGreaterThan(0);
    expect(compareValues('', 0)).toBeGreaterThan(0);
    expect(compareValues(undefined, null)).toBe(0);
  });
});

describe('virtualising long tables', () => {
  it('renders every row up to the threshold and windows longer tables', () => {
    expect(VIRTUALIZE_ABOVE).toBe(60);
    expect(shouldVirtualize(0)).toBe(false);
    expect(shouldVirtualize(60)).toBe(false);
    expect(shouldVirtualize(61)).toBe(true);
    expect(shouldVirtualize(300)).toBe(true);
    expect(shouldVirtualize(11, 10)).toBe(true);
  });

  it('estimates a card from its parts, close to what a phone draws', () => {
    // Linked items on a phone: heading, seven label/value lines, two action buttons (measured ~290 px).
    const card = estimateCardHeight(8, 1, true);
    expect(card).toBeGreaterThan(250);
    expect(card).toBeLessThan(330);
    expect(estimateCardHeight(8, 1, false)).toBeLessThan(card);
    expect(estimateCardHeight(1, 1, false)).toBeGreaterThan(40);
    expect(ROW_ESTIMATE).toBeGreaterThan(40);
  });
});

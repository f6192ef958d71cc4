import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_SORT_OPTIONS,
  ACCOUNTS_PAGE_SIZE,
  fromAccountsSort,
  LEDGER_PAGE_SIZE,
  OVERBILL_PAGE_SIZE,
  overbillTabParam,
  parseId,
  parseOverbillTab,
  parseRange,
  rangeParam,
  RANGE_OPTIONS,
  toAccountsQuery,
  toAccountsSort,
  toLedgerQuery,
  toOverbillQuery,
} from './ledger-filters';

describe('the accounts list sort (SPEC §9: outstanding, last activity, name; default outstanding high to low)', () => {
  it('is outstanding high to low when the URL names none or an unknown key', () => {
    expect(toAccountsSort(null)).toBe('-outstanding');
    expect(toAccountsSort({ key: 'createdAt', desc: false })).toBe('-outstanding');
  });

  it.each([
    [{ key: 'outstanding', desc: true }, '-outstanding'],
    [{ key: 'outstanding', desc: false }, 'outstanding'],
    [{ key: 'lastActivity', desc: true }, '-lastActivity'],
    [{ key: 'lastActivity', desc: false }, 'lastActivity'],
    [{ key: 'name', desc: false }, 'name'],
    [{ key: 'name', desc: true }, '-name'],
  ])('%o is sent as sort=%s, and read back the same', (sort, param) => {
    expect(toAccountsSort(sort)).toBe(param);
    expect(fromAccountsSort(param)).toEqual(sort);
  });

  it('offers every key both ways, the default first', () => {
    expect(ACCOUNT_SORT_OPTIONS.map((o) => o.value)).toEqual([
      '-outstanding',
      'outstanding',
      '-lastActivity',
      'lastActivity',
      'name',
      '-name',
    ]);
    expect(ACCOUNT_SORT_OPTIONS[0]!.label).toBe('Outstanding: High to Low');
  });

  it('reads an unknown sort filter value as the default', () => {
    expect(fromAccountsSort('-balance')).toEqual({ key: 'outstanding', desc: true });
  });
});

describe("the accounts list's query (GET /vendorTransaction)", () => {
  it('asks the first 100 with the sort, and no keyword when there is none', () => {
    expect(toAccountsQuery({ page: 1, keyword: '  ', sort: '-outstanding' })).toEqual({
      limit: ACCOUNTS_PAGE_SIZE,
      offset: 0,
      sort: '-outstanding',
    });
  });

  it('sends the trimmed keyword and the page as an offset', () => {
    expect(toAccountsQuery({ page: 3, keyword: ' Deccan ', sort: 'name' })).toEqual({
      limit: 100,
      offset: 200,
      sort: 'name',
      keyword: 'Deccan',
    });
  });

  it('reads a page below 1 or not a number as the first', () => {
    expect(toAccountsQuery({ page: 0, keyword: '', sort: 'name' }).offset).toBe(0);
    expect(toAccountsQuery({ page: Number.NaN, keyword: '', sort: 'name' }).offset).toBe(0);
  });
});

describe('the ledger date range (SPEC §9: all, last month, 3 months, 6 months, year)', () => {
  it('offers the five ranges in the spec’s order and words', () => {
    expect(RANGE_OPTIONS.map((r) => [r.value, r.label])).toEqual([
      ['all', 'All'],
      ['lastMonth', 'Last Month'],
      ['3months', '3 Months'],
      ['6months', '6 Months'],
      ['year', 'Year'],
    ]);
  });

  it.each([
    [null, 'all'],
    ['', 'all'],
    ['lastmonth', 'lastMonth'],
    ['3months', '3months'],
    ['6MONTHS', '6months'],
    ['year', 'year'],
    ['decade', 'all'],
  ])('?range=%s reads as %s', (value, range) => expect(parseRange(value)).toBe(range));

  it('keeps the URL clean for All, and round-trips the others', () => {
    expect(rangeParam('all')).toBeUndefined();
    for (const r of RANGE_OPTIONS.filter((o) => o.value !== 'all'))
      expect(parseRange(rangeParam(r.value)!)).toBe(r.value);
  });

  it("a ledger's query sends the range and the page", () => {
    expect(toLedgerQuery({ page: 1, range: '3months' })).toEqual({
      limit: LEDGER_PAGE_SIZE,
      offset: 0,
      range: '3months',
    });
    expect(toLedgerQuery({ page: 2, range: 'all' })).toEqual({
      limit: LEDGER_PAGE_SIZE,
      offset: LEDGER_PAGE_SIZE,
      range: 'all',
    });
  });
});

describe('the overbilling queue', () => {
  it('opens on the Open tab; the others are in the URL in lower case', () => {
    expect(parseOverbillTab(null)).toBe('Open');
    expect(parseOverbillTab('approved')).toBe('Approved');
    expect(parseOverbillTab('REJECTED')).toBe('Rejected');
    expect(parseOverbillTab('all')).toBe('all');
    expect(parseOverbillTab('pending')).toBe('Open');
    expect(overbillTabParam('Open')).toBeUndefined();
    expect(overbillTabParam('Approved')).toBe('approved');
  });

  it('asks the status of the tab, one vendor when given', () => {
    expect(toOverbillQuery({ page: 1, tab: 'Open' })).toEqual({
      limit: OVERBILL_PAGE_SIZE,
      offset: 0,
      status: 'Open',
    });
    expect(
      toOverbillQuery({ page: 2, tab: 'all', vendorId: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' }),
    ).toEqual({
      limit: OVERBILL_PAGE_SIZE,
      offset: OVERBILL_PAGE_SIZE,
      status: 'all',
      vendorId: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    });
  });
});

describe('ids in the URL', () => {
  it('takes an id, in lower case', () => {
    expect(parseId(' 6A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D ')).toBe('6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d');
  });

  it('refuses what the service would refuse with 400 (a display id, text)', () => {
    expect(parseId('VEN-0001')).toBeNull();
    expect(parseId('')).toBeNull();
    expect(parseId(null)).toBeNull();
  });
});

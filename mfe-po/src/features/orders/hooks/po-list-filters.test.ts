import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  LIST_STATUS_TABS,
  mergeVendors,
  OPEN_STATUS_TABS,
  parseIdFilter,
  parseStatusTab,
  statusParam,
  toPoListQuery,
  toPoSort,
  type PoListParams,
} from './po-list-filters';

const PROJECT = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';
const VENDOR = '5A6B7C8D-9E0F-4A1B-8C2D-3E4F5A6B7C8D';

const params = (over: Partial<PoListParams> = {}): PoListParams => ({
  scope: 'all',
  page: 1,
  pageSize: 10,
  keyword: '',
  status: 'all',
  vendorId: null,
  projectId: null,
  ...over,
});

describe('the PO lists’ filters in the URL', () => {
  it('offers All, Open, Partial, Closed on the PO list and All, Open, Partial on the receiving list', () => {
    expect(LIST_STATUS_TABS.map((t) => t.label)).toEqual(['All', 'Open', 'Partial', 'Closed']);
    expect(OPEN_STATUS_TABS.map((t) => t.label)).toEqual(['All', 'Open', 'Partial']);
  });

  it('reads ?status= in any case, and anything it does not offer as all', () => {
    expect(parseStatusTab('open', LIST_STATUS_TABS)).toBe('Open');
    expect(parseStatusTab('PARTIAL', LIST_STATUS_TABS)).toBe('Partial');
    expect(parseStatusTab('closed', LIST_STATUS_TABS)).toBe('Closed');
    expect(parseStatusTab('closed', OPEN_STATUS_TABS)).toBe('all');
    expect(parseStatusTab('active', LIST_STATUS_TABS)).toBe('all');
    expect(parseStatusTab(null, LIST_STATUS_TABS)).toBe('all');
  });

  it('writes a tab as a lower-case ?status=, and All as none', () => {
    expect(statusParam('Open')).toBe('open');
    expect(statusParam('Closed')).toBe('closed');
    expect(statusParam('all')).toBeUndefined();
  });

  it('takes ?vendor= and ?project= only when they are ids', () => {
    expect(parseIdFilter(PROJECT)).toBe(PROJECT);
    expect(parseIdFilter(VENDOR)).toBe(VENDOR.toLowerCase());
    expect(parseIdFilter('PRJ-0001')).toBeNull();
    expect(parseIdFilter('')).toBeNull();
    expect(parseIdFilter(null)).toBeNull();
  });

  it('counts the filters set beyond the search (the phone’s Filters (n))', () => {
    expect(activeFilterCount({ status: 'all', vendorId: null, projectId: null })).toBe(0);
    expect(activeFilterCount({ status: 'Open', vendorId: VENDOR, projectId: PROJECT })).toBe(3);
  });
});

describe('the sort of the receiving list', () => {
  it('sends the column’s key, with a leading - for descending', () => {
    expect(toPoSort({ key: 'orderDate', desc: true })).toBe('-orderDate');
    expect(toPoSort({ key: 'vendor', desc: false })).toBe('vendor');
    expect(toPoSort({ key: 'poNumber', desc: true })).toBe('-poNumber');
  });

  it('sends no sort for none or for a key the service does not know', () => {
    expect(toPoSort(null)).toBeUndefined();
    expect(toPoSort({ key: 'amount', desc: false })).toBeUndefined();
  });
});

describe('the query a PO list sends', () => {
  it('asks the first page with nothing else by default', () => {
    expect(toPoListQuery(params())).toEqual({ limit: 10, offset: 0 });
  });

  it('asks page 3 of 25 with the trimmed keyword, the status, the vendor and the project', () => {
    expect(
      toPoListQuery(
        params({
          page: 3,
          pageSize: 25,
          keyword: '  PO-0001 ',
          status: 'Closed',
          vendorId: VENDOR,
          projectId: PROJECT,
        }),
      ),
    ).toEqual({
      limit: 25,
      offset: 50,
      keyword: 'PO-0001',
      status: 'Closed',
      vendorId: VENDOR,
      projectId: PROJECT,
    });
  });

  it('asks the receiving list for active POs (Open and Partial), or one of the two', () => {
    expect(toPoListQuery(params({ scope: 'active', pageSize: 25, sort: '-orderDate' }))).toEqual({
      limit: 25,
      offset: 0,
      status: 'active',
      sort: '-orderDate',
    });
    expect(toPoListQuery(params({ scope: 'active', status: 'Partial' })).status).toBe('Partial');
    expect(toPoListQuery(params({ scope: 'active', status: 'Closed' })).status).toBe('active');
  });

  it('reads a page below 1 as the first', () => {
    expect(toPoListQuery(params({ page: 0 })).offset).toBe(0);
    expect(toPoListQuery(params({ page: Number.NaN })).offset).toBe(0);
  });
});

describe('the vendors the Vendor filter offers without the vendor master', () => {
  const a = { _id: 'a', name: 'Ambuja Dealers' };
  const s = { _id: 's', name: 'Shree Ganesh Cement Traders' };
  const k = { _id: 'k', name: 'Konkan Cement Depot' };

  it('adds each vendor of the rows once, by name', () => {
    expect(mergeVendors([], [{ vendor: s }, { vendor: a }, { vendor: s }])).toEqual([a, s]);
    expect(mergeVendors([a, s], [{ vendor: k }])).toEqual([a, k, s]);
  });

  it('keeps the same list when the rows bring no new vendor', () => {
    const known = [a, s];
    expect(mergeVendors(known, [{ vendor: s }])).toBe(known);
    expect(mergeVendors(known, [])).toBe(known);
  });
});

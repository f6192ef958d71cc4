import { describe, expect, it } from 'vitest';
import { remoteRoutes, screenForPath as screenUnder } from '@erp/ui/remote';
import { SECTIONS } from './routes';

const ROUTES = remoteRoutes(SECTIONS);
const screenForPath = (path: string) => screenUnder(ROUTES, path);

describe('every path under /vendors shows a page', () => {
  it.each([
    ['/vendors', 'list'],
    ['/vendors/', 'list'],
    ['/vendors/list', 'list'],
    ['/vendors/create', 'create'],
    ['/vendors/detail', 'detail'],
    ['/vendors/detail/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'detail'],
    // SPEC §2: the sidebar's /vendors/account-ledger and the phone bar's /vendors/ledger are the same list.
    ['/vendors/account-ledger', 'accounts'],
    ['/vendors/ledger', 'accounts'],
    ['/vendors/credit-note', 'accounts'],
    ['/vendors/ledger-detail', 'ledger'],
    ['/vendors/ledger-detail/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'ledger'],
    ['/vendors/ledger/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'ledger'],
    ['/vendors/payment', 'payment'],
    ['/vendors/payment/', 'payment'],
    ['/vendors/payments', 'payment'],
    ['/vendors/overbilling', 'overbilling'],
    ['/vendors/nonsense', 'not-found'],
    ['/vendors/list/extra', 'not-found'],
    ['/vendors/ledgers-old', 'not-found'],
    ['/vendors/account-ledger/extra', 'not-found'],
    ['/vendors/payment/extra', 'not-found'],
  ])('%s shows %s', (path, screen) => expect(screenForPath(path)).toBe(screen));

  it('leaves other apps’ paths alone', () => {
    expect(screenForPath('/items/list')).toBeNull();
    expect(screenForPath('/vendorsx')).toBeNull();
  });
});

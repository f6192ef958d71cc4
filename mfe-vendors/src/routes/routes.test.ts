import { describe, expect, it } from 'vitest';
import { remoteRoutes, screenForPath as screenUnder } from '@erp/ui/remote';
import { SECTIONS } from './routes';

const ROUTES = remoteRoutes(SECTIONS);
const screenForPath = (path: string) => screenUnder(ROUTES, path);

describe('every path under /vendors shows a page', () => {
  it.each(['/vendors/account-ledger', '/vendors/ledger', '/vendors/ledger/VEN-0001', '/vendors/ledger-detail', '/vendors/payment', '/vendors/payment/'])(
    '%s shows the "not available yet" page, not an empty content area',
    (path) => expect(screenForPath(path)).toBe('accounts'),
  );

  it.each([
    ['/vendors', 'list'],
    ['/vendors/', 'list'],
    ['/vendors/list', 'list'],
    ['/vendors/create', 'create'],
    ['/vendors/detail', 'detail'],
    ['/vendors/detail/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'detail'],
    ['/vendors/nonsense', 'not-found'],
    ['/vendors/list/extra', 'not-found'],
    ['/vendors/ledgers-old', 'not-found'],
  ])('%s shows %s', (path, screen) => expect(screenForPath(path)).toBe(screen));

  it('leaves other apps’ paths alone', () => {
    expect(screenForPath('/items/list')).toBeNull();
    expect(screenForPath('/vendorsx')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { remoteRoutes, screenForPath as screenUnder } from '@erp/ui/remote';
import { SECTIONS } from './routes';

const ROUTES = remoteRoutes(SECTIONS);
const screenForPath = (path: string) => screenUnder(ROUTES, path);

describe('every path under /items shows a page', () => {
  it.each([
    ['/items', 'list'],
    ['/items/', 'list'],
    ['/items/list', 'list'],
    ['/items/create', 'form'],
    ['/items/edit', 'form'],
    ['/items/edit/', 'form'],
    ['/items/import', 'not-found'],
    ['/items/list/extra', 'not-found'],
    ['/items/detail', 'not-found'],
  ])('%s shows %s', (path, screen) => expect(screenForPath(path)).toBe(screen));

  it('leaves other apps’ paths alone', () => {
    expect(screenForPath('/vendors/list')).toBeNull();
    expect(screenForPath('/itemsx')).toBeNull();
  });
});

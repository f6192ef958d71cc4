import { describe, expect, it } from 'vitest';
import { remoteRoutes, screenForPath as screenUnder } from '@erp/ui/remote';
import { SECTIONS } from './routes';

const ROUTES = remoteRoutes(SECTIONS);
const screenForPath = (path: string) => screenUnder(ROUTES, path);

describe('every path under /team shows a page', () => {
  it.each([
    ['/team/list', 'list'],
    ['/team/list/', 'list'],
    ['/team/edit', 'member'],
    ['/team', 'not-found'],
    ['/team/projects', 'projects'],
    ['/team/project-edit', 'project-form'],
    ['/team/project/7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e', 'project'],
    ['/team/project', 'not-found'],
    ['/team/project/a/b', 'not-found'],
  ])('%s shows %s', (path, screen) => expect(screenForPath(path)).toBe(screen));

  it('leaves other apps’ paths alone', () => {
    expect(screenForPath('/vendors/list')).toBeNull();
    expect(screenForPath('/teams')).toBeNull();
    // BOQs belong to the projects module (not this remote's module.json routes).
    expect(screenForPath('/boq/list')).toBeNull();
  });
});

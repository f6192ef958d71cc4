import { describe, expect, it } from 'vitest';
import { remoteRoutes, screenForPath as screenUnder } from '@erp/ui/remote';
import { SECTIONS } from './routes';

const ROUTES = remoteRoutes(SECTIONS);
const screenForPath = (path: string) => screenUnder(ROUTES, path);

describe('every path under /team and /boq shows a page', () => {
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
    ['/boq/list', 'boq-list'],
    ['/boq/create', 'boq-form'],
    ['/boq/edit/9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d', 'boq-form'],
    ['/boq/9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d', 'boq'],
    ['/boq', 'not-found'],
    ['/boq/a/b', 'not-found'],
  ])('%s shows %s', (path, screen) => expect(screenForPath(path)).toBe(screen));

  it('leaves other apps’ paths alone', () => {
    expect(screenForPath('/vendors/list')).toBeNull();
    expect(screenForPath('/teams')).toBeNull();
    expect(screenForPath('/boqs')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { matchPath } from './router';

describe('matchPath', () => {
  it('matches static paths, ignoring a trailing slash', () => {
    expect(matchPath('/team/list', '/team/list/')).toEqual({});
    expect(matchPath('/team/list', '/team/edit')).toBeNull();
  });
  it('reads params', () => {
    expect(matchPath('/team/project/:id', '/team/project/abc%20d')).toEqual({ id: 'abc d' });
    expect(matchPath('/team/project/:id', '/team/project')).toBeNull();
  });
  it('matches a prefix with *', () => {
    expect(matchPath('/boq/*', '/boq/edit/7')).toEqual({});
    expect(matchPath('/boq/*', '/team/list')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { matchPath, withParams } from './router';

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

describe('withParams', () => {
  it('merges into the current query; an empty value removes the key', () => {
    expect(withParams('/items/list', { pathname: '/items/list', search: '?page=2&keyword=old' }, { keyword: 'cement', page: undefined })).toBe('/items/list?keyword=cement');
    expect(withParams('/items/list', { pathname: '/items/list', search: '?keyword=x' }, { keyword: '' })).toBe('/items/list');
  });
  it('gives nothing once the browser has left the page, so a late update does not pull the user back', () => {
    expect(withParams('/items/list', { pathname: '/items/edit', search: '?id=7' }, { keyword: 'cement' })).toBeNull();
  });
});

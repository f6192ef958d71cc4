import { describe, expect, it } from 'vitest';
import { withParams } from './navigation';

describe('withParams', () => {
  it('merges into the current query; an empty value removes the key', () => {
    expect(
      withParams(
        '/items/list',
        { pathname: '/items/list', search: '?page=2&keyword=old' },
        { keyword: 'cement', page: undefined },
      ),
    ).toBe('/items/list?keyword=cement');
    expect(
      withParams('/items/list', { pathname: '/items/list', search: '?keyword=x' }, { keyword: '' }),
    ).toBe('/items/list');
  });
  it('gives nothing once the browser has left the page, so a late update does not pull the user back', () => {
    expect(
      withParams('/items/list', { pathname: '/items/edit', search: '?id=7' }, { keyword: 'cement' }),
    ).toBeNull();
  });
});

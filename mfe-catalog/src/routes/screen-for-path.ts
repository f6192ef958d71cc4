/** Which screen of this remote a path shows. Every path under /items shows one; null only for paths of other apps. */
export type CatalogScreen = 'list' | 'form' | 'not-found';

export function screenForPath(pathname: string): CatalogScreen | null {
  const path = pathname.replace(/\/+$/, '');
  if (!/^\/items(\/|$)/.test(path)) return null;
  if (path === '/items/list' || path === '/items') return 'list';
  if (path === '/items/create' || path === '/items/edit') return 'form';
  return 'not-found';
}

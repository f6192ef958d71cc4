/** Which screen of this remote a path shows. Every path under /team (its module.json routes) shows one; null only for paths of other apps. */
export type TeamScreen = 'list' | 'member' | 'not-found';

export function screenForPath(pathname: string): TeamScreen | null {
  const path = pathname.replace(/\/+$/, '');
  if (!/^\/team(\/|$)/.test(path)) return null;
  if (path === '/team/list') return 'list';
  if (path === '/team/edit') return 'member';
  // Projects wait for the projects service: their paths get the not-found page until then.
  return 'not-found';
}

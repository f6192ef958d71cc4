/**
 * Which remote owns which URL (ARCHITECTURE §8): one prefix function per remote. A remote that is
 * not in /config/remotes.json is simply not registered, so its prefix falls through to the 404 page.
 */
const prefix =
  (...prefixes: string[]) =>
  (location: Pick<Location, 'pathname'>): boolean =>
    prefixes.some((p) => location.pathname === p || location.pathname.startsWith(`${p}/`));

export const activityFunctions = {
  mfe_indent: prefix('/indent'),
  mfe_po: prefix('/po'),
  mfe_catalog: prefix('/items'),
  mfe_vendors: prefix('/vendors'),
  mfe_team: prefix('/team', '/boq'),
} as const;

export type RemoteName = keyof typeof activityFunctions;

export const REMOTE_NAMES = Object.keys(activityFunctions) as RemoteName[];

/** The remote that serves this path, if any (registered or not). */
export function remoteForPath(pathname: string): RemoteName | null {
  return REMOTE_NAMES.find((name) => activityFunctions[name]({ pathname })) ?? null;
}

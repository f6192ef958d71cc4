/**
 * URL ownership of the deployed modules, without TypeBox: the shell's first load imports this, and a
 * module that builds schemas at import time (modules.ts) would bring TypeBox with it (decision 0042).
 */

/** True when `pathname` is one of the prefixes or under one of them. */
export function matchesRoutes(routes: readonly string[], pathname: string): boolean {
  return routes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

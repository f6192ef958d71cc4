/**
 * The shape of the navigation of SPEC §2 "Layout and navigation". The groups and items themselves
 * come from the deployed modules (modules.ts, each remote's module.json); a group is shown only when
 * a deployed module fills it, and an item only when the member may read its sub-module.
 */
import type { ModuleKey } from '@erp/contracts';
import type { IconName } from '@erp/ui';

export interface NavItem {
  label: string;
  to: string;
  module: ModuleKey;
  sub: string;
}

export interface NavGroup {
  id: string;
  label: string;
  /** For the phone's bottom bar, where space is short. */
  shortLabel: string;
  icon: IconName;
  /** The remote that named the group. */
  remote: string;
  items: NavItem[];
}

/** Open on first visit (SPEC §9: default open sidebar group Indent), when a deployed module declares it. */
export const DEFAULT_OPEN_GROUP = 'indent';

/** An item is current on its own path, except a form opened for a record (?id=...), which is not "Add ...". */
export function isItemActive(item: NavItem, pathname: string, search: string): boolean {
  return pathname === item.to && !new URLSearchParams(search).has('id');
}

/**
 * The group a path belongs to: the one with an item at that path, else the one with an item in the
 * same section (`/boq/{id}` is in the group of `/boq/list`; `/team/project/{id}` of `/team/list`).
 */
export function groupOfPath(groups: NavGroup[], pathname: string): NavGroup | undefined {
  const section = (to: string) => to.replace(/\/[^/]*$/, '/');
  return (
    groups.find((g) => g.items.some((item) => pathname.startsWith(item.to))) ??
    groups.find((g) =>
      g.items.some((item) => section(item.to).length > 1 && pathname.startsWith(section(item.to))),
    )
  );
}

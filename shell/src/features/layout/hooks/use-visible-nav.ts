import { can } from '@erp/contracts';
import { useMemo } from 'react';
import { useCurrentUser } from '../../../current-user';
import { isRemotePresent } from '../../../remotes';
import { NAV_GROUPS, UNRELEASED_PATHS, type NavGroup } from '../../../nav-config';

/** Groups whose remote is deployed, with the items this member may read; empty groups are dropped. */
export function useVisibleNav(): NavGroup[] {
  const user = useCurrentUser();
  return useMemo(() => {
    if (!user) return [];
    return NAV_GROUPS.filter((group) => isRemotePresent(group.remote))
      .map((group) => ({
        ...group,
        items: group.items.filter((item) => !UNRELEASED_PATHS.has(item.to) && can(user, item.module, item.sub, 'read')),
      }))
      .filter((group) => group.items.length > 0);
  }, [user]);
}

import { can } from '@erp/contracts';
import { useMemo } from 'react';
import { useCurrentUser } from '../../../current-user';
import { navGroups } from '../../../modules';
import type { NavGroup } from '../../../nav-config';

/** The deployed modules' groups, with the items this member may read; empty groups are dropped. */
export function useVisibleNav(): NavGroup[] {
  const user = useCurrentUser();
  return useMemo(() => {
    if (!user) return [];
    return navGroups()
      .map((group) => ({
        ...group,
        items: group.items.filter((item) => can(user, item.module, item.sub, 'read')),
      }))
      .filter((group) => group.items.length > 0);
  }, [user]);
}

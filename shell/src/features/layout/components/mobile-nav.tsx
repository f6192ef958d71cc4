import { Button, Icon, type IconName, Link, loadDialogs, Sheet, theme } from '@erp/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useLogout } from '../hooks/use-logout';
import { groupOfPath, isItemActive } from '../../../nav-config';
import { useVisibleNav } from '../hooks/use-visible-nav';

const preloadSheets = () => void loadDialogs().catch(() => undefined);

const Bar = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${theme.z.sticky};
  display: flex;
  justify-content: space-around;
  height: calc(${theme.layout.bottomBar} + env(safe-area-inset-bottom));
  padding-bottom: env(safe-area-inset-bottom);
  border-top: 1px solid ${theme.color.border};
  background: ${theme.color.background};
`;

const tab = `
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 0.25rem;
  border: none;
  background: transparent;
  font-size: 0.6875rem;
  font-weight: 500;
  color: ${theme.color.mutedForeground};
  text-decoration: none;
  cursor: pointer;
  &[aria-current='page'], &[aria-expanded='true'] { color: ${theme.color.foreground}; }
  & > span { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

const TabButton = styled.button`
  ${tab}
`;
const TabLink = styled(Link)`
  ${tab}
`;

const SheetLinks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.25rem;
`;

const SheetLink = styled(Link)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0.875rem 0.75rem;
  border-radius: ${theme.radius.md};
  text-decoration: none;
  font-weight: 500;
  &:hover,
  &[aria-current='page'] {
    background: ${theme.color.accent};
  }
`;

const UserName = styled.p`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.5rem 0.25rem;
  font-weight: 600;
`;

interface Tab {
  id: string;
  label: string;
  icon: IconName;
}

/** Phones (SPEC §2): a bottom bar with one sheet per group and a User sheet. */
export function MobileNav({
  pathname,
  search,
  userName,
}: {
  pathname: string;
  search: string;
  userName: string;
}) {
  const groups = useVisibleNav();
  const [openSheet, setOpenSheet] = useState<string | null>(null);
  const { logout, pending } = useLogout();
  const close = () => setOpenSheet(null);
  const userTab: Tab = { id: 'user', label: 'User', icon: 'user' };
  const activeGroup = groupOfPath(groups, pathname);

  return (
    <>
      {/* Touching the bar fetches the sheets' code (Radix Dialog) before the tap ends. */}
      <Bar aria-label="Main navigation" onPointerDown={preloadSheets}>
        <TabLink to="/dashboard" aria-current={pathname === '/dashboard' ? 'page' : undefined}>
          <Icon name="home" size={20} />
          <span>Home</span>
        </TabLink>
        {groups.map((group) => (
          <TabButton
            key={group.id}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={openSheet === group.id}
            aria-current={activeGroup?.id === group.id ? 'page' : undefined}
            onClick={() => setOpenSheet(group.id)}
          >
            <Icon name={group.icon} size={20} />
            <span>{group.shortLabel}</span>
          </TabButton>
        ))}
        <TabButton
          type="button"
          aria-haspopup="dialog"
          aria-expanded={openSheet === userTab.id}
          onClick={() => setOpenSheet(userTab.id)}
        >
          <Icon name={userTab.icon} size={20} />
          <span>{userTab.label}</span>
        </TabButton>
      </Bar>
      {groups.map((group) => (
        <Sheet
          key={group.id}
          open={openSheet === group.id}
          onOpenChange={(o) => !o && close()}
          title={group.label}
        >
          <SheetLinks>
            {group.items.map((item) => (
              <li key={item.to}>
                <SheetLink
                  to={item.to}
                  onClick={close}
                  aria-current={isItemActive(item, pathname, search) ? 'page' : undefined}
                >
                  {item.label}
                  <Icon name="chevronRight" />
                </SheetLink>
              </li>
            ))}
          </SheetLinks>
        </Sheet>
      ))}
      <Sheet open={openSheet === userTab.id} onOpenChange={(o) => !o && close()} title="User">
        <UserName>
          <Icon name="user" size={20} />
          {userName}
        </UserName>
        <Button
          variant="outline"
          size="lg"
          disabled={pending}
          onClick={() => {
            close();
            void logout();
          }}
        >
          <Icon name="logout" />
          Logout
        </Button>
      </Sheet>
    </>
  );
}

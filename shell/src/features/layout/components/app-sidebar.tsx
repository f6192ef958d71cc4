import { Icon, Link, theme } from '@erp/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useVisibleNav } from '../hooks/use-visible-nav';
import { DEFAULT_OPEN_GROUP, groupOfPath, type NavGroup } from '../../../nav-config';
import { SidebarGroup } from './sidebar-group';

const Aside = styled.aside<{ $expanded: boolean }>`
  position: sticky;
  top: 0;
  flex-shrink: 0;
  height: 100vh;
  width: ${(p) => (p.$expanded ? '16rem' : '3rem')};
  display: flex;
  flex-direction: column;
  border-right: 1px solid ${theme.color.border};
  background: ${theme.color.sidebar};
  transition: width 0.2s ease;
  overflow: hidden;
`;

const Brand = styled(Link)<{ $expanded: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.625rem;
  height: 3.5rem;
  padding: ${(p) => (p.$expanded ? '0 0.875rem' : '0')};
  justify-content: ${(p) => (p.$expanded ? 'flex-start' : 'center')};
  border-bottom: 1px solid ${theme.color.border};
  text-decoration: none;
  flex-shrink: 0;
`;

const Mark = styled.span`
  display: grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  flex-shrink: 0;
  border-radius: ${theme.radius.md};
  background: ${theme.color.primary};
  color: ${theme.color.primaryForeground};
`;

const BrandText = styled.span`
  display: grid;
  line-height: 1.2;
  white-space: nowrap;
  & > strong {
    font-size: 0.9375rem;
  }
  & > small {
    color: ${theme.color.mutedForeground};
    font-size: 0.75rem;
  }
`;

const Nav = styled.nav<{ $expanded: boolean }>`
  flex: 1;
  overflow-y: auto;
  overflow-x: hidden;
  padding: 0.75rem ${(p) => (p.$expanded ? '0.625rem' : '0.375rem')};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.25rem;
`;

const Heading = styled.p`
  padding: 0.75rem 0.625rem 0.25rem;
  font-size: 0.75rem;
  font-weight: 500;
  color: ${theme.color.mutedForeground};
`;

const TopLink = styled(Link)<{ $expanded: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.625rem;
  height: 2.25rem;
  padding: ${(p) => (p.$expanded ? '0 0.625rem' : '0')};
  justify-content: ${(p) => (p.$expanded ? 'flex-start' : 'center')};
  border-radius: ${theme.radius.md};
  text-decoration: none;
  font-weight: 500;
  white-space: nowrap;
  &:hover {
    background: ${theme.color.accent};
  }
  &[aria-current='page'] {
    background: ${theme.color.accent};
  }
`;

function initialOpen(groups: NavGroup[], pathname: string): Set<string> {
  // SPEC §9: Indent starts open; while that module is not deployed, the first group does instead.
  const first = groups.some((g) => g.id === DEFAULT_OPEN_GROUP) ? DEFAULT_OPEN_GROUP : groups[0]?.id;
  const open = new Set<string>(first ? [first] : []);
  const current = groupOfPath(groups, pathname);
  if (current) open.add(current.id);
  return open;
}

export interface AppSidebarProps {
  expanded: boolean;
  onExpand: () => void;
  pathname: string;
  search: string;
}

/** Desktop sidebar: 16rem, or 3rem of icons when collapsed (SPEC §9). */
export function AppSidebar({ expanded, onExpand, pathname, search }: AppSidebarProps) {
  const groups = useVisibleNav();
  const [open, setOpen] = useState(() => initialOpen(groups, pathname));

  const toggleGroup = (id: string) => {
    if (!expanded) {
      // Collapsed: a group icon opens the sidebar on that group.
      setOpen((prev) => new Set(prev).add(id));
      onExpand();
      return;
    }
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  return (
    <Aside $expanded={expanded} aria-label="Main navigation">
      <Brand
        to="/dashboard"
        $expanded={expanded}
        aria-label={expanded ? undefined : 'ERP Management System, go to dashboard'}
      >
        <Mark>
          <Icon name="clipboard" />
        </Mark>
        {expanded && (
          <BrandText>
            <strong>ERP</strong>
            <small>Management System</small>
          </BrandText>
        )}
      </Brand>
      <Nav $expanded={expanded}>
        <List>
          <li>
            <TopLink
              to="/dashboard"
              $expanded={expanded}
              aria-current={pathname === '/dashboard' ? 'page' : undefined}
              title={expanded ? undefined : 'Dashboard'}
            >
              <Icon name="home" />
              {expanded ? 'Dashboard' : <span className="sr-only">Dashboard</span>}
            </TopLink>
          </li>
        </List>
        {groups.length > 0 && expanded && <Heading>Modules</Heading>}
        <List>
          {groups.map((group) => (
            <SidebarGroup
              key={group.id}
              group={group}
              open={open.has(group.id)}
              collapsed={!expanded}
              pathname={pathname}
              search={search}
              onToggle={() => toggleGroup(group.id)}
            />
          ))}
        </List>
      </Nav>
    </Aside>
  );
}

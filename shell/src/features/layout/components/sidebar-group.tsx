import { Icon, Link, theme } from '@erp/ui';
import styled from 'styled-components';
import { isItemActive, type NavGroup } from '../../../nav-config';

const GroupButton = styled.button<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.625rem;
  width: 100%;
  height: 2.25rem;
  padding: ${(p) => (p.$collapsed ? '0' : '0 0.625rem')};
  justify-content: ${(p) => (p.$collapsed ? 'center' : 'flex-start')};
  border: none;
  border-radius: ${theme.radius.md};
  background: transparent;
  font-weight: 500;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${theme.color.accent};
  }
  & > span {
    flex: 1;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  & > svg:last-child {
    transition: transform 0.15s;
  }
  &[aria-expanded='true'] > svg:last-child {
    transform: rotate(180deg);
  }
`;

const Items = styled.ul`
  list-style: none;
  margin: 0.125rem 0 0.25rem 1.125rem;
  padding: 0 0 0 0.625rem;
  border-left: 1px solid ${theme.color.border};
  display: grid;
  gap: 0.125rem;
`;

const ItemLink = styled(Link)`
  display: block;
  padding: 0.375rem 0.625rem;
  border-radius: ${theme.radius.md};
  color: ${theme.color.mutedForeground};
  text-decoration: none;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  &:hover {
    background: ${theme.color.accent};
    color: ${theme.color.foreground};
  }
  &[aria-current='page'] {
    background: ${theme.color.accent};
    color: ${theme.color.foreground};
    font-weight: 500;
  }
`;

export interface SidebarGroupProps {
  group: NavGroup;
  open: boolean;
  collapsed: boolean;
  pathname: string;
  search: string;
  onToggle: () => void;
}

/** A collapsible group of links; icon-only when the sidebar is collapsed. */
export function SidebarGroup({ group, open, collapsed, pathname, search, onToggle }: SidebarGroupProps) {
  const listId = `nav-group-${group.id}`;
  return (
    <li>
      <GroupButton
        type="button"
        $collapsed={collapsed}
        aria-expanded={collapsed ? undefined : open}
        aria-controls={collapsed ? undefined : listId}
        title={collapsed ? group.label : undefined}
        aria-label={collapsed ? group.label : undefined}
        onClick={onToggle}
      >
        <Icon name={group.icon} />
        {!collapsed && (
          <>
            <span>{group.label}</span>
            <Icon name="chevronDown" size={14} />
          </>
        )}
      </GroupButton>
      {!collapsed && open && (
        <Items id={listId}>
          {group.items.map((item) => (
            <li key={item.to}>
              <ItemLink to={item.to} aria-current={isItemActive(item, pathname, search) ? 'page' : undefined}>
                {item.label}
              </ItemLink>
            </li>
          ))}
        </Items>
      )}
    </li>
  );
}

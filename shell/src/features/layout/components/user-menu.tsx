import { Icon, loadPopover, Popover, Spinner, theme } from '@erp/ui';
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useLogout } from '../hooks/use-logout';

const Trigger = styled.button`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  height: 2.5rem;
  padding: 0 0.5rem 0 0.25rem;
  border: 1px solid transparent;
  border-radius: ${theme.radius.md};
  background: transparent;
  cursor: pointer;
  &:hover,
  &[aria-expanded='true'] {
    background: ${theme.color.accent};
  }
  & > span:nth-child(2) {
    font-weight: 500;
    max-width: 12rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Avatar = styled.span`
  display: grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  border-radius: 50%;
  background: ${theme.color.primary};
  color: ${theme.color.primaryForeground};
  font-size: 0.75rem;
  font-weight: 600;
`;

const Who = styled.div`
  padding: 0.5rem 0.625rem;
  border-bottom: 1px solid ${theme.color.border};
  margin-bottom: 0.25rem;
  & > p:first-child {
    font-weight: 600;
  }
  & > p:last-child {
    font-size: 0.75rem;
    color: ${theme.color.mutedForeground};
  }
`;

const Item = styled.button`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  width: 100%;
  padding: 0.5rem 0.625rem;
  border: none;
  border-radius: ${theme.radius.sm};
  background: transparent;
  text-align: left;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${theme.color.accent};
    outline: none;
  }
`;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() ||
    'A'
  );
}

export interface UserMenuProps {
  name: string;
  role?: string;
}

/** Header user menu (SPEC §2): the user's name and Logout, in a popover (Radix, from @erp/ui). */
/** The menu's code arrives when the pointer or focus reaches the button, before the click. */
const preload = () => void loadPopover().catch(() => undefined);

export function UserMenu({ name, role }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const { logout, pending } = useLogout();
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Trigger
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar aria-hidden="true">{initials(name)}</Avatar>
        <span>{name}</span>
        <Icon name="chevronDown" size={14} />
      </Trigger>
      <Popover
        open={open}
        onOpenChange={setOpen}
        anchorRef={triggerRef}
        id={menuId}
        role="menu"
        aria-label="User menu"
      >
        <Who>
          <p>{name}</p>
          {role && <p>{role}</p>}
        </Who>
        <Item
          type="button"
          role="menuitem"
          disabled={pending}
          onClick={() => {
            setOpen(false);
            void logout();
          }}
        >
          {pending ? <Spinner size={14} /> : <Icon name="logout" />}
          Logout
        </Item>
      </Popover>
    </>
  );
}

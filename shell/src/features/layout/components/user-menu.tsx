import { Icon, Spinner, theme } from '@erp/ui';
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useLogout } from '../hooks/use-logout';

const Wrapper = styled.div`
  position: relative;
`;

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
  &:hover, &[aria-expanded='true'] { background: ${theme.color.accent}; }
  & > span:nth-child(2) { font-weight: 500; max-width: 12rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
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

const Menu = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 0.375rem);
  z-index: ${theme.z.overlay};
  min-width: 13rem;
  padding: 0.25rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.background};
  box-shadow: ${theme.shadow.md};
`;

const Who = styled.div`
  padding: 0.5rem 0.625rem;
  border-bottom: 1px solid ${theme.color.border};
  margin-bottom: 0.25rem;
  & > p:first-child { font-weight: 600; }
  & > p:last-child { font-size: 0.75rem; color: ${theme.color.mutedForeground}; }
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
  &:hover, &:focus-visible { background: ${theme.color.accent}; outline: none; }
`;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || 'A';
}

export interface UserMenuProps {
  name: string;
  role?: string;
}

/** Header user menu (SPEC §2): the user's name and Logout. */
export function UserMenu({ name, role }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const { logout, pending } = useLogout();
  const menuId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const itemRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    itemRef.current?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <Wrapper ref={wrapperRef}>
      <Trigger type="button" aria-haspopup="menu" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((v) => !v)}>
        <Avatar aria-hidden="true">{initials(name)}</Avatar>
        <span>{name}</span>
        <Icon name="chevronDown" size={14} />
      </Trigger>
      {open && (
        <Menu id={menuId} role="menu" aria-label="User menu">
          <Who>
            <p>{name}</p>
            {role && <p>{role}</p>}
          </Who>
          <Item
            ref={itemRef}
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
        </Menu>
      )}
    </Wrapper>
  );
}

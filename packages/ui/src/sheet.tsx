import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { css, keyframes } from 'styled-components';
import { Icon } from './icon';
import { Overlay } from './overlay';
import { theme } from './theme';
import { useModal } from './use-modal';

export type SheetSide = 'bottom' | 'left' | 'right';

const slide = {
  bottom: keyframes`from { transform: translateY(100%); } to { transform: none; }`,
  left: keyframes`from { transform: translateX(-100%); } to { transform: none; }`,
  right: keyframes`from { transform: translateX(100%); } to { transform: none; }`,
};

const placement: Record<SheetSide, ReturnType<typeof css>> = {
  bottom: css`
    left: 0;
    right: 0;
    bottom: 0;
    max-height: 85vh;
    border-radius: ${theme.radius.lg} ${theme.radius.lg} 0 0;
    padding-bottom: calc(1.25rem + env(safe-area-inset-bottom));
  `,
  left: css`
    top: 0;
    bottom: 0;
    left: 0;
    width: min(18rem, 85vw);
  `,
  right: css`
    top: 0;
    bottom: 0;
    right: 0;
    width: min(22rem, 90vw);
  `,
};

const Panel = styled.div<{ $side: SheetSide }>`
  position: fixed;
  z-index: ${theme.z.overlay};
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: 1.25rem;
  overflow-y: auto;
  background: ${theme.color.background};
  box-shadow: ${theme.shadow.lg};
  animation: ${(p) => slide[p.$side]} 0.2s ease-out;
  ${(p) => placement[p.$side]}
  &:focus { outline: none; }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
`;

const Title = styled.h2`
  font-size: 1rem;
  font-weight: 600;
`;

const Close = styled.button`
  display: inline-flex;
  padding: 0.375rem;
  border: none;
  border-radius: ${theme.radius.sm};
  background: transparent;
  color: ${theme.color.mutedForeground};
  cursor: pointer;
  &:hover { background: ${theme.color.accent}; }
`;

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  side?: SheetSide;
  children: ReactNode;
}

export function Sheet({ open, onOpenChange, title, side = 'bottom', children }: SheetProps) {
  const id = useId();
  const ref = useModal<HTMLDivElement>(open, () => onOpenChange(false));
  if (!open) return null;
  return createPortal(
    <>
      <Overlay onClick={() => onOpenChange(false)} />
      <Panel ref={ref} $side={side} role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <Header>
          <Title id={`${id}-title`}>{title}</Title>
          <Close type="button" aria-label="Close" onClick={() => onOpenChange(false)}>
            <Icon name="x" />
          </Close>
        </Header>
        {children}
      </Panel>
    </>,
    document.body,
  );
}

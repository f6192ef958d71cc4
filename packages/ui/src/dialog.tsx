import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { Overlay } from './overlay';
import { theme } from './theme';
import { useModal } from './use-modal';

const popIn = keyframes`from { opacity: 0; transform: translate(-50%, -48%) scale(0.97); } to { opacity: 1; transform: translate(-50%, -50%) scale(1); }`;

const Content = styled.div`
  position: fixed;
  left: 50%;
  top: 50%;
  transform: translate(-50%, -50%);
  z-index: ${theme.z.overlay};
  width: calc(100% - 2rem);
  max-width: 28rem;
  max-height: calc(100% - 2rem);
  overflow-y: auto;
  display: grid;
  gap: 1rem;
  padding: 1.5rem;
  background: ${theme.color.background};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  box-shadow: ${theme.shadow.lg};
  animation: ${popIn} 0.15s ease-out;
  &:focus { outline: none; }
`;

const Title = styled.h2`
  font-size: 1.125rem;
  font-weight: 600;
`;

const Description = styled.p`
  color: ${theme.color.mutedForeground};
  font-size: 0.875rem;
  margin-top: 0.375rem;
`;

export const DialogFooter = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  ${theme.media.mobile} {
    flex-direction: column-reverse;
    & > * { width: 100%; }
  }
`;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** alertdialog for confirmations: clicking the backdrop does not dismiss it. */
  role?: 'dialog' | 'alertdialog';
}

export function Dialog({ open, onOpenChange, title, description, children, role = 'dialog' }: DialogProps) {
  const id = useId();
  const ref = useModal<HTMLDivElement>(open, () => onOpenChange(false));
  if (!open) return null;
  return createPortal(
    <>
      <Overlay onClick={role === 'dialog' ? () => onOpenChange(false) : undefined} />
      <Content
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-desc` : undefined}
        tabIndex={-1}
      >
        <div>
          <Title id={`${id}-title`}>{title}</Title>
          {description && <Description id={`${id}-desc`}>{description}</Description>}
        </div>
        {children}
      </Content>
    </>,
    document.body,
  );
}

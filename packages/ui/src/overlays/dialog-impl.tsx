/**
 * Dialogs and sheets on Radix Dialog (focus trap, Escape, scroll lock, focus return, aria wiring),
 * styled here. Loaded lazily by ../dialog.tsx and ../sheet.tsx.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import styled, { css, keyframes } from 'styled-components';
import { Icon } from '../icon';
import { theme } from '../theme';
import type { DialogProps } from '../dialog';
import type { SheetProps, SheetSide } from '../sheet';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const popIn = keyframes`from { opacity: 0; transform: translate(-50%, -48%) scale(0.97); } to { opacity: 1; transform: translate(-50%, -50%) scale(1); }`;

const Overlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: ${theme.z.overlay};
  background: ${theme.color.overlay};
  animation: ${fadeIn} 0.15s ease-out;
`;

const Content = styled(RadixDialog.Content)`
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
  &:focus {
    outline: none;
  }
`;

const Title = styled(RadixDialog.Title)`
  font-size: 1.125rem;
  font-weight: 600;
`;

const Description = styled(RadixDialog.Description)`
  color: ${theme.color.mutedForeground};
  font-size: 0.875rem;
  margin-top: 0.375rem;
`;

/** A confirmation (alertdialog) is answered with its buttons or Escape, never by a click beside it. */
const keepOpen = (event: Event) => event.preventDefault();

export function DialogImpl({
  open,
  onOpenChange,
  title,
  description,
  children,
  role = 'dialog',
  onCloseAutoFocus,
}: DialogProps) {
  const alert = role === 'alertdialog';
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Overlay />
        <Content
          role={role}
          {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(alert ? { onPointerDownOutside: keepOpen, onInteractOutside: keepOpen } : {})}
        >
          <div>
            <Title>{title}</Title>
            {description && <Description>{description}</Description>}
          </div>
          {children}
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

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

const Panel = styled(RadixDialog.Content)<{ $side: SheetSide }>`
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
  &:focus {
    outline: none;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
`;

const SheetTitle = styled(RadixDialog.Title)`
  font-size: 1rem;
  font-weight: 600;
`;

const Close = styled(RadixDialog.Close)`
  display: inline-flex;
  padding: 0.375rem;
  border: none;
  border-radius: ${theme.radius.sm};
  background: transparent;
  color: ${theme.color.mutedForeground};
  cursor: pointer;
  &:hover {
    background: ${theme.color.accent};
  }
`;

export function SheetImpl({ open, onOpenChange, title, side = 'bottom', children }: SheetProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Overlay />
        <Panel $side={side} aria-describedby={undefined}>
          <Header>
            <SheetTitle>{title}</SheetTitle>
            <Close aria-label="Close">
              <Icon name="x" />
            </Close>
          </Header>
          {children}
        </Panel>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

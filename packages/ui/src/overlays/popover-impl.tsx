/** Popovers on Radix Popover (positioning, dismissal, focus), styled. Loaded lazily by ../popover.tsx. */
import * as RadixPopover from '@radix-ui/react-popover';
import styled, { keyframes } from 'styled-components';
import type { PopoverProps } from '../popover';
import { theme } from '../theme';

const show = keyframes`from { opacity: 0; transform: translateY(-0.25rem); } to { opacity: 1; transform: none; }`;

const Content = styled(RadixPopover.Content)<{ $combobox: boolean }>`
  z-index: ${theme.z.overlay};
  min-width: ${(p) => (p.$combobox ? 'var(--radix-popover-trigger-width)' : '13rem')};
  width: ${(p) => (p.$combobox ? 'var(--radix-popover-trigger-width)' : 'auto')};
  max-height: min(20rem, var(--radix-popover-content-available-height));
  overflow-y: auto;
  max-width: calc(100vw - 1rem);
  padding: 0.25rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.background};
  box-shadow: ${theme.shadow.md};
  animation: ${show} 0.12s ease-out;
  &:focus {
    outline: none;
  }
`;

export function PopoverImpl({
  open,
  onOpenChange,
  anchorRef,
  children,
  align = 'end',
  side = 'bottom',
  combobox = false,
  id,
  role,
  'aria-label': label,
}: PopoverProps) {
  const onTrigger = (target: EventTarget | null) =>
    target instanceof Node && anchorRef.current?.contains(target);
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Anchor virtualRef={anchorRef} />
      <RadixPopover.Portal>
        <Content
          id={id}
          role={role}
          aria-label={label}
          align={align}
          side={side}
          $combobox={combobox}
          sideOffset={combobox ? 4 : 6}
          collisionPadding={8}
          // A combobox keeps the focus in its input; a menu moves it to its first item.
          onOpenAutoFocus={combobox ? (event) => event.preventDefault() : undefined}
          // The trigger toggles the popover itself: a press on it is not "outside".
          onInteractOutside={(event) => onTrigger(event.target) && event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!combobox) anchorRef.current?.focus();
          }}
        >
          {children}
        </Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

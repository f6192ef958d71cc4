/** Popovers on Radix Popover (positioning, dismissal, focus), styled. Loaded lazily by ../popover.tsx. */
import * as RadixPopover from '@radix-ui/react-popover';
import styled, { keyframes } from 'styled-components';
import type { PopoverProps } from '../popover';
import { theme } from '../theme';

const show = keyframes`from { opacity: 0; transform: translateY(-0.25rem); } to { opacity: 1; transform: none; }`;

const Content = styled(RadixPopover.Content)`
  z-index: ${theme.z.overlay};
  min-width: 13rem;
  max-width: calc(100vw - 1rem);
  padding: 0.25rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.background};
  box-shadow: ${theme.shadow.md};
  animation: ${show} 0.12s ease-out;
  &:focus { outline: none; }
`;

export function PopoverImpl({ open, onOpenChange, anchorRef, children, align = 'end', side = 'bottom', id, role, 'aria-label': label }: PopoverProps) {
  const onTrigger = (target: EventTarget | null) => target instanceof Node && anchorRef.current?.contains(target);
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
          sideOffset={6}
          collisionPadding={8}
          // The trigger toggles the popover itself: a press on it is not "outside".
          onInteractOutside={(event) => onTrigger(event.target) && event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            anchorRef.current?.focus();
          }}
        >
          {children}
        </Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

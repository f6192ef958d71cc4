import { lazy, Suspense, type ReactNode, type RefObject } from 'react';
import { lazyPart, useOpenedOnce } from './lazy-part';

export interface PopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The element the popover hangs from and returns focus to: the app renders its own trigger (so
   * nothing on screen changes while the popover's code loads) and toggles `open` from it.
   */
  anchorRef: RefObject<HTMLElement | null>;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'right' | 'bottom' | 'left';
  /**
   * A combobox's list: focus stays in the anchor (the input) when the popover opens, and the popover is
   * as wide as the anchor.
   */
  combobox?: boolean;
  /** The content's id (the trigger's aria-controls), role and label. */
  id?: string;
  role?: string;
  'aria-label'?: string;
}

/**
 * Radix Popover, styled (overlays/popover-impl.tsx). Fetched when first opened; a trigger calls
 * `loadPopover` on hover or focus so the code is there by the click (the shell's user menu is on every
 * page and must not add to the first load).
 */
export const loadPopover = lazyPart(() => import('./overlays/popover-impl'));
const PopoverImpl = lazy(() => loadPopover().then((m) => ({ default: m.PopoverImpl })));

/** A floating panel next to its trigger: positioned, dismissed by Escape or a click outside, focus kept inside while open. */
export function Popover(props: PopoverProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <PopoverImpl {...props} />
    </Suspense>
  );
}

import { lazy, Suspense, type ReactNode } from 'react';
import { loadDialogs } from './dialog';
import { useOpenedOnce } from './lazy-part';

export type SheetSide = 'bottom' | 'left' | 'right';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  side?: SheetSide;
  children: ReactNode;
}

const SheetImpl = lazy(() => loadDialogs().then((m) => ({ default: m.SheetImpl })));

/**
 * A panel from the bottom or a side (phones: menus, filters), on Radix Dialog like `Dialog`. Its code is
 * fetched when first opened (or earlier through `loadDialogs`, e.g. when the user touches a menu button):
 * the shell's phone menu is on every page and must not add to the first load.
 */
export function Sheet(props: SheetProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <SheetImpl {...props} />
    </Suspense>
  );
}

import type { HTMLAttributes } from 'react';
/** Where the toasts may sit without covering a page's actions (decision 0038); pure, for the toaster. */

/** Space between toasts, and between the toasts and what they keep clear of. */
export const GAP = 8;

/**
 * Attributes of an element toasts must never cover (a form's buttons, a dialog's footer, a sticky
 * action bar): `styled.div.attrs(keepClear)` or `<div {...keepClear}>`.
 */
export const keepClear = { 'data-keep-clear': '' } as HTMLAttributes<HTMLElement>;

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * How far above the viewport's bottom the toasts must sit to leave every `[data-keep-clear]` element
 * uncovered: from `base` (their usual place), raised above each such element that overlaps the
 * column they take up, counted at their full (expanded, hovered) height. Pure: rectangles in, pixels out.
 */
export function clearOffset(
  base: number,
  viewport: { height: number },
  column: { left: number; right: number },
  stackHeight: number,
  keepClear: ReadonlyArray<Box>,
  topLimit = 0,
): number {
  const visible = keepClear.filter(
    (r) =>
      r.bottom > r.top &&
      r.bottom > 0 &&
      r.top < viewport.height &&
      r.right > column.left &&
      r.left < column.right,
  );
  let offset = base;
  for (let changed = true; changed;) {
    changed = false;
    const bottom = viewport.height - offset;
    const top = bottom - stackHeight - GAP;
    for (const r of visible) {
      if (r.top < bottom && r.bottom > top) {
        const raised = viewport.height - r.top + GAP;
        if (raised > offset) {
          offset = raised;
          changed = true;
        }
      }
    }
  }
  // Never pushed off the screen (or under the header): past that the usual place is kept.
  return viewport.height - offset - stackHeight < topLimit ? base : offset;
}

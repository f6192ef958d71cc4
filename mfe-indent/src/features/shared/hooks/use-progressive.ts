import { startTransition, useEffect, useState } from 'react';

/** Cards drawn at once when a page opens; the rest follow in steps of STEP, as interruptible transitions. */
export const FIRST = 12;
export const STEP = 60;

/**
 * How many of `total` items to draw: the first FIRST at once, then STEP more after each paint, each
 * step a transition (a click or a key press goes first), until all are there. A 300-line indent
 * opens with its first cards, the controls and the preview at once on a slow phone instead of
 * after drawing every card.
 */
export function useProgressiveCount(total: number): number {
  const [shown, setShown] = useState(() => Math.min(total, FIRST));
  useEffect(() => {
    if (shown >= total) return;
    let cancelled = false;
    const frame = requestAnimationFrame(() =>
      setTimeout(() => {
        if (!cancelled) startTransition(() => setShown((n) => Math.min(total, n + STEP)));
      }, 0),
    );
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [shown, total]);
  return Math.min(shown, total);
}

import { describe, expect, it } from 'vitest';
import { clearOffset, GAP } from './keep-clear';

const viewport = { height: 800 };
const column = { left: 880, right: 1264 };
const box = (top: number, bottom: number, left = 1100, right = 1264) => ({ top, bottom, left, right });

describe('where the toasts sit', () => {
  it('stay in their usual place when nothing to keep clear is there', () => {
    expect(clearOffset(16, viewport, column, 70, [])).toBe(16);
    // A button far above the toasts, or left of their column.
    expect(clearOffset(16, viewport, column, 70, [box(300, 336), box(750, 786, 200, 400)])).toBe(16);
  });

  it('rise above a form button that lies where they would be', () => {
    const save = box(740, 776);
    const offset = clearOffset(16, viewport, column, 70, [save]);
    expect(offset).toBe(800 - 740 + GAP);
    // The toasts' box (bottom at 800 - offset) ends above the button's top.
    expect(800 - offset).toBeLessThanOrEqual(save.top - GAP);
  });

  it('rise above a second action bar met on the way up', () => {
    const offset = clearOffset(16, viewport, column, 70, [box(740, 776), box(640, 700)]);
    expect(offset).toBe(800 - 640 + GAP);
  });

  it('count the whole stack, so a button just above the first toast is cleared too', () => {
    // Four toasts of 70 px: the stack reaches 800 - 16 - 310; a button at 500-536 is inside it.
    expect(clearOffset(16, viewport, column, 4 * 70 + 3 * GAP, [box(500, 536)])).toBe(800 - 500 + GAP);
  });

  it('keep their usual place rather than leave the screen', () => {
    expect(clearOffset(16, viewport, column, 70, [box(60, 790)], 56)).toBe(16);
  });
});

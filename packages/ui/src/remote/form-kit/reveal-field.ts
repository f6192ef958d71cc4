import { focusField } from './use-form-kit';

/** Where a field's row lies in a virtualised list: the list's element id, the row's index and how many rows there are. */
export interface ListRow {
  listId: string;
  index: number;
  total: number;
}

/**
 * A field on screen and focused, even when its row of a long virtualised list is not rendered: scroll
 * toward the row, frame by frame (from the rows that are rendered, or in proportion when none is),
 * until the field is there. `row` null: the field is not in a list. `giveUp` runs when the field
 * cannot be reached (not in a list, the list not on the page, or after `tries` frames).
 */
export function revealField(id: string, row: ListRow | null, giveUp?: () => void, tries = 20): void {
  let tried = 0;
  const step = () => {
    if (document.getElementById(id)) {
      focusField(id);
      return;
    }
    const list = row && document.getElementById(row.listId);
    if (!row || !list || tried++ > tries) {
      giveUp?.();
      return;
    }
    window.scrollTo({ top: window.scrollY + rowOffset(list, row) - window.innerHeight / 2 });
    requestAnimationFrame(() => requestAnimationFrame(step));
  };
  step();
}

/** How far below the top of the window the row is, measured from the rendered rows ([data-index]) nearest to it. */
function rowOffset(list: HTMLElement, { index, total }: ListRow): number {
  const rows = [...list.querySelectorAll<HTMLElement>('[data-index]')];
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) {
    const rect = list.getBoundingClientRect();
    return rect.top + (rect.height * index) / Math.max(total, 1);
  }
  const from = Number(first.dataset.index);
  const to = Number(last.dataset.index);
  const rowHeight =
    (last.getBoundingClientRect().bottom - first.getBoundingClientRect().top) / Math.max(to - from + 1, 1);
  const anchor = index < from ? first : last;
  return anchor.getBoundingClientRect().top + (index - Number(anchor.dataset.index)) * rowHeight;
}

/** The row of a line's field ('items.3.quantity' in a form whose lines are `items`), or null for a field outside the lines. */
export function lineRow(field: string, listId: string, total: number, lines = 'items'): ListRow | null {
  const match = new RegExp(`^${lines}\\.(\\d+)\\.`).exec(field);
  return match ? { listId, index: Number(match[1]), total } : null;
}

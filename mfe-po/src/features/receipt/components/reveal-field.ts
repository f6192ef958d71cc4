/**
 * A field brought on screen and focused. A line far down a long PO is not rendered (the table is
 * virtualised): scroll toward it, frame by frame, until its row is there.
 */
import { focusField } from '@erp/ui/remote-form';

export function revealField(id: string, index: number, total: number, listId: string): void {
  let tries = 0;
  const step = () => {
    if (document.getElementById(id)) {
      focusField(id);
      return;
    }
    const list = document.getElementById(listId);
    if (!list || tries++ > 30) return;
    const rows = [...list.querySelectorAll<HTMLElement>('[data-index]')];
    const first = rows[0];
    const last = rows.at(-1);
    if (!first || !last) {
      const rect = list.getBoundingClientRect();
      window.scrollTo({
        top: window.scrollY + rect.top + (rect.height * index) / Math.max(total, 1) - window.innerHeight / 2,
      });
    } else {
      const from = Number(first.dataset.index);
      const to = Number(last.dataset.index);
      const rowHeight =
        (last.getBoundingClientRect().bottom - first.getBoundingClientRect().top) /
        Math.max(to - from + 1, 1);
      const anchor = index < from ? first : last;
      const distance = (index - Number(anchor.dataset.index)) * rowHeight;
      window.scrollTo({
        top: window.scrollY + anchor.getBoundingClientRect().top + distance - window.innerHeight / 2,
      });
    }
    requestAnimationFrame(() => requestAnimationFrame(step));
  };
  step();
}

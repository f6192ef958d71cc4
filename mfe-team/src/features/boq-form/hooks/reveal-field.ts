import { lineRow, revealField as reveal, type FormKit } from '@erp/ui/remote-form';
import type { BoqFormValues } from './boq-form-values';

/** The id of the element that holds the form's lines (scrolled to, and searched for rendered rows). */
export const LINES_ID = 'boq-lines';

/**
 * A field of the BOQ form on screen and focused; a line far down a long BOQ (not rendered, the list
 * is virtualised) is scrolled to first. When the problem is the lines themselves, the list is shown.
 */
export function revealField(kit: FormKit<BoqFormValues>, field: string): void {
  reveal(kit.fieldId(field), lineRow(field, LINES_ID, kit.form.getValues('items').length), () => {
    if (field === 'items')
      document.getElementById(LINES_ID)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}

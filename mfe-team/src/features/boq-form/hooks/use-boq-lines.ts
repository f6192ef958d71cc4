import type { BoqImportLine } from '@erp/contracts';
import { toast } from '@erp/ui';
import type { FormKit } from '@erp/ui/remote-form';
import { useMemo, useRef } from 'react';
import type { LinesContextValue } from '../components/boq-lines';
import { appendImported, emptyBoqLine, type AppendResult, type BoqFormValues } from './boq-form-values';
import { revealField } from './reveal-field';

export interface BoqLinesControl {
  /** What the line cells read through context. */
  lines: LinesContextValue;
  /** The lines' keys, in order (the virtualised rows). */
  keys: string[];
  /** How many lines hold each item (the pickers show 'Added'; an import skips them). */
  counts: Map<string, number>;
  /** Adds a blank line and brings its item picker on screen. */
  addLine: () => void;
  /** Appends an import's ready lines and says what it did in a toast. */
  addImported: (imported: readonly BoqImportLine[]) => AppendResult;
}

/** The form's estimate lines: which items are taken, removing, adding a line, and adding an import's lines. */
export function useBoqLines(kit: FormKit<BoqFormValues>): BoqLinesControl {
  const { values } = kit;

  // Which items are on the form (the pickers show 'Added'); read by the pickers when they open.
  const taken = useRef(new Map<string, number>());
  const counts = new Map<string, number>();
  for (const line of values.items)
    if (line.item) counts.set(line.item._id, (counts.get(line.item._id) ?? 0) + 1);
  taken.current = counts;

  const remove = (index: number) =>
    kit.set(
      'items',
      kit.form.getValues('items').filter((_, i) => i !== index),
    );
  const removeRef = useRef(remove);
  removeRef.current = remove;
  // The cells read the kit through context; it changes for them only when saving starts or ends.
  const lines: LinesContextValue = useMemo(
    () => ({ kit, taken, remove: (index: number) => removeRef.current(index) }),
    [kit.saving, kit.readOnly],
  );

  const keys = values.items.map((line) => line.key);

  const addLine = () => {
    const items = kit.form.getValues('items');
    kit.set('items', [...items, emptyBoqLine()]);
    requestAnimationFrame(() => revealField(kit, `items.${items.length}.item`));
  };

  const addImported = (imported: readonly BoqImportLine[]) => {
    const result = appendImported(kit.form.getValues('items'), imported);
    kit.set('items', result.lines);
    const notes = [
      result.skipped > 0 ? `${result.skipped} skipped: the item is already on this BOQ` : '',
      result.overLimit > 0
        ? `${result.overLimit} left out: a BOQ has at most ${result.lines.length} lines`
        : '',
    ].filter(Boolean);
    toast({
      title: `${result.added} ${result.added === 1 ? 'line' : 'lines'} added`,
      description: notes.join('. ') || undefined,
      variant: 'success',
    });
    return result;
  };

  return { lines, keys, counts, addLine, addImported };
}

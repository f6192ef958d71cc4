import type { VendorItemLink } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { toast } from '@erp/ui';
import { useState } from 'react';
import { useUpdateVendorPrice } from '../api/update-vendor-price';
import { draftBody, draftProblem, toDraft, type Draft } from './linked-item-draft';

export interface LinkedItemEdit {
  /** The row being edited (one at a time) and what is typed in it. */
  editing: { id: string; draft: Draft } | null;
  /** The draft of this row if it is the one being edited, else null. */
  draftOf: (link: VendorItemLink) => Draft | null;
  setDraft: (patch: Partial<Draft>) => void;
  start: (link: VendorItemLink) => void;
  cancel: () => void;
  save: (link: VendorItemLink) => void;
  /** A save is on its way. */
  busy: boolean;
}

/**
 * The inline edit of a linked item's price, GST, MOQ, status and notes: one row at a time; a save is
 * checked first (a toast names the first problem), then sent with the version read.
 */
export function useLinkedItemEdit(vendorId: string): LinkedItemEdit {
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);
  const update = useUpdateVendorPrice();

  const setDraft = (patch: Partial<Draft>) =>
    setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));

  const save = (link: VendorItemLink) => {
    if (!editing) return;
    const { draft } = editing;
    const problem = draftProblem(draft);
    if (problem) {
      toast({ title: 'Validation Error', description: problem, variant: 'destructive' });
      return;
    }
    update.mutate(
      { itemId: link.itemId, vendorId, body: draftBody(draft, link.itemVersion) },
      {
        onSuccess: () => {
          setEditing(null);
          toast({
            title: 'Changes Saved',
            description: 'Item details updated successfully.',
            variant: 'success',
          });
        },
        // On 409 (someone else changed the item) the row stays in edit mode with what was typed.
        onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  return {
    editing,
    draftOf: (link) => (editing?.id === link._id ? editing.draft : null),
    setDraft,
    start: (link) => setEditing({ id: link._id, draft: toDraft(link) }),
    cancel: () => setEditing(null),
    save,
    busy: update.isPending,
  };
}

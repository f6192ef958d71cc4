import { toast } from '@erp/ui';
import type { FormKit } from '@erp/ui/remote-form';
import { useMemo, useState } from 'react';
import type { ItemFormValues, VendorRowValues } from './item-form-values';

/** What the Vendor Prices section and its remove confirmation need from the form's vendor rows. */
export interface VendorRows {
  /** The vendors chosen on the other rows (a vendor is priced once per item). */
  takenFor: (key: string) => Set<string>;
  /** Asks to remove a row (the confirmation opens); null closes it. */
  askRemove: (key: string | null) => void;
  /** The row whose removal is being confirmed. */
  rowToRemove: VendorRowValues | undefined;
  remove: (key: string) => void;
  restore: (key: string) => void;
}

/**
 * The vendor rows' removal and undo, and which vendors each row may not pick again. Kept apart from
 * the form so the rule that an existing price is only marked removed (until saved) lives in one place.
 */
export function useVendorRows(kit: FormKit<ItemFormValues>): VendorRows {
  const { values } = kit;
  const [confirmRemove, setConfirmRemove] = useState<string | null>(null);

  const chosen = useMemo(
    () =>
      values.vendors.filter((r) => !r.removed && r.vendor).map((r) => [r.key, r.vendor?._id ?? ''] as const),
    [values.vendors],
  );
  const takenFor = (key: string) => new Set(chosen.filter(([k]) => k !== key).map(([, v]) => v));

  const remove = (key: string) => {
    // An existing price is marked removed and inactive until saved; a new row simply goes.
    kit.set(
      'vendors',
      values.vendors.flatMap((r) =>
        r.key !== key
          ? [r]
          : r._id
            ? [{ ...r, removed: true, active: false, activeBeforeRemoval: r.active }]
            : [],
      ),
    );
    setConfirmRemove(null);
    toast({ title: 'Vendor price removed' });
  };

  // Undo: the price comes back exactly as it was (active or not), so saving changes nothing.
  const restore = (key: string) =>
    kit.set(
      'vendors',
      values.vendors.map((r) => {
        if (r.key !== key) return r;
        const { activeBeforeRemoval, ...row } = r;
        return { ...row, removed: false, active: activeBeforeRemoval ?? r.active };
      }),
    );

  const rowToRemove = values.vendors.find((r) => r.key === confirmRemove);

  return { takenFor, askRemove: setConfirmRemove, rowToRemove, remove, restore };
}

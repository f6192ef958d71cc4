import type { VendorItemLink } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { toast } from '@erp/ui';
import { useState } from 'react';
import { useRemoveVendorPrice } from '../api/remove-vendor-price';

export interface LinkedItemRemove {
  /** The row whose removal is being confirmed. */
  removing: VendorItemLink | null;
  ask: (link: VendorItemLink) => void;
  dismiss: () => void;
  confirm: () => void;
  busy: boolean;
}

/**
 * Removing a vendor's price on an item, after a confirmation; `onRemoved` is told of the row removed
 * (so an edit of it ends).
 */
export function useLinkedItemRemove(
  vendorId: string,
  onRemoved: (link: VendorItemLink) => void,
): LinkedItemRemove {
  const [removing, setRemoving] = useState<VendorItemLink | null>(null);
  const remove = useRemoveVendorPrice();

  const confirm = () => {
    if (!removing) return;
    const link = removing;
    remove.mutate(
      { itemId: link.itemId, vendorId },
      {
        onSuccess: () => {
          setRemoving(null);
          onRemoved(link);
          // SPEC §8: 'Item Removed' with 'Vendor price removed'.
          toast({ title: 'Item Removed', description: 'Vendor price removed', variant: 'success' });
        },
        onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  return {
    removing,
    ask: setRemoving,
    dismiss: () => setRemoving(null),
    confirm,
    busy: remove.isPending,
  };
}

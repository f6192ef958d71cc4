import { INDENT_MESSAGES } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import { toast } from '@erp/ui';
import type { SyncMode } from './selection-store';

/**
 * A failed save of the vendor choices (Save Selections, Send for Approval, Approve). Prices changed
 * since the screen was read: the new ones are shown, keeping what the member chose wherever the
 * vendor is still offered. Another 409 (someone else changed the indent): a banner offers a reload.
 * Anything else: the service's message.
 */
export function showChoicesSaveError(
  error: unknown,
  on: {
    nextSync: (mode: SyncMode) => void;
    refetch: () => Promise<unknown>;
    setStale: (message: string) => void;
  },
): void {
  if (error instanceof ApiError && error.status === 409 && error.message === INDENT_MESSAGES.pricesChanged) {
    toast({ title: 'Vendor prices changed', description: error.message, variant: 'destructive' });
    on.nextSync('keep');
    void on.refetch();
  } else if (error instanceof ApiError && error.status === 409) {
    on.setStale(error.message);
    toast({ title: error.message, variant: 'destructive' });
  } else {
    toast({ title: errorMessage(error), variant: 'destructive' });
  }
}

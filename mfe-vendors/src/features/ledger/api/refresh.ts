import type { QueryClient } from '@tanstack/react-query';
import { vendorKeys } from '../../shared/api/vendor-keys';
import { ledgerKeys } from './ledger-keys';

/** After an entry or a decision: every ledger query, and the vendor screens (their Outstanding column reads the wallet). */
export const refreshAfterChange = (queryClient: QueryClient): Promise<unknown> =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ledgerKeys() }),
    queryClient.invalidateQueries({ queryKey: vendorKeys() }),
  ]);

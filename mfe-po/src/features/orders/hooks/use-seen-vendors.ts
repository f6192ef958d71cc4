import { useState } from 'react';
import type { VendorOption } from '../api/get-filter-options';
import { mergeVendors } from './po-list-filters';

/** The vendors of every page a list has shown so far (what the Vendor filter offers without the vendor master). */
export function useSeenVendors(
  rows: readonly { vendor: VendorOption }[] | undefined,
): readonly VendorOption[] {
  const [seen, setSeen] = useState<readonly VendorOption[]>([]);
  const next = rows ? mergeVendors(seen, rows) : seen;
  // Adjusting state while rendering (React's pattern for state derived from props): no effect, no extra paint.
  if (next !== seen) setSeen(next);
  return next;
}

import { createQueryKeys } from '@erp/sdk';

/** Every query of this feature starts with 'vendors', so a save can refresh them all at once. */
export const vendorKeys = createQueryKeys('vendors');

import { createQueryKeys } from '@erp/sdk/query';

/** Every query of this feature starts with 'vendors', so a save can refresh them all at once. */
export const vendorKeys = createQueryKeys('vendors');

import { createQueryKeys } from '@erp/sdk/query';

/** Every query of this feature starts with 'items', so a save can refresh them all at once. */
export const itemKeys = createQueryKeys('items');

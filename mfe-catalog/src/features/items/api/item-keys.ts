import { createQueryKeys } from '@erp/sdk';

/** Every query of this feature starts with 'items', so a save can refresh them all at once. */
export const itemKeys = createQueryKeys('items');

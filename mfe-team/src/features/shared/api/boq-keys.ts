import { createQueryKeys } from '@erp/sdk/query';

/**
 * Every BOQ query starts with 'boq' (the list, one BOQ, a project's BOQs), so a save, a delete or a
 * revision refreshes them all at once.
 */
export const boqKeys = createQueryKeys('boq');

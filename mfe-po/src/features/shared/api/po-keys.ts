import { createQueryKeys } from '@erp/sdk/query';

/**
 * Every query of this remote starts with 'po' (the lists, one PO, an invoice photo, the filters'
 * projects and vendors), so a receipt or a short-close refreshes them all with one
 * `invalidateQueries({ queryKey: ['po'] })`.
 */
export const poKeys = createQueryKeys('po');

import { createQueryKeys } from '@erp/sdk/query';

/**
 * Every indent query of this remote starts with 'indent' (the list, one indent, the compare and
 * approval answers), so a save anywhere refreshes them all at once.
 */
export const indentKeys = createQueryKeys('indent');

import { createQueryKeys } from '@erp/sdk/query';

/** Every query of this feature starts with 'team', so a save can refresh them all at once. */
export const teamKeys = createQueryKeys('team');

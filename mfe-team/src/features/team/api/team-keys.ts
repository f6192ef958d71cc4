import { createQueryKeys } from '@erp/sdk';

/** Every query of this feature starts with 'team', so a save can refresh them all at once. */
export const teamKeys = createQueryKeys('team');

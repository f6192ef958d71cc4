import { createQueryClient } from '@erp/sdk/query';

/** One cache for this remote; it survives unmount/mount so returning to a list is instant. */
export const queryClient = createQueryClient();

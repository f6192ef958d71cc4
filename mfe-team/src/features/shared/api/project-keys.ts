import { createQueryKeys } from '@erp/sdk/query';

/**
 * Every project query starts with 'projects' (the list, one project, the next code, and the member
 * form's project picker), so a project save refreshes them all at once.
 */
export const projectKeys = createQueryKeys('projects');

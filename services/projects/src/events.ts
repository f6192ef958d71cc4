import type { Project, ProjectUpsertedData } from '@erp/contracts';

/** erp.projects.project_upserted.v1 as built from a stored project (the routes and message pacts use this). */
export function projectUpsertedData(
  p: Pick<Project, '_id' | 'projectCode' | 'name' | 'status' | 'location' | 'version'>,
): ProjectUpsertedData {
  return {
    projectId: p._id,
    projectCode: p.projectCode,
    name: p.name,
    status: p.status,
    location: p.location,
    version: p.version,
  };
}

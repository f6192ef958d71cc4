import { ProjectUpserted, type Project, type ProjectUpsertedData } from '@erp/contracts';
import type { Queryable, ServiceContext } from '@erp/service-kit';
import { toProject } from '../domain/project-input.js';
import type { ProjectsRepository } from '../repositories/projects.js';

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

/** The project as answered, after the change; project_upserted in the same transaction. */
export async function publishProject(
  ctx: ServiceContext,
  projects: ProjectsRepository,
  tx: Queryable,
  id: string,
  meta: { requestId: string; actorId: string },
): Promise<Project> {
  const p = await projects.withTeam(tx, (await projects.stored(tx, id))!);
  await ctx.emit(tx, ProjectUpserted, projectUpsertedData(p), meta);
  return toProject(p);
}

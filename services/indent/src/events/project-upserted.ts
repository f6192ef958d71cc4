/** erp.projects.project_upserted.v1: the project's name, code and location as the projects service announces them. */
import type { ProjectUpsertedData } from '@erp/contracts';
import { isUuid, type Queryable } from '@erp/service-kit';
import type { IndentRepository } from '../repositories/indents.js';
import { upsertProject } from '../repositories/replicas.js';

export async function onProjectUpserted(
  tx: Queryable,
  schema: string,
  indents: IndentRepository,
  p: ProjectUpsertedData,
): Promise<void> {
  if (!isUuid(p.projectId)) return;
  const renamed = await upsertProject(schema, tx, p);
  // A renamed project's indents are found by its new name (their keyword words hold it).
  if (renamed) await indents.refreshSearch(tx, { projectId: p.projectId });
}

import type { ServiceContext } from '@erp/service-kit';
import type { ProjectsRepository } from './repositories/projects.js';

/** What the project routes share, built once at start. */
export interface ProjectsDeps {
  ctx: ServiceContext;
  projects: ProjectsRepository;
}

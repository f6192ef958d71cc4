import type { ServiceContext } from '@erp/service-kit';
import type { AnswersCache } from '@erp/service-kit';
import type { BoqsRepository } from './repositories/boqs.js';
import type { ProjectsRepository } from './repositories/projects.js';

/** What the project and BOQ routes share, built once at start. */
export interface ProjectsDeps {
  ctx: ServiceContext;
  projects: ProjectsRepository;
  boqs: BoqsRepository;
  /** Kept list and BOQ page answers (decision 0019). */
  answers: AnswersCache;
}

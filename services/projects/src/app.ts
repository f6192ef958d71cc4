import { fileURLToPath } from 'node:url';
import {
  answersCache,
  ensureSearchIndexes,
  type AnswersCache,
  type ServiceContext,
  type ServiceDefinition,
} from '@erp/service-kit';
import { indentCountConsumer } from './events/indent-upserted.js';
import { itemSnapshotConsumer, requestItemsIfEmpty } from './events/item-upserted.js';
import { receiptConsumer } from './events/receipt-recorded.js';
import { boqsRepository, type BoqsRepository } from './repositories/boqs.js';
import { projectsRepository, type ProjectsRepository } from './repositories/projects.js';
import { boqTransferRoutes } from './routes/boq-transfer.js';
import { boqRoutes } from './routes/boqs.js';
import { projectRoutes } from './routes/projects.js';

export { projectUpsertedData } from './events/project-upserted.js';
export { projectsRepository, type ProjectsRepository } from './repositories/projects.js';
export { boqsRepository, type BoqsRepository } from './repositories/boqs.js';
export { handleIndentUpserted } from './events/indent-upserted.js';

/** What the project and BOQ routes share, built once at start. */
export interface ProjectsDeps {
  ctx: ServiceContext;
  projects: ProjectsRepository;
  boqs: BoqsRepository;
  /** Kept list and BOQ page answers (decision 0019). */
  answers: AnswersCache;
}

/**
 * Projects service: the project master (SPEC §2 "Projects", §7 /project) and the projects' bills of
 * quantities (SPEC §2 "BOQ", §7 /boq; decision 0016). Which Employees a project has is auth's fact
 * (decision 0015): read from the access replica, set through team_set. Each BOQ's indents are
 * counted from the indent service's erp.indent.upserted.v1 (decision 0034).
 */
export function projectsService(): ServiceDefinition {
  const schema = 'projects';
  const projects = projectsRepository(schema);
  const boqs = boqsRepository(schema);
  const answers = answersCache(schema);
  return {
    name: 'projects',
    schema,
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    async onStart(ctx) {
      // The project and BOQ lists' keyword search and its count along trigram indexes (decision 0018).
      await ensureSearchIndexes(
        ctx,
        [
          { name: 'projects_search_trgm', table: `${schema}.projects`, column: 'search' },
          { name: 'boqs_search_trgm', table: `${schema}.boqs`, column: 'search' },
        ],
        'project and BOQ keyword searches scan instead of using trigram indexes',
      );
      // Published once the service subscribes and starts publishing (the outbox), like the access snapshot request.
      await requestItemsIfEmpty(ctx, boqs);
    },
    consumers: [itemSnapshotConsumer(boqs), receiptConsumer(boqs), indentCountConsumer(schema)],
    async routes(app, ctx) {
      const deps = { ctx, projects, boqs, answers };
      await projectRoutes(app, deps);
      await boqRoutes(app, deps);
      await boqTransferRoutes(app, { ctx });
    },
  };
}

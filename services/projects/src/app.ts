import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@erp/service-kit';
import { projectsRepository } from './repositories/projects.js';
import { projectRoutes } from './routes/projects.js';
import { demoTeamConsumer, seedProjects } from './seed.js';

export { DEMO_PROJECTS, DEMO_EMPLOYEE_EMAIL } from './seed.js';
export { projectUpsertedData } from './events.js';
export { projectsRepository, type ProjectsRepository } from './repositories/projects.js';

/**
 * Projects service: the project master (SPEC §2 "Projects", §7 /project). Which Employees a project
 * has is auth's fact (decision 0015): read from the access replica, set through team_set.
 */
export function projectsService(): ServiceDefinition {
  const schema = 'projects';
  const projects = projectsRepository(schema);
  return {
    name: 'projects',
    schema,
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    async onStart(ctx) {
      await seedProjects(ctx, projects);
    },
    consumers: [demoTeamConsumer(projects)],
    async routes(app, ctx) {
      await projectRoutes(app, { ctx, projects });
    },
  };
}

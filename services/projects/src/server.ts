import { runStandalone } from '@erp/service-kit';
import { projectsService } from './app.js';

await runStandalone(projectsService());

import { runStandalone } from '@erp/service-kit';
import { indentService } from './app.js';

await runStandalone(indentService());

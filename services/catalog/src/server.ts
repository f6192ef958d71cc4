import { runStandalone } from '@erp/service-kit';
import { catalogService } from './app.js';

await runStandalone(catalogService());

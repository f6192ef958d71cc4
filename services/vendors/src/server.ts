import { runStandalone } from '@erp/service-kit';
import { vendorsService } from './app.js';

await runStandalone(vendorsService());

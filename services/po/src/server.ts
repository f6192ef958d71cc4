import { runStandalone } from '@erp/service-kit';
import { poService } from './app.js';

await runStandalone(poService());

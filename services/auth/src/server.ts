import { runStandalone } from '@erp/service-kit';
import { authService } from './app.js';

await runStandalone(authService());

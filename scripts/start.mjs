// npm start: install what is missing, build, and run the whole system embedded
// (one process, PGlite in ./data, in-process bus, one-time codes printed to this console).
import path from 'node:path';
import { buildServer, buildWeb } from './build.mjs';
import { ensureInstalled, exec, log, root } from './lib.mjs';

ensureInstalled();
buildServer();
buildWeb();
log('Starting…');
exec(process.execPath, [path.join(root, 'gateway/dist/main.js')]);

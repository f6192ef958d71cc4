// npm start: install what is missing, build, and run the whole system embedded
// (one process, PGlite in ./data, in-process bus, one-time codes printed to this console).
import { buildServer, buildWeb } from './build.mjs';
import { ensureInstalled, exec, log, serverEntry } from './lib.mjs';

ensureInstalled();
buildServer();
buildWeb();
log('Starting…');
exec(process.execPath, [serverEntry('gateway/dist/main.js')]);

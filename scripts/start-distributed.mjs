// npm run start:distributed: install what is missing, build, then run the gateway and every
// service as separate processes on PostgreSQL and NATS JetStream (gateway/src/distributed/main.ts:
// the servers on this machine, or servers of its own from the Debian packages when none answer).
import path from 'node:path';
import { buildServer, buildWeb } from './build.mjs';
import { ensureInstalled, exec, log, root } from './lib.mjs';

ensureInstalled();
buildServer();
buildWeb();
log('Starting every service as its own process…');
exec(process.execPath, [path.join(root, 'gateway/dist/distributed/main.js')]);

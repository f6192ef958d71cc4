import { PGlite } from '@electric-sql/pglite';
let t=Date.now(); const a = await PGlite.create(); console.log('create', Date.now()-t);
t=Date.now(); const b = await PGlite.create(); console.log('create2', Date.now()-t);
await a.exec('create schema s; create table s.t(x int)');
if (a.clone) { t=Date.now(); const c = await a.clone(); console.log('clone', Date.now()-t); }
t=Date.now(); const dump = await a.dumpDataDir('none'); console.log('dump', Date.now()-t, dump.size);
t=Date.now(); const d = await PGlite.create({loadDataDir: dump}); console.log('load', Date.now()-t);

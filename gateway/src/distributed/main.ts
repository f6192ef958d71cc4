/**
 * `npm run start:distributed`: the gateway and every service as separate processes on PostgreSQL
 * and NATS JetStream. DATABASE_URL (an administrator's connection) and NATS_URL say which servers;
 * without them the ones answering on 127.0.0.1:5432 and :4222 are used, or servers of our own are
 * started from the installed Debian packages in DATA_DIR. Each service gets its own schema and its
 * own database role (provision.ts); po and indent run as two instances behind the gateway.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { envInt, envString } from '@erp/service-kit';
import { MODULES } from '../modules.js';
import { answers, ensureNats, ensurePostgres, type ServerHandle } from './local-servers.js';
import { provisionDatabase } from './provision.js';
import { DEFAULT_INSTANCES, repoRoot, startTopology, type Topology } from './topology.js';

const env = process.env;
const dataDir = path.resolve(repoRoot, envString(env, 'DATA_DIR', 'data/distributed')!);
mkdirSync(dataDir, { recursive: true });

const servers: ServerHandle[] = [];
let topology: Topology | null = null;
let closing = false;

async function shutdown(code: number) {
  if (closing) return;
  closing = true;
  console.log('\n  Stopping every process (gateway first)…');
  await topology?.stop().catch((err: unknown) => console.error(err));
  for (const s of servers.reverse()) if (s.owned) await s.stop().catch((err: unknown) => console.error(err));
  process.exit(code);
}
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));

/** Each role's password, generated once and kept in DATA_DIR (0600), or DB_PASSWORD_<SCHEMA> when given. */
function rolePasswords(schemas: string[]): Record<string, string> {
  const file = path.join(dataDir, 'db-roles.json');
  const kept: Record<string, string> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
  for (const s of schemas)
    kept[s] =
      envString(env, `DB_PASSWORD_${s.toUpperCase()}`) ?? kept[s] ?? randomBytes(18).toString('base64url');
  writeFileSync(file, JSON.stringify(kept, null, 2), { mode: 0o600 });
  return kept;
}

try {
  const gatewayPort = envInt(env, 'PORT', 8080, 1);
  if (await answers(gatewayPort))
    throw new Error(`Port ${gatewayPort} is taken (another npm start?): set PORT to another port`);
  const pg = await ensurePostgres(envString(env, 'DATABASE_URL'), path.join(dataDir, 'postgres'));
  servers.push(pg);
  const nats = await ensureNats(envString(env, 'NATS_URL'), path.join(dataDir, 'nats'));
  servers.push(nats);
  const adminUrl = new URL(pg.url);
  const named = adminUrl.pathname.replace(/^\//, '');
  const database = envString(env, 'DATABASE_NAME') ?? (named && named !== 'postgres' ? named : 'erp');
  adminUrl.pathname = '/postgres';
  const services = Object.keys(MODULES).map((service) => ({
    service,
    schema: MODULES[service]!.service().schema,
  }));
  const databaseUrls = await provisionDatabase({
    adminUrl: adminUrl.toString(),
    database,
    services,
    passwords: rolePasswords(services.map((s) => s.schema)),
  });
  const instances: Record<string, number> = { ...DEFAULT_INSTANCES };
  for (const s of Object.keys(MODULES)) {
    const n = envString(env, `${s.toUpperCase()}_INSTANCES`);
    if (n) instances[s] = Math.max(1, Number(n) || 1);
  }
  console.log(
    `  PostgreSQL: ${pg.owned ? 'started here' : 'running'} on port ${pg.port}, database ${database}; NATS JetStream: ${nats.owned ? 'started here' : 'running'} on port ${nats.port}`,
  );
  topology = await startTopology({
    databaseUrls,
    natsUrl: nats.url,
    // Passed on as the README documents them (NATS_ACK_WAIT_SECONDS goes through baseEnv).
    ...(envString(env, 'NATS_NAMESPACE') ? { natsNamespace: envString(env, 'NATS_NAMESPACE')! } : {}),
    instances,
    gatewayPort,
    basePort: envInt(env, 'SERVICE_BASE_PORT', 3001, 1),
    dataDir,
    restartOnCrash: true,
    output: 'inherit',
  });
  const where = `http://localhost:${gatewayPort}`;
  console.log(
    [
      '',
      `  Procurement platform (distributed) is running at ${where}`,
      ...topology.processes.map((p) => `    ${p.id.padEnd(10)} ${p.url}  (pid ${p.proc?.pid})`),
      `  Each service has its own schema and database role (erp_<schema>) in ${database}.`,
      '  One-time codes are printed below as [sms] lines.',
      `  Metrics: <process>/metrics; health: <process>/health/ready. Ctrl-C stops everything.`,
      '',
    ].join('\n'),
  );
} catch (err) {
  console.error(`\n✗ ${(err as Error).message}`);
  await shutdown(1);
}

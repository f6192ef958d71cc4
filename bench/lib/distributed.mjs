// The distributed topology for a bench run (gateway/src/distributed, built into gateway/dist): every
// service its own process with its own database role and schema, po and indent as two instances,
// the gateway in front, on the PostgreSQL and NATS JetStream of this machine. Each run provisions a
// fresh database with a unique role prefix and uses its own NATS namespace; `cleanup()` stops every
// process, drops the database and its roles and deletes the run's stream, also on Ctrl-C.
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the administrator's
// connection; BENCH_NATS_URL (default nats://127.0.0.1:4222) the NATS server.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './system.mjs';
import { DEMO_ADMIN_ENV, seedDemoIfAsked } from './demo.mjs';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const natsUrl = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';

/** A module of the built gateway (by path: the gateway package exports only its entry point). */
export const gatewayDist = (rel) => import(pathToFileURL(path.join(root, 'gateway/dist', rel)).href);

/** What every process of a bench topology gets: demo data, and no limits a load generator trips over. */
export const BENCH_ENV = {
  SEED_DEMO: 'true',
  ...DEMO_ADMIN_ENV,
  OTP_RESEND_SECONDS: '0',
  OTP_MAX_PER_NUMBER_PER_HOUR: '100000',
  OTP_MAX_PER_IP_PER_HOUR: '100000',
  RATE_LIMIT_PER_MINUTE: '100000000',
  SIGN_IN_RATE_LIMIT_PER_MINUTE: '100000',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
};

const cleanups = [];
let cleaning = null;
/** Run every cleanup registered so far, once, last registered first (a call during one joins it). */
export function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const { what, fn } = cleanups.pop();
      try {
        await fn();
      } catch (err) {
        console.error(`cleanup (${what}) failed: ${err?.message ?? err}`);
      }
    }
  })().finally(() => {
    cleaning = null;
  });
  return cleaning;
}
export function onCleanup(what, fn) {
  cleanups.push({ what, fn });
}
let signalled = false;
/** Whether Ctrl-C (or SIGTERM) stopped the bench: the errors it causes in the run are not worth showing. */
export const interrupted = () => signalled;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => {
    signalled = true;
    console.error(`\n${sig}: stopping everything this bench started…`);
    void cleanup().finally(() => process.exit(130));
  });
}
// An error nobody awaited would end the bench without its finally blocks: clean up first.
let crashed = false;
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (err) => {
    console.error(`${event}:`, err);
    if (crashed) return;
    crashed = true;
    void cleanup().finally(() => process.exit(1));
  });
}

/**
 * A fresh database (one schema and role per service) and a NATS namespace; returns what
 * startTopology needs. `cleanup()` drops them.
 */
export async function provisionRun() {
  const { provisionDatabase, dropProvisioned } = await gatewayDist('distributed/provision.js');
  const { MODULES } = await gatewayDist('modules.js');
  const id = Math.random().toString(16).slice(2, 10);
  const database = `erp_bench_${id}`;
  const rolePrefix = `bench_${id}_`;
  const natsNamespace = `bench_${id}`;
  const services = Object.keys(MODULES).map((service) => ({
    service,
    schema: MODULES[service].service().schema,
  }));
  const schemaOf = Object.fromEntries(services.map((s) => [s.service, s.schema]));
  const passwords = Object.fromEntries(
    services.map((s) => [s.schema, `pw_${Math.random().toString(36).slice(2)}`]),
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'erp-bench-dist-'));
  onCleanup('data directory', () => rmSync(dataDir, { recursive: true, force: true }));
  onCleanup('NATS stream', () => deleteStream(natsNamespace));
  const keep = process.env.BENCH_KEEP_DATABASE === '1';
  onCleanup('database', () =>
    keep
      ? console.log(`kept database ${database} (roles ${rolePrefix}*)`)
      : dropProvisioned(
          adminUrl,
          database,
          services.map((s) => s.schema),
          rolePrefix,
        ),
  );
  const databaseUrls = await provisionDatabase({ adminUrl, database, services, passwords, rolePrefix });
  const u = new URL(adminUrl);
  u.pathname = `/${database}`;
  return { database, rolePrefix, natsNamespace, databaseUrls, dataDir, schemaOf, adminDbUrl: u.toString() };
}

/** Delete the run's JetStream stream (ERP_<namespace>, as the kit's NATS bus names it). */
async function deleteStream(namespace) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: natsUrl, name: 'bench-cleanup' });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(`ERP_${namespace.replace(/[^A-Za-z0-9_]/g, '_')}`).catch((err) => {
      if (!/not found/i.test(String(err?.message))) throw err;
    });
  } finally {
    await nc.close();
  }
}

/** Per-subject message counts of the run's stream (what JetStream kept: one per published event id). */
export async function streamSubjectCounts(namespace) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: natsUrl, name: 'bench-count' });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(`ERP_${namespace.replace(/[^A-Za-z0-9_]/g, '_')}`, {
      subjects_filter: '>',
    });
    const counts = {};
    for (const [subject, n] of Object.entries(info.state.subjects ?? {}))
      counts[subject.slice(namespace.length + 1)] = n;
    return counts;
  } finally {
    await nc.close();
  }
}

/** What each durable consumer of the run's stream still has to take (pending + unacknowledged). */
export async function streamPending(namespace) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: natsUrl, name: 'bench-pending' });
  try {
    const jsm = await jetstreamManager(nc);
    const out = {};
    for (const ci of await jsm.consumers.list(`ERP_${namespace.replace(/[^A-Za-z0-9_]/g, '_')}`).next())
      out[ci.name] = ci.num_pending + ci.num_ack_pending;
    return out;
  } finally {
    await nc.close();
  }
}

/**
 * The processes' warnings and errors (their JSON log lines at level 40 and above, and any other line
 * naming an error or a warning; not the start-up banner or the dev SMS lines), the first `max` of
 * each process printed, the rest counted.
 */
export function processOutput(max = 20) {
  const seen = new Map();
  const fn = (id, line) => {
    let level = null;
    try {
      level = JSON.parse(line).level ?? null;
    } catch {
      /* not a log line */
    }
    if (level !== null ? level < 40 : !/error|warn|fail|exit/i.test(line)) return;
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    if (n <= max)
      process.stderr.write(`${id.padEnd(10)}| ${line.length > 400 ? `${line.slice(0, 400)}…` : line}\n`);
  };
  fn.summary = () =>
    [...seen].filter(([, n]) => n > max).map(([id, n]) => `${id}: ${n - max} more lines not shown`);
  return fn;
}

/** Pids of the processes (other than this one) whose environment names NATS namespace `ns`. */
function processesOf(ns) {
  const pids = [];
  for (const pid of readdirSync('/proc').filter((d) => /^[0-9]+$/.test(d) && Number(d) !== process.pid)) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`NATS_NAMESPACE=${ns}`))
        pids.push(Number(pid));
    } catch {
      /* gone, or not ours to read */
    }
  }
  return pids;
}

/**
 * Stop what is left of a run's processes, found by their NATS namespace (unique to the run): the
 * ones a topology still starting had spawned, or one started again while a cleanup was under way.
 * SIGTERM, then SIGKILL after 30 s.
 */
async function stopLeftovers(ns) {
  let pids = processesOf(ns);
  if (pids.length === 0) return;
  console.error(`stopping ${pids.length} process(es) of this run still running: ${pids.join(', ')}`);
  const signal = (sig) => {
    for (const pid of pids) {
      try {
        process.kill(pid, sig);
      } catch {
        /* gone */
      }
    }
  };
  signal('SIGTERM');
  for (
    const until = Date.now() + 30_000;
    pids.length > 0 && Date.now() < until;
    await new Promise((r) => setTimeout(r, 200))
  )
    pids = processesOf(ns);
  signal('SIGKILL');
}

/** Provision a run and start the whole topology; stopped by `cleanup()`. */
export async function startDistributed({
  instances,
  env = {},
  output = processOutput(),
  readyTimeoutMs,
} = {}) {
  const run = await provisionRun();
  const { startTopology, TopologyProcess } = await gatewayDist('distributed/topology.js');
  // Once a cleanup has begun, no process of the topology starts again (a bench that restarts
  // processes may be doing so when Ctrl-C comes).
  if (!TopologyProcess.prototype.benchGuarded) {
    const start = TopologyProcess.prototype.start;
    TopologyProcess.prototype.start = function guardedStart() {
      if (cleaning || signalled) return;
      start.call(this);
    };
    TopologyProcess.prototype.benchGuarded = true;
  }
  let topology = null;
  onCleanup('topology', async () => {
    await topology?.stop();
    await stopLeftovers(run.natsNamespace);
    for (const s of output.summary?.() ?? []) console.error(s);
  });
  topology = await startTopology({
    databaseUrls: run.databaseUrls,
    natsUrl,
    natsNamespace: run.natsNamespace,
    dataDir: run.dataDir,
    env: { ...BENCH_ENV, ...env },
    output,
    ...(instances ? { instances } : {}),
    ...(readyTimeoutMs ? { readyTimeoutMs } : {}),
  });
  await seedDemoIfAsked({ ...BENCH_ENV, ...env }, topology.gatewayUrl, root);
  return { ...run, topology };
}

/** A pg client on `url` (the run's database as administrator: reads every service's schema). */
export async function pgClient(url) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

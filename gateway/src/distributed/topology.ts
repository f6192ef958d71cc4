/**
 * The distributed topology on one machine: every service of MODULES as its own Node process (some
 * of them as several instances), and the gateway in front of them, all on PostgreSQL and NATS
 * JetStream. `npm run start:distributed`, the fault tests and the benches start it through here,
 * so they run the same processes in the same order.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODULES } from '../modules.js';
import { freePort, sleep } from './local-servers.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The script a process runs: the entry's bundle (scripts/bundle-server.mjs, made by every build)
 * when there is one, else the compiled entry itself. A bundle is one file to read and compile
 * where the entry imports ~1,500 modules (decision 0031); ERP_BUNDLES=0 runs the plain entries.
 */
export function entryScript(entry: string, env: NodeJS.ProcessEnv = process.env): string {
  const bundle = entry.replace(/\.js$/, '.bundle.js');
  return env.ERP_BUNDLES !== '0' && existsSync(bundle) ? bundle : entry;
}

/** Instances per service unless told otherwise: the two that carry the main flow's load are doubled. */
export const DEFAULT_INSTANCES: Record<string, number> = { po: 2, indent: 2 };

export type Output = 'inherit' | 'silent' | ((id: string, line: string) => void);

/** Restarts of a crashed process: 1 s, 2 s, 4 s … at most 30 s; a process that ran a minute starts over at 1 s. */
export const RESTART_BACKOFF = { initialMs: 1000, maxMs: 30_000, healthyAfterMs: 60_000 };

/**
 * The wait before starting a crashed process again, and its count of crashes in a row. A process
 * that ran at least `healthyAfterMs` before it exited was healthy: its crash is counted as the
 * first again. Pure: `crashesBefore` is the count after the previous crash (0 at first).
 */
export function restartDelay(
  crashesBefore: number,
  ranMs: number,
  o: typeof RESTART_BACKOFF = RESTART_BACKOFF,
): { crashes: number; delayMs: number } {
  const crashes = ranMs >= o.healthyAfterMs ? 1 : crashesBefore + 1;
  return { crashes, delayMs: Math.min(o.maxMs, o.initialMs * 2 ** Math.min(crashes - 1, 30)) };
}

/** How a process ended, for the restart's log line: `exit code 1`, `signal SIGKILL`. */
export function exitReason(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `exit code ${code ?? 'unknown'}`;
}

export interface TopologyOptions {
  /** Each service's PostgreSQL connection string (its own role: see provision.ts). */
  databaseUrls: Record<string, string>;
  natsUrl: string;
  /** Keeps a test's stream and subjects apart from others on the same NATS server. */
  natsNamespace?: string;
  /** Instances per service (default DEFAULT_INSTANCES, else 1). */
  instances?: Record<string, number>;
  /** The gateway's port (0: a free one). */
  gatewayPort?: number;
  /** First service port; each process takes the next (0 or absent: free ports). */
  basePort?: number;
  /** Where auth keeps its generated development secrets (signing key, OTP key). */
  dataDir: string;
  /** Added to every process's environment. */
  env?: Record<string, string | undefined>;
  /** Added to one service's processes' environment. */
  serviceEnv?: Record<string, Record<string, string | undefined>>;
  output?: Output;
  /** Start a process again when it exits unexpectedly, like a restart policy (RESTART_BACKOFF: 1 s doubling to 30 s). */
  restartOnCrash?: boolean;
  /** Longest wait for a process to be ready. */
  readyTimeoutMs?: number;
}

export class TopologyProcess {
  proc: ChildProcess | null = null;
  private stopping = false;
  private exitWaiters: Array<() => void> = [];
  lastExit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  startedAt = 0;
  /** Crashes in a row (restartDelay): reset by a minute of running. */
  crashes = 0;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly id: string,
    readonly service: string,
    readonly port: number,
    private readonly script: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly output: Output,
    private readonly restartOnCrash: boolean,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.proc !== null && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** What the running (or last) process was started with on top of its own environment. */
  private extraEnv: Record<string, string | undefined> | undefined;

  /**
   * Spawn the process (not waiting for it to be ready). `extraEnv` is added to its environment for
   * this start (undefined removes a variable), as a fault test starts an instance with
   * FAULT_INJECTION; a start without it runs on the process's own environment again. A restart
   * after a crash (restartOnCrash) keeps what the crashed one was started with.
   */
  start(extraEnv?: Record<string, string | undefined>): void {
    if (this.running) return;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    this.stopping = false;
    this.startedAt = Date.now();
    this.extraEnv = extraEnv;
    const env: NodeJS.ProcessEnv = { ...this.env };
    for (const [k, v] of Object.entries(extraEnv ?? {})) {
      if (v === undefined) delete env[k];
      else env[k] = v;
    }
    const p = spawn(process.execPath, [this.script], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.proc = p;
    for (const stream of [p.stdout!, p.stderr!]) {
      const lines = createInterface({ input: stream });
      lines.on('line', (line) => {
        if (this.output === 'silent') return;
        if (this.output === 'inherit') process.stdout.write(`${this.id.padEnd(10)}| ${line}\n`);
        else this.output(this.id, line);
      });
    }
    const startedAt = this.startedAt;
    p.once('exit', (code, signal) => {
      this.lastExit = { code, signal };
      const waiters = this.exitWaiters.splice(0);
      for (const w of waiters) w();
      if (!this.stopping && this.restartOnCrash) {
        const ranMs = Date.now() - startedAt;
        const { crashes, delayMs } = restartDelay(this.crashes, ranMs);
        this.crashes = crashes;
        const line = `exited (${exitReason(code, signal)}) after ${(ranMs / 1000).toFixed(1)} s; starting it again in ${delayMs / 1000} s (crash ${crashes} in a row)`;
        if (this.output === 'inherit') process.stdout.write(`${this.id.padEnd(10)}| ${line}\n`);
        else if (this.output !== 'silent') this.output(this.id, line);
        this.restartTimer = setTimeout(() => {
          this.restartTimer = null;
          if (!this.stopping && !this.running) this.start(this.extraEnv);
        }, delayMs);
        this.restartTimer.unref();
      }
    });
  }

  /** Resolves when the process has exited (at once when it is not running). */
  exited(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((r) => this.exitWaiters.push(r));
  }

  /** Send a signal; SIGTERM and SIGINT are a shutdown (no restart), SIGKILL too unless `crash`. */
  signal(sig: NodeJS.Signals, opts: { crash?: boolean } = {}): void {
    if (!opts.crash) {
      this.stopping = true;
      // A restart waiting for its time is called off too.
      if (this.restartTimer) clearTimeout(this.restartTimer);
      this.restartTimer = null;
    }
    this.proc?.kill(sig);
  }

  /** Graceful stop (SIGTERM), SIGKILL after `timeoutMs`. */
  async stop(timeoutMs = 30_000): Promise<void> {
    if (!this.running) return;
    const proc = this.proc;
    const done = this.exited();
    this.signal('SIGTERM');
    // This process only, and only while it runs: a timer left behind would kill the next one (a restart).
    let timer: NodeJS.Timeout | undefined;
    const killed = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        proc?.kill('SIGKILL');
        resolve();
      }, timeoutMs);
    });
    await Promise.race([done, killed]);
    clearTimeout(timer);
    await done;
  }

  /** Killed with SIGKILL: no shutdown code runs (a crash). */
  async kill(): Promise<void> {
    if (!this.running) return;
    const done = this.exited();
    this.signal('SIGKILL');
    await done;
  }

  /** Whether /health/ready answers 200 (or /health, for a process without readiness). */
  async ready(): Promise<boolean> {
    try {
      const r = await fetch(`${this.url}/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (r.status !== 404) return r.ok;
      return (await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(2000) })).ok;
    } catch {
      return false;
    }
  }

  async waitReady(timeoutMs = 60_000): Promise<number> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (await this.ready()) return Date.now() - this.startedAt;
      if (!this.running && !this.restartOnCrash) {
        throw new Error(
          `${this.id} exited (${this.lastExit?.signal ?? this.lastExit?.code}) before it was ready`,
        );
      }
      await sleep(100);
    }
    throw new Error(`${this.id} was not ready within ${timeoutMs / 1000} s`);
  }
}

export interface Topology {
  gateway: TopologyProcess;
  /** Every process, gateway last. */
  processes: TopologyProcess[];
  /** The instances of one service. */
  instances(service: string): TopologyProcess[];
  gatewayUrl: string;
  /** Stop everything gracefully: the gateway first, then the services. */
  stop(): Promise<void>;
}

/**
 * Variables of the parent's environment no process of the topology should inherit: each process
 * gets its own (its database, port, the services' URLs, NATS_URL and NATS_NAMESPACE from the
 * options). The other settings, NATS_ACK_WAIT_SECONDS among them, are passed through.
 */
const NOT_INHERITED = [
  /^TEST_/,
  /_SERVICE_URL$/,
  /DATABASE_URL$/,
  /^NATS_URL$/,
  /^NATS_NAMESPACE$/,
  /^PORT$/,
  /^VITEST/,
];

/** A process's environment: the parent's (less NOT_INHERITED) with `extra` on top (undefined removes one). */
export function baseEnv(
  extra: Record<string, string | undefined>,
  parent: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(parent)) if (!NOT_INHERITED.some((re) => re.test(k))) env[k] = v;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** Start every service and the gateway; resolves once all are ready. */
export async function startTopology(opts: TopologyOptions): Promise<Topology> {
  const output = opts.output ?? 'inherit';
  let next = opts.basePort ?? 0;
  const port = async () => (next ? next++ : freePort());
  const services = Object.keys(MODULES);
  const authPort = await port();
  const common = {
    NATS_URL: opts.natsUrl,
    NATS_NAMESPACE: opts.natsNamespace,
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    AUTH_SERVICE_URL: `http://127.0.0.1:${authPort}`,
    ...opts.env,
  };
  const byService: Record<string, TopologyProcess[]> = {};
  for (const service of services)
    byService[service] = await serviceProcesses(opts, service, common, (i) =>
      service === 'auth' && i === 1 ? Promise.resolve(authPort) : port(),
    );
  const processes = services.flatMap((s) => byService[s]!);
  const gatewayPort = opts.gatewayPort || (await freePort());
  const serviceUrls = Object.fromEntries(
    services.map((s) => [`${s.toUpperCase()}_SERVICE_URL`, byService[s]!.map((p) => p.url).join(',')]),
  );
  const gateway = new TopologyProcess(
    'gateway',
    'gateway',
    gatewayPort,
    entryScript(path.join(repoRoot, 'gateway', 'dist', 'main.js')),
    baseEnv({ ...common, ...serviceUrls, PORT: String(gatewayPort), INSTANCE_ID: 'gateway' }),
    output,
    opts.restartOnCrash ?? false,
  );
  processes.push(gateway);

  const topology: Topology = {
    gateway,
    processes,
    instances: (s) => byService[s] ?? [],
    gatewayUrl: gateway.url,
    async stop() {
      await gateway.stop();
      await Promise.all(processes.filter((p) => p !== gateway).map((p) => p.stop()));
    },
  };
  try {
    await startInOrder(services, byService, gateway, opts.readyTimeoutMs ?? 90_000);
  } catch (err) {
    await Promise.all(processes.map((p) => p.kill()));
    throw err;
  }
  return topology;
}

/** The processes of one service's instances (not started), each on its port with its environment. */
async function serviceProcesses(
  opts: TopologyOptions,
  service: string,
  common: Record<string, string | undefined>,
  portOf: (instance: number) => Promise<number>,
): Promise<TopologyProcess[]> {
  const url = opts.databaseUrls[service];
  if (!url) throw new Error(`No database URL for the ${service} service`);
  const n = Math.max(1, { ...DEFAULT_INSTANCES, ...opts.instances }[service] ?? 1);
  const out: TopologyProcess[] = [];
  for (let i = 1; i <= n; i++) {
    const p = await portOf(i);
    const env = baseEnv({
      ...common,
      ...opts.serviceEnv?.[service],
      DATABASE_URL: url,
      PORT: String(p),
      INSTANCE_ID: `${service}#${i}`,
    });
    out.push(
      new TopologyProcess(
        `${service}#${i}`,
        service,
        p,
        entryScript(path.join(repoRoot, 'services', service, 'dist', 'server.js')),
        env,
        opts.output ?? 'inherit',
        opts.restartOnCrash ?? false,
      ),
    );
  }
  return out;
}

/**
 * Auth first (the others verify sessions with its keys), then the first instance of every other
 * service (each migrates its schema and seeds a new database once), then the extra instances
 * (so two never seed at once), then the gateway.
 */
async function startInOrder(
  services: string[],
  byService: Record<string, TopologyProcess[]>,
  gateway: TopologyProcess,
  timeout: number,
): Promise<void> {
  const first = byService.auth![0]!;
  first.start();
  await first.waitReady(timeout);
  const firsts = services.filter((s) => s !== 'auth').map((s) => byService[s]![0]!);
  for (const p of firsts) p.start();
  await Promise.all(firsts.map((p) => p.waitReady(timeout)));
  const extra = services.flatMap((s) => byService[s]!.slice(1));
  for (const p of extra) p.start();
  await Promise.all(extra.map((p) => p.waitReady(timeout)));
  gateway.start();
  await gateway.waitReady(timeout);
}

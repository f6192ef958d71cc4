/**
 * PostgreSQL and NATS JetStream for distributed mode on one machine: the servers that answer on
 * their usual ports, or servers of our own started from the Debian packages' binaries (as
 * `.ci/run` does), on their own data directories and free ports. The fault tests use the same
 * handles to stop and start a server under load.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function answers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const c = connect({ port, host }, () => {
      c.end();
      resolve(true);
    });
    c.once('error', () => resolve(false));
    c.setTimeout(1000, () => {
      c.destroy();
      resolve(false);
    });
  });
}

/** A port nothing listens on now (the system picks it). */
/**
 * A port to listen on, free now. Taken below the kernel's ephemeral range (ip_local_port_range,
 * 32768 and up by default): a port from that range can meanwhile become the local end of some
 * process's outgoing connection (to PostgreSQL, NATS or another service), which then holds it for as
 * long as the connection lives, and the process it was meant for fails with EADDRINUSE (seen in CI,
 * where three test files start topologies side by side).
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  const from = Math.max(1024, low - 12_000);
  for (let i = 0; i < 50; i++) {
    const port = from + Math.floor(Math.random() * (low - from));
    if (await bindable(port)) return port;
  }
  return listenOn(0);
}

function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 2048 ? low : 32768;
  } catch {
    return 32768;
  }
}

async function bindable(port: number): Promise<boolean> {
  try {
    return (await listenOn(port)) === port;
  } catch {
    return false;
  }
}

function listenOn(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => {
      const bound = (s.address() as { port: number }).port;
      s.close(() => resolve(bound));
    });
  });
}

export async function waitForPort(port: number, what: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await answers(port)) return;
    await sleep(100);
  }
  throw new Error(`${what} did not start on port ${port} within ${timeoutMs / 1000} s`);
}

export interface ServerHandle {
  url: string;
  port: number;
  /** Stop the server (PostgreSQL: fast shutdown, or `immediate` as after a crash). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Start it again on the same port and data directory. */
  start(): Promise<void>;
  /** Whether this handle started the server (and so stops it at the end). */
  owned: boolean;
}

/** Directory of the newest installed PostgreSQL's binaries (Debian: /usr/lib/postgresql/<v>/bin). */
export function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const v = versions.at(-1);
  return v ? path.join(base, v, 'bin') : undefined;
}

export function natsServerBin(): string | undefined {
  for (const dir of (process.env.PATH ?? '')
    .split(path.delimiter)
    .concat('/usr/sbin', '/usr/local/bin', '/usr/bin')) {
    const p = path.join(dir, 'nats-server');
    if (dir && existsSync(p)) return p;
  }
  return undefined;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL refuses to run as root: as root its commands run as the postgres user. */
function pgCommand(bin: string, args: string[]): { cmd: string; args: string[] } {
  return isRoot() ? { cmd: 'runuser', args: ['-u', 'postgres', '--', bin, ...args] } : { cmd: bin, args };
}

function runPg(bin: string, args: string[], what: string): void {
  const c = pgCommand(bin, args);
  const res = spawnSync(c.cmd, c.args, { cwd: '/', encoding: 'utf8' });
  if (res.status !== 0)
    throw new Error(`${what} failed: ${(res.stderr || res.stdout || '').trim().slice(-800)}`);
}

/**
 * A PostgreSQL cluster of our own in `dir` (created on first use, kept across starts), listening on
 * 127.0.0.1:`port` with trust authentication for local connections.
 */
export async function startPostgresCluster(
  dir: string,
  port: number,
  opts: { fsync?: boolean } = {},
): Promise<ServerHandle> {
  const bin = postgresBin();
  if (!bin)
    throw new Error(
      'PostgreSQL is not installed: apt-get install -y postgresql (or set DATABASE_URL to a running server)',
    );
  const data = path.join(dir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  if (isRoot()) {
    // Its parent folders must let the postgres user through (a mkdtemp folder is 0700: chmod 755 it).
    chmodSync(dir, 0o755);
    // The cluster belongs to the postgres user (the Debian package creates it).
    chownSync(
      dir,
      Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
      Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
    );
  }
  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    runPg(
      path.join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale'],
      'initdb',
    );
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300${opts.fsync === false ? ' -c fsync=off' : ''}`;
  const log = path.join(dir, 'postgres.log');
  if (!existsSync(log)) writeFileSync(log, '');
  if (isRoot()) spawnSync('chown', ['postgres', log]);
  const start = async () => {
    runPg(
      path.join(bin, 'pg_ctl'),
      ['-D', data, '-l', log, '-w', '-t', '60', '-o', options, 'start'],
      'Starting PostgreSQL',
    );
    await waitForPort(port, 'PostgreSQL');
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    owned: true,
    start,
    async stop(mode = 'fast') {
      runPg(
        path.join(bin, 'pg_ctl'),
        ['-D', data, '-m', mode, '-w', '-t', '60', 'stop'],
        'Stopping PostgreSQL',
      );
    },
  };
}

/** A nats-server with JetStream of our own, storing in `dir`, on 127.0.0.1:`port`. */
export async function startNatsServer(dir: string, port: number): Promise<ServerHandle> {
  const bin = natsServerBin();
  if (!bin)
    throw new Error(
      'nats-server is not installed: apt-get install -y nats-server (or set NATS_URL to a running server)',
    );
  mkdirSync(dir, { recursive: true });
  let proc: ChildProcess | null = null;
  const start = async () => {
    proc = spawn(bin, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dir], { stdio: 'ignore' });
    await waitForPort(port, 'NATS');
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    owned: true,
    start,
    async stop() {
      const p = proc;
      proc = null;
      if (!p || p.exitCode !== null) return;
      const exited = new Promise((r) => p.once('exit', r));
      p.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000).then(() => p.kill('SIGKILL'))]);
      await exited;
    },
  };
}

function unowned(url: string, port: number): ServerHandle {
  return {
    url,
    port,
    owned: false,
    start: async () => undefined,
    stop: async () => undefined,
  };
}

async function portFrom(preferred: number): Promise<number> {
  for (let p = preferred; p < preferred + 100; p++) if (!(await answers(p))) return p;
  return freePort();
}

/**
 * The PostgreSQL to use: `url` when given, else the server on 127.0.0.1:5432, else one of our own
 * in `dir` (port 55432 or the next free one).
 */
export async function ensurePostgres(url: string | undefined, dir: string): Promise<ServerHandle> {
  if (url) return unowned(url, Number(new URL(url).port || 5432));
  if (await answers(5432)) return unowned('postgres://postgres@127.0.0.1:5432/postgres', 5432);
  return startPostgresCluster(dir, await portFrom(55432));
}

/** The NATS to use: `url` when given, else 127.0.0.1:4222, else one of our own in `dir` (port 54222 or next). */
export async function ensureNats(url: string | undefined, dir: string): Promise<ServerHandle> {
  if (url) return unowned(url, Number(new URL(url).port || 4222));
  if (await answers(4222)) return unowned('nats://127.0.0.1:4222', 4222);
  return startNatsServer(dir, await portFrom(54222));
}

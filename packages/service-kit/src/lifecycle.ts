/**
 * Graceful shutdown of a process (a service on its own, or the gateway with the services it runs):
 *
 * 1. /health/ready answers 503 at once;
 * 2. wait SHUTDOWN_DRAIN_MS, so load balancers and the gateway's health polls stop sending;
 * 3. app.close(): no new requests, the ones in flight finish (idle keep-alive sockets are closed);
 * 4. stop the consumers: the event in hand finishes and commits (on the in-process bus the consumers
 *    stay subscribed until the outbox is flushed: an event published to nobody would be lost);
 * 5. flush the outbox: the relay's timer stops and one last drain publishes what was committed;
 * 6. close the bus, then the database; exit 0.
 *
 * Each step is logged with how long it took. Past SHUTDOWN_TIMEOUT_MS from the signal the process
 * exits with 1 whatever is still running; a step that fails is logged and the others still run,
 * and the exit code is then 1.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Bus } from './bus/types.js';
import type { KitConfig } from './config.js';
import type { Database } from './db/types.js';
import { observabilityOf, type Readiness } from './health.js';
import type { ServiceRuntime } from './service.js';

export interface ShutdownPlan {
  app: FastifyInstance;
  /** Services this process runs (none for a gateway that proxies them all). */
  runtimes: ServiceRuntime[];
  bus: Bus;
  db?: Database | undefined;
  config: Pick<KitConfig, 'shutdownDrainMs' | 'shutdownTimeoutMs'>;
  logger: Logger;
  /** Default: the one installObservability put on `app`. */
  readiness?: Readiness | undefined;
  /** Default process.exit (tests pass their own). */
  exit?: (code: number) => void;
}

/** Most rounds of publishing: on the in-process bus a published event's consumers may write events of their own. */
const FLUSH_ROUNDS = 10;

/** Run the shutdown sequence; resolves with the exit code, after calling `exit` with it. */
export async function shutdownGracefully(plan: ShutdownPlan, reason: string): Promise<number> {
  const { app, runtimes, bus, db, config } = plan;
  const log = plan.logger;
  const exit = plan.exit ?? ((code: number) => process.exit(code));
  const readiness = plan.readiness ?? observabilityOf(app)?.readiness;
  const started = Date.now();
  let exited = false;
  const hardCap = setTimeout(() => {
    exited = true;
    log.error(
      { ms: Date.now() - started, limitMs: config.shutdownTimeoutMs },
      'shutdown: took longer than SHUTDOWN_TIMEOUT_MS; exiting anyway',
    );
    exit(1);
  }, config.shutdownTimeoutMs);

  let failed = false;
  const step = async (
    done: string,
    fn: () => Promise<unknown>,
    fields: () => Record<string, unknown> = () => ({}),
  ) => {
    const t = Date.now();
    try {
      await fn();
      log.info({ ...fields(), ms: Date.now() - t }, `shutdown: ${done}`);
    } catch (err) {
      failed = true;
      log.error({ err, ms: Date.now() - t }, `shutdown: failed before "${done}"`);
    }
  };

  readiness?.stopping();
  log.info({ reason, drainMs: config.shutdownDrainMs }, 'shutting down: /health/ready answers 503');
  if (config.shutdownDrainMs > 0) {
    await step(
      'drain wait over',
      () => new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs)),
    );
  }
  await step('server closed; requests in flight answered', () => app.close());
  await step('consumers stopped', async () => {
    for (const r of runtimes) await r.stopConsuming();
  });
  let published = 0;
  await step(
    'outbox flushed',
    async () => {
      for (let round = 0; round < FLUSH_ROUNDS; round++) {
        let n = 0;
        for (const r of runtimes) {
          try {
            n += await r.flushOutbox();
          } catch (err) {
            // Committed events stay in the outbox: the next start publishes them.
            log.warn(
              { err, service: r.ctx.name },
              'shutdown: could not flush the outbox; its events go out at the next start',
            );
          }
        }
        published += n;
        if (n === 0) break;
      }
    },
    () => ({ published }),
  );
  await step('services stopped', async () => {
    for (const r of runtimes) await r.stop();
  });
  await step('bus closed', () => bus.close());
  if (db) await step('database closed', () => db.close());
  clearTimeout(hardCap);
  const code = failed ? 1 : 0;
  log.info({ ms: Date.now() - started, exitCode: code }, 'shut down');
  if (!exited) exit(code);
  return code;
}

/**
 * Shut down gracefully on SIGTERM and SIGINT. A second signal during the shutdown is ignored (npm
 * passes the terminal's Ctrl-C on as a second SIGINT); SHUTDOWN_TIMEOUT_MS bounds it. Returns the
 * function that removes the handlers.
 */
export function shutdownOnSignals(
  plan: ShutdownPlan,
  signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'],
): () => void {
  let shutting = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shutting) {
      plan.logger.info({ signal }, 'already shutting down');
      return;
    }
    shutting = true;
    void shutdownGracefully(plan, signal);
  };
  for (const s of signals) process.on(s, onSignal);
  return () => {
    for (const s of signals) process.off(s, onSignal);
  };
}

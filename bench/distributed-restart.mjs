// Budget (distributed mode): after a full restart, every process is back to ready within 10 s.
//
// Starts the distributed topology (lib/distributed.mjs: every service its own process with its own
// role and schema, po and indent twice, the gateway in front) on this machine's PostgreSQL and
// NATS, signs in once, then BENCH_RUNS (3) times: stops every process (SIGTERM, the gateway first,
// as the topology stops), then starts them all again and times, from the start command, each
// process to its first /health/live 200 (listening) and to its /health/ready 200 (asked every
// 25 ms), and the whole system to answering the signed-in `GET /api/v1/po?limit=10` through the
// gateway with 200 (the session from before the restart). Two ways of starting (BENCH_ORDER):
// `parallel`, every process at once; `ordered`, the topology's order (auth, then the first
// instance of every other service, then the extra instances, then the gateway, each step once
// the one before is ready); `both` (default) does each in every run.
import os from 'node:os';
import { cpuMs, signIn } from './lib/system.mjs';
import { cleanup, interrupted, startDistributed } from './lib/distributed.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ORDER = process.env.BENCH_ORDER ?? 'both';
const BUDGET_MS = 10_000;
const TIMEOUT_MS = 90_000;
const cores = os.availableParallelism();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** 200 from `url` (2 s timeout), else false. */
async function answers200(url, headers) {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200 ? true : res.status;
  } catch {
    return false;
  }
}

/** Start `p` (unless started already) and time it, from `t0`, to listening and to ready. */
async function timeProcess(p, t0, { start = true } = {}) {
  if (start) p.start();
  const out = { id: p.id, liveMs: null, readyMs: null, cpuMs: null };
  const until = t0 + TIMEOUT_MS;
  for (; out.liveMs === null && performance.now() < until; await sleep(25)) {
    let live = await answers200(`${p.url}/health/live`);
    if (live === 404) live = await answers200(`${p.url}/health`);
    if (live === true) out.liveMs = performance.now() - t0;
    else if (!p.running)
      throw new Error(`${p.id} exited (${p.lastExit?.signal ?? p.lastExit?.code}) before it listened`);
  }
  for (; out.readyMs === null && performance.now() < until; await sleep(25)) {
    let ready = await answers200(`${p.url}/health/ready`);
    if (ready === 404) ready = await answers200(`${p.url}/health`);
    if (ready === true) out.readyMs = performance.now() - t0;
    else if (!p.running)
      throw new Error(`${p.id} exited (${p.lastExit?.signal ?? p.lastExit?.code}) before it was ready`);
  }
  if (out.readyMs === null) throw new Error(`${p.id} was not ready within ${TIMEOUT_MS / 1000} s`);
  out.cpuMs = cpuMs(p.proc.pid);
  return out;
}

/**
 * SIGTERM to the gateway, then to every service at once, each waited for (SIGKILL after 30 s). Not
 * the topology's stop(): its SIGKILL timer is not cancelled when the process exits in time, so it
 * would kill the process started again in its place 30 s later.
 */
async function stopAll(topology) {
  const stopOne = async (p) => {
    if (!p.running) return;
    const done = p.exited();
    p.signal('SIGTERM');
    let timer;
    await Promise.race([done, new Promise((r) => (timer = setTimeout(r, 30_000)))]);
    clearTimeout(timer);
    if (p.running) await p.kill();
    await done;
  };
  await stopOne(topology.gateway);
  await Promise.all(topology.processes.filter((p) => p !== topology.gateway).map(stopOne));
}

let exitCode = 0;
try {
  const t = performance.now();
  const { topology } = await startDistributed();
  console.log(
    `distributed topology first started in ${((performance.now() - t) / 1000).toFixed(1)} s (new database: migrations and demo data): ${topology.processes.map((p) => p.id).join(', ')}`,
  );
  const headers = { authorization: `Bearer ${await signIn(topology.gatewayUrl)}` };
  const poList = `${topology.gatewayUrl}/api/v1/po?limit=10`;
  if ((await answers200(poList, headers)) !== true)
    throw new Error('GET /api/v1/po does not answer 200 before the restarts');
  const byService = (s) => topology.processes.filter((p) => p.service === s);
  const services = [...new Set(topology.processes.map((p) => p.service))].filter((s) => s !== 'gateway');

  const orders = ORDER === 'both' ? ['parallel', 'ordered'] : [ORDER];
  const results = Object.fromEntries(orders.map((o) => [o, []]));
  for (let runNo = 1; runNo <= RUNS; runNo++) {
    for (const order of orders) {
      const s0 = performance.now();
      await stopAll(topology);
      const stopMs = performance.now() - s0;
      const t0 = performance.now();
      let timings;
      const system = (async () => {
        for (; performance.now() < t0 + TIMEOUT_MS; await sleep(25))
          if ((await answers200(poList, headers)) === true) return performance.now() - t0;
        throw new Error(`GET /api/v1/po did not answer 200 within ${TIMEOUT_MS / 1000} s`);
      })();
      if (order === 'parallel') {
        for (const p of topology.processes) p.start();
        timings = await Promise.all(topology.processes.map((p) => timeProcess(p, t0, { start: false })));
      } else {
        const auth = byService('auth');
        timings = [await timeProcess(auth[0], t0)];
        const firsts = services.filter((s) => s !== 'auth').map((s) => byService(s)[0]);
        timings.push(...(await Promise.all(firsts.map((p) => timeProcess(p, t0)))));
        const extra = services.flatMap((s) => byService(s).slice(1));
        timings.push(...(await Promise.all(extra.map((p) => timeProcess(p, t0)))));
        timings.push(await timeProcess(topology.gateway, t0));
      }
      const systemMs = await system;
      const slowest = Math.max(...timings.map((x) => x.readyMs));
      const cpuTotal = timings.reduce((t, x) => t + (x.cpuMs ?? 0), 0);
      results[order].push({ slowest, systemMs });
      const f = (ms) => (ms / 1000).toFixed(2);
      console.log(
        `run ${runNo}, ${order}: stopped in ${f(stopMs)} s; ready after ${timings.map((x) => `${x.id} ${f(x.readyMs)} s (listening ${f(x.liveMs)}, CPU ${Math.round(x.cpuMs)} ms)`).join(', ')}; every process ready ${f(slowest)} s, GET /api/v1/po signed in through the gateway ${f(systemMs)} s; CPU of the processes until ready ${f(cpuTotal)} s, at least ${f(cpuTotal / cores)} s on ${cores} cores`,
      );
    }
  }
  console.log('');
  for (const order of orders) {
    const worst = Math.max(...results[order].map((x) => Math.max(x.slowest, x.systemMs)));
    console.log(
      `${order} start: every process ready ${results[order].map((x) => (x.slowest / 1000).toFixed(2)).join(' / ')} s, the system answering ${results[order].map((x) => (x.systemMs / 1000).toFixed(2)).join(' / ')} s over ${RUNS} runs (budget ${BUDGET_MS / 1000} s): ${worst <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`,
    );
  }
} catch (err) {
  if (!interrupted()) console.error(err);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);

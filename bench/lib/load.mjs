// A closed-loop load generator: `connections` keep-alive connections, each sending its next request
// as soon as the previous answer arrives, for `durationMs`. Reports exact percentiles.
import { Pool } from 'undici';

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}

/**
 * `url` is the one URL to request, or `nextPath()` gives each request its own path (same origin as
 * `url`); `urls` instead takes them in turn (several instances of a service, as the gateway spreads
 * requests over them), each origin with its own `connections` connections.
 */
// cpu: optional { name: () => CPU ms used so far } (lib/system.mjs cpuMs, postgresCpuMs); with it the
// result says each one's CPU per answer over the measured window (cpuMsPerAnswer), which says what a
// request costs however busy the machine is.
export async function load({
  url,
  urls,
  nextPath,
  headers = {},
  connections = 50,
  durationMs = 10_000,
  warmupMs = 2_000,
  cpu,
}) {
  const targets = (urls ?? [url]).map((each) => {
    const u = new URL(each);
    return { pool: new Pool(u.origin, { connections, pipelining: 1 }), fixed: u.pathname + u.search };
  });
  let turn = 0;
  const latencies = [];
  let errors = 0;
  let statusErrors = 0;
  let recording = false;
  let stop = false;
  const worker = async () => {
    while (!stop) {
      const t0 = performance.now();
      try {
        const { pool, fixed } = targets[turn++ % targets.length];
        const res = await pool.request({ method: 'GET', path: nextPath ? nextPath() : fixed, headers });
        await res.body.dump();
        const dt = performance.now() - t0;
        if (res.statusCode !== 200) statusErrors++;
        else if (recording) latencies.push(dt);
      } catch {
        errors++;
      }
    }
  };
  const workers = Array.from({ length: connections }, worker);
  await new Promise((r) => setTimeout(r, warmupMs));
  recording = true;
  // The load generator's own CPU too: on a machine it shares with the system, it takes from the same cores.
  const meters = cpu
    ? {
        ...cpu,
        generator: () => {
          const u = process.cpuUsage();
          return (u.user + u.system) / 1000;
        },
      }
    : {};
  const cpuAt = () => Object.fromEntries(Object.entries(meters).map(([k, f]) => [k, f()]));
  const cpu0 = cpuAt();
  const started = performance.now();
  await new Promise((r) => setTimeout(r, durationMs));
  recording = false;
  const cpu1 = cpuAt();
  const elapsed = performance.now() - started;
  stop = true;
  await Promise.all(workers);
  await Promise.all(targets.map((t) => t.pool.close()));
  latencies.sort((a, b) => a - b);
  const r = (x) => Math.round(x * 100) / 100;
  return {
    requests: latencies.length,
    rps: Math.round((latencies.length / elapsed) * 1000),
    p50: r(percentile(latencies, 50)),
    p95: r(percentile(latencies, 95)),
    p99: r(percentile(latencies, 99)),
    max: r(latencies.at(-1) ?? NaN),
    errors,
    non200: statusErrors,
    ...(cpu
      ? {
          cpuMsPerAnswer: Object.fromEntries(
            Object.keys(meters).map((k) => [
              k,
              cpu0[k] == null || cpu1[k] == null ? null : r((cpu1[k] - cpu0[k]) / latencies.length),
            ]),
          ),
        }
      : {}),
  };
}

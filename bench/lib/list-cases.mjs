// What the list benches (boq-list, indent-list, ledger, po-list) share: a writer that runs beside a
// load, and one case measured (its first answer, then the load with the CPU each answer cost).
import { load } from './load.mjs';
import { cpuMs, json, postgresCpuMs } from './system.mjs';

/** Run `step` every 100 ms until the returned stop() (awaited) says to stop; `step` counts what it wrote. */
export function repeatInBackground(step) {
  let stop = false;
  const done = (async () => {
    while (!stop) {
      await step();
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    stop = true;
    await done;
  };
}

/**
 * One case: GET `path` once (the answer, for its rows), then `load` of it as `headers` at
 * `connections` for `durationMs`, with `nextPath` when the case asks for other pages. CPU per answer
 * (the system's, and PostgreSQL's on a `fresh` database) is steadier than latency on a shared machine.
 */
export async function measureListCase(sys, fresh, { path, headers, connections, durationMs, nextPath }) {
  const answer = await fetch(`${sys.base}/api/v1/${path}`, { headers }).then(json);
  const cpu = {
    system: () => cpuMs(sys.pid),
    ...(fresh ? { postgres: () => postgresCpuMs(fresh.name) } : {}),
  };
  const measured = await load({
    url: `${sys.base}/api/v1/${path}`,
    ...(nextPath ? { nextPath } : {}),
    headers,
    connections,
    durationMs,
    cpu,
  });
  return { answer, measured };
}

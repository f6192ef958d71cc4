// Budget (issue 2): the gateway hop in distributed mode adds at most 2 ms at p50 compared with
// calling the service directly. Two cases (BENCH_CASE=auth or distributed runs one):
// - auth: auth runs as its own process, the gateway proxying to it; `GET /auth/teamList?limit=10`
//   (BENCH_DATABASE_URL to use PostgreSQL, PGlite otherwise).
// - distributed: the whole distributed topology (lib/distributed.mjs: every service its own
//   process with its own role and schema on this machine's PostgreSQL and NATS, po and indent as
//   two instances); `GET /po?limit=10` (the PO list's first page) from the two po instances
//   directly, in turn as the gateway spreads them, and `GET /api/v1/po?limit=10` through the
//   gateway; the hop is the difference. The first instance alone is measured too, for reference:
//   on this 2-core VM, an instance asked every other request idles between them and wakes cold,
//   which costs more than the hop itself (bench/README.md). Needs PostgreSQL and NATS
//   (BENCH_DATABASE_URL, BENCH_NATS_URL or their usual ports).
// Each at 1 connection (the hop itself) and 10 (queueing at the service dominates).
import { load } from './lib/load.mjs';
import { cpuMs, signIn, startProcess } from './lib/system.mjs';
import { adminUrl, cleanup, gatewayDist, natsUrl, onCleanup, startDistributed } from './lib/distributed.mjs';

const which = process.env.BENCH_CASE;
const verdicts = [];

/**
 * Direct vs through the gateway at 1 and 10 connections; the verdict is the one-connection figure.
 * `cpu`: { name: () => CPU ms so far } of the processes involved (CPU per answer in the results).
 */
async function compare(name, directUrls, gatewayUrl, headers, cpu, reference) {
  for (const connections of [1, 10]) {
    if (reference) {
      const alone = await load({ url: reference.url, headers, connections, durationMs: 6000, cpu });
      console.log(
        `${name}, ${connections} connection(s): direct to ${reference.name} (for reference) ${JSON.stringify(alone)}`,
      );
    }
    const direct = await load({ urls: [directUrls].flat(), headers, connections, durationMs: 6000, cpu });
    const via = await load({ url: gatewayUrl, headers, connections, durationMs: 6000, cpu });
    const added = Math.round((via.p50 - direct.p50) * 100) / 100;
    console.log(
      `${name}, ${connections} connection(s): direct${[directUrls].flat().length > 1 ? ' (each instance in turn)' : ''} ${JSON.stringify(direct)}`,
    );
    console.log(`${name}, ${connections} connection(s): gateway ${JSON.stringify(via)}`);
    console.log(`${name}, ${connections} connection(s): the gateway hop adds ${added} ms at p50\n`);
    if (connections === 1)
      verdicts.push(
        `${name}: gateway hop adds ${added} ms at p50 with one connection (budget 2 ms): ${added <= 2 ? 'within budget' : 'OVER BUDGET'}`,
      );
  }
}

if (!which || which === 'auth') {
  const shared = { SEED_DEMO: 'true', OTP_RESEND_SECONDS: '0' };
  if (process.env.BENCH_DATABASE_URL) shared.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  // Stopped by cleanup(): at the end of the case, or on Ctrl-C.
  const auth = await startProcess('services/auth/dist/server.js', shared);
  onCleanup('auth', () => auth.stop());
  const gateway = await startProcess('gateway/dist/main.js', { ...shared, AUTH_SERVICE_URL: auth.base });
  onCleanup('gateway', () => gateway.stop());
  try {
    const token = await signIn(gateway.base);
    await compare(
      'auth (teamList)',
      `${auth.base}/auth/teamList?limit=10`,
      `${gateway.base}/api/v1/auth/teamList?limit=10`,
      { authorization: `Bearer ${token}` },
      {
        auth: () => cpuMs(auth.pid),
        gateway: () => cpuMs(gateway.pid),
      },
    );
  } finally {
    await cleanup();
  }
}

if (!which || which === 'distributed') {
  const { answers } = await gatewayDist('distributed/local-servers.js');
  const reachable = async (url, port) => answers(Number(new URL(url).port || port), new URL(url).hostname);
  if (!(await reachable(adminUrl, 5432)) || !(await reachable(natsUrl, 4222))) {
    console.log(
      `distributed case skipped: PostgreSQL (${new URL(adminUrl).host}) and NATS (${new URL(natsUrl).host}) must both answer`,
    );
  } else {
    try {
      const { topology } = await startDistributed();
      const pos = topology.instances('po');
      const token = await signIn(topology.gatewayUrl);
      await compare(
        'distributed (po list)',
        pos.map((p) => `${p.url}/po?limit=10`),
        `${topology.gatewayUrl}/api/v1/po?limit=10`,
        { authorization: `Bearer ${token}` },
        {
          ...Object.fromEntries(pos.map((p) => [p.id, () => cpuMs(p.proc.pid)])),
          gateway: () => cpuMs(topology.gateway.proc.pid),
        },
        { name: pos[0].id, url: `${pos[0].url}/po?limit=10` },
      );
    } finally {
      await cleanup();
    }
  }
}
for (const v of verdicts) console.log(v);
// Not waiting for the topology's stop timers (30 s) to run out.
process.exit(0);

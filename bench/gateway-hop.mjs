// Budget (issue 2): the gateway hop in distributed mode adds at most 2 ms at p50 compared with
// calling the service directly. Auth runs as its own process; the gateway proxies to it.
import { load } from './lib/load.mjs';
import { signIn, startProcess } from './lib/system.mjs';

const shared = { SEED_DEMO: 'true', OTP_RESEND_SECONDS: '0' };
if (process.env.BENCH_DATABASE_URL) shared.DATABASE_URL = process.env.BENCH_DATABASE_URL;
const auth = await startProcess('services/auth/dist/server.js', shared);
const gateway = await startProcess('gateway/dist/main.js', { ...shared, AUTH_SERVICE_URL: auth.base });
try {
  const token = await signIn(gateway.base);
  const headers = { authorization: `Bearer ${token}` };
  // One connection shows the hop itself; ten show it under load, where queueing at the service dominates.
  let verdict = '';
  for (const connections of [1, 10]) {
    const direct = await load({ url: `${auth.base}/auth/teamList?limit=10`, headers, connections, durationMs: 6000 });
    const via = await load({ url: `${gateway.base}/api/v1/auth/teamList?limit=10`, headers, connections, durationMs: 6000 });
    const added = Math.round((via.p50 - direct.p50) * 100) / 100;
    console.log(`${connections} connection(s): direct ${JSON.stringify(direct)}`);
    console.log(`${connections} connection(s): gateway ${JSON.stringify(via)}`);
    console.log(`${connections} connection(s): the gateway hop adds ${added} ms at p50\n`);
    if (connections === 1) verdict = `gateway hop adds ${added} ms at p50 with one connection (budget 2 ms): ${added <= 2 ? 'within budget' : 'OVER BUDGET'}`;
  }
  console.log(verdict);
} finally {
  await gateway.stop();
  await auth.stop();
}

// Budget (issue 2): the gateway hop in distributed mode adds at most 2 ms at p50 compared with
// calling the service directly. Auth runs as its own process; the gateway proxies to it.
import { load } from './lib/load.mjs';
import { signIn, startProcess } from './lib/system.mjs';

const shared = { SEED_DEMO: 'true', OTP_RESEND_SECONDS: '0', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-12345' };
if (process.env.BENCH_DATABASE_URL) shared.DATABASE_URL = process.env.BENCH_DATABASE_URL;
const auth = await startProcess('services/auth/dist/server.js', shared);
const gateway = await startProcess('gateway/dist/main.js', { ...shared, AUTH_SERVICE_URL: auth.base });
try {
  const token = await signIn(gateway.base);
  const headers = { authorization: `Bearer ${token}` };
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const direct = await load({ url: `${auth.base}/auth/me`, headers, connections, durationMs: 8000 });
  const via = await load({ url: `${gateway.base}/api/v1/auth/me`, headers, connections, durationMs: 8000 });
  console.log(`direct   ${JSON.stringify(direct)}`);
  console.log(`gateway  ${JSON.stringify(via)}`);
  const added = Math.round((via.p50 - direct.p50) * 100) / 100;
  console.log(`\ngateway hop adds ${added} ms at p50 (budget 2 ms): ${added <= 2 ? 'within budget' : 'OVER BUDGET'}`);
} finally {
  await gateway.stop();
  await auth.stop();
}

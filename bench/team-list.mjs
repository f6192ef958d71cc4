// Budget (issue 2): GET /api/v1/auth/teamList through the gateway, embedded mode (PGlite),
// 1,000 members, 50 concurrent connections on loopback: p95 at most 20 ms.
import { load } from './lib/load.mjs';
import { json, signIn, startProcess } from './lib/system.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const sys = await startProcess('gateway/dist/main.js', { SEED_DEMO: 'true', OTP_RESEND_SECONDS: '0' });
try {
  const token = await signIn(sys.base);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const t0 = Date.now();
  const roles = ['Employee', 'Employee', 'Employee', 'Purchaser', 'Accountant'];
  for (let i = 0; i < MEMBERS - 4; i += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, MEMBERS - 4 - i) }, (_, k) => {
        const n = i + k;
        return fetch(`${sys.base}/api/v1/auth/createTeam`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            name: `Member ${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (((n / 26) | 0) % 26))} Bench`,
            email: `member${n}@bench.example`,
            phoneNumber: String(8000000000 + n),
            status: n % 7 === 0 ? 'inactive' : 'active',
            role: roles[n % roles.length],
          }),
        }).then(json);
      }),
    );
  }
  const seeded = await json(await fetch(`${sys.base}/api/v1/auth/teamList?limit=1`, { headers }));
  console.log(`seeded ${seeded.totalItems}${seeded.totalCapped ? '+' : ''} members in ${Date.now() - t0} ms`);

  const cases = [
    ['first page', '/api/v1/auth/teamList?limit=10&offset=0'],
    ['keyword search', '/api/v1/auth/teamList?limit=10&offset=0&keyword=bench&status=active'],
  ];
  const results = {};
  for (const [name, path] of cases) {
    const r = await load({
      url: `${sys.base}${path}`,
      headers: { authorization: headers.authorization },
      connections: 50,
      durationMs: 10_000,
    });
    results[name] = r;
    console.log(`${name.padEnd(15)} ${JSON.stringify(r)}`);
  }
  const worst = Math.max(...Object.values(results).map((r) => r.p95));
  console.log(`\nteamList p95 ${worst} ms (budget 20 ms): ${worst <= 20 ? 'within budget' : 'OVER BUDGET'}`);
} finally {
  await sys.stop();
}

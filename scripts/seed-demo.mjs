// npm run seed:demo [address]: the demo business, made through the public API of a running system
// (default http://127.0.0.1:$PORT, PORT 8080) that has no business data yet. The system must have
// its first Admin on the demo Admin's number (ADMIN_PHONE=9000000001) and the console SMS provider
// (one-time codes are read from its development outbox). `npm start` runs this on a new data
// directory by itself.
import { seedWhenReady } from './demo-seed/start.mjs';

const base = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
try {
  await seedWhenReady(base, { adminPhone: process.env.ADMIN_PHONE, timeoutMs: 30_000 });
} catch (err) {
  console.error(`✗ ${err.message}`);
  process.exit(1);
}

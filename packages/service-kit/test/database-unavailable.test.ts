import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATABASE_UNAVAILABLE,
  installErrorHandling,
  isDatabaseUnavailable,
  openPostgres,
  serverOptions,
  type Database,
} from '../src/index.js';
import { createTestDatabase, testConfig } from '../src/testing/index.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function appThrowing(routes: Record<string, () => Promise<unknown>>): Promise<FastifyInstance> {
  const app = Fastify({ ...serverOptions(testConfig(), 'test'), logger: false });
  installErrorHandling(app);
  for (const [path, fn] of Object.entries(routes)) app.get(path, fn);
  await app.ready();
  cleanups.push(() => app.close());
  return app;
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a request while the database cannot be reached', () => {
  it('answers 503 with a message to try again in a moment, for every kind of lost or refused connection', async () => {
    const lost: Record<string, Error> = {
      '/admin-shutdown': withCode('terminating connection due to administrator command', '57P01'),
      '/crash-shutdown': withCode(
        'terminating connection because of crash of another server process',
        '57P02',
      ),
      '/starting-up': withCode('the database system is starting up', '57P03'),
      '/connection-failure': withCode('connection failure', '08006'),
      '/refused': withCode('connect ECONNREFUSED 10.0.0.5:5432', 'ECONNREFUSED'),
      '/reset': withCode('read ECONNRESET', 'ECONNRESET'),
      '/timed-out': withCode('connect ETIMEDOUT 10.0.0.5:5432', 'ETIMEDOUT'),
      '/pipe': withCode('write EPIPE', 'EPIPE'),
      '/terminated': new Error('Connection terminated unexpectedly'),
      '/connect-timeout': new Error('timeout exceeded when trying to connect'),
    };
    const app = await appThrowing(
      Object.fromEntries(Object.entries(lost).map(([path, err]) => [path, async () => Promise.reject(err)])),
    );
    for (const path of Object.keys(lost)) {
      const res = await app.inject({ method: 'GET', url: path });
      expect({ path, status: res.statusCode, body: res.json() }).toEqual({
        path,
        status: 503,
        body: { message: DATABASE_UNAVAILABLE },
      });
      expect(res.headers['retry-after']).toBe('5');
    }
  });

  it('still answers 500 for a failing query and its own status for a request error that carries one', async () => {
    const app = await appThrowing({
      '/syntax': async () => Promise.reject(withCode('syntax error at or near "SELEC"', '42601')),
      '/unique': async () =>
        Promise.reject(withCode('duplicate key value violates unique constraint', '23505')),
      '/aborted': async () =>
        Promise.reject(Object.assign(withCode('aborted', 'ECONNRESET'), { statusCode: 400 })),
    });
    expect((await app.inject({ method: 'GET', url: '/syntax' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/unique' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/aborted' })).statusCode).toBe(400);
  });

  it('answers 503 for the real error of node-postgres when nothing listens on the database port', async () => {
    const pool = new pg.Pool({
      connectionString: 'postgres://nobody@127.0.0.1:1/none',
      connectionTimeoutMillis: 2000,
    });
    cleanups.push(() => pool.end());
    const app = await appThrowing({ '/query': async () => pool.query('SELECT 1') });
    const res = await app.inject({ method: 'GET', url: '/query' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE });
  });

  it('fails within DATABASE_CONNECT_TIMEOUT_MS, with a connection error, when the server accepts but does not answer', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const port = (silent.address() as AddressInfo).port;
    const started = Date.now();
    const err = await openPostgres(`postgres://nobody@127.0.0.1:${port}/none`, {
      connectTimeoutMs: 300,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(err).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a transaction whose connection the server ends (PostgreSQL)',
  () => {
    it('rolls back, answers 503, and leaves no broken connection in the pool: the next requests work', async () => {
      const { db, drop } = await createTestDatabase();
      cleanups.push(drop);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      cleanups.push(() => admin.end());
      await db.exec('CREATE TABLE written (n int)');

      const app = await appThrowing({
        '/write': async () =>
          (db as Database).transaction(async (tx) => {
            await tx.query('INSERT INTO written VALUES (1)');
            const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
            // A restart or failover, as the server sees it: this connection is ended mid-transaction.
            await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
            await tx.query('INSERT INTO written VALUES (2)');
          }),
        '/count': async () =>
          (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM written')).rows[0],
      });

      const res = await app.inject({ method: 'GET', url: '/write' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE });
      // Nothing half-applied; and every connection the pool hands out afterwards works (5 at once: all of them).
      const after = await Promise.all(
        Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/count' })),
      );
      expect(after.map((r) => [r.statusCode, r.json()])).toEqual(
        Array.from({ length: 5 }, () => [200, { n: 0 }]),
      );
      expect(db.poolStats!().total).toBeLessThanOrEqual(5);
    });
  },
);

/**
 * Fault tests of the distributed topology, part 3: a service started while NATS or PostgreSQL is
 * down (packages/service-kit/src/startup.ts). It must not exit: it answers /health/live 200 and
 * /health/ready 503 (the gateway keeps it out of rotation), tries to connect again with a growing
 * wait, logging each wait with its reason, and turns ready soon after the server returns; the main
 * flow then goes through it. One topology for the file (harness.ts), on servers of its own.
 */
import { describe, expect, it } from 'vitest';
import { eventually, realServers, request, shown, useSystem, type System } from './harness.js';
import type { TopologyProcess } from '../../src/distributed/topology.js';

interface Health {
  status?: string;
  message?: string;
}

/**
 * While `p` starts with a server away: it stays the same process, /health/live answers 200 and
 * /health/ready 503 `starting` naming what it waits for, for `watchMs` (long enough for several
 * tries). Returns the messages /health/ready gave.
 */
async function startsAndWaits(
  sys: System,
  p: TopologyProcess,
  waitsFor: RegExp,
  watchMs = 8000,
): Promise<string[]> {
  const seen = new Set<string>();
  await eventually(
    `${p.id} answers live 200 and ready 503 while it waits`,
    async () => {
      const live = await request('GET', `${p.url}/health/live`, { timeoutMs: 3000 });
      const ready = await request<Health>('GET', `${p.url}/health/ready`, { timeoutMs: 3000 });
      if (
        live.status === 200 &&
        ready.status === 503 &&
        ready.body.status === 'starting' &&
        waitsFor.test(ready.body.message ?? '')
      )
        return [];
      return [
        `${p.id}: live ${shown(live)}, ready ${shown(ready)}${p.running ? '' : ` (exited: ${p.lastExit?.signal ?? p.lastExit?.code})`}`,
      ];
    },
    60_000,
    200,
  );
  const pid = p.proc?.pid;
  const until = Date.now() + watchMs;
  while (Date.now() < until) {
    expect(p.running, `${p.id} exited while it waited (${p.lastExit?.signal ?? p.lastExit?.code})`).toBe(
      true,
    );
    expect(p.proc?.pid).toBe(pid);
    const live = await request('GET', `${p.url}/health/live`, { timeoutMs: 3000 });
    const ready = await request<Health>('GET', `${p.url}/health/ready`, { timeoutMs: 3000 });
    expect(live.status, shown(live)).toBe(200);
    expect(ready.status, shown(ready)).toBe(503);
    seen.add(ready.body.message ?? '');
    await new Promise((r) => setTimeout(r, 500));
  }
  return [...seen];
}

/** The gateway's view of an instance in its /health (`up` or `down`). */
async function gatewayState(sys: System, p: TopologyProcess): Promise<string | undefined> {
  const h = await request<{ checks?: Record<string, { instances?: Record<string, string> }> }>(
    'GET',
    `${sys.gatewayUrl}/health`,
    { timeoutMs: 3000 },
  );
  return h.body.checks?.[p.service]?.instances?.[p.url];
}

describe.skipIf(!realServers)(
  'the distributed topology: a service started while NATS or PostgreSQL is down',
  () => {
    const { system, output } = useSystem();

    it('started while NATS is down, an instance answers live 200 and ready 503, does not exit, logs each wait with its reason, and is ready within seconds of NATS starting', async () => {
      const sys = system();
      const p = sys.instances('po')[1]!;
      await sys.stop(p);
      await sys.nats.stop();
      output.note('NATS stopped');
      const mark = output.mark();
      output.note(`starting ${p.id} with NATS down`);
      p.start();
      const messages = await startsAndWaits(sys, p, /waiting for NATS/);
      output.note(`${p.id} said while it waited: ${JSON.stringify(messages)}`);
      // Several tries, each wait logged with the reason (the connection refused) and the wait before the next.
      const waits = output.linesSince(mark, p.id).filter((l) => l.includes('cannot reach NATS'));
      expect(waits.length, 'waits logged').toBeGreaterThanOrEqual(3);
      expect(
        waits.every((l) => /trying again in [\d.]+ s/.test(l) && /"reason":"[^"]+"/.test(l)),
        waits.join('\n'),
      ).toBe(true);
      // The gateway keeps it out of rotation meanwhile.
      expect(await gatewayState(sys, p)).toBe('down');

      await sys.nats.start();
      const back = Date.now();
      output.note('NATS started again');
      await p.waitReady(60_000);
      output.note(`${p.id} ready ${Date.now() - back} ms after NATS started`);
      expect(
        Date.now() - back,
        'ready within a few seconds (at most one wait of 5 s, then the start)',
      ).toBeLessThan(30_000);
      await sys.gatewaySees(p, true, 15_000);
      await sys.everythingUp();
    }, 240_000);

    it('started while PostgreSQL is down, an instance answers live 200 and ready 503, does not exit, and is ready within seconds of PostgreSQL starting', async () => {
      const sys = system();
      const p = sys.instances('po')[1]!;
      await sys.stop(p);
      await sys.pg.stop('fast');
      output.note('PostgreSQL stopped');
      const mark = output.mark();
      output.note(`starting ${p.id} with PostgreSQL down`);
      p.start();
      const messages = await startsAndWaits(sys, p, /waiting for PostgreSQL/);
      output.note(`${p.id} said while it waited: ${JSON.stringify(messages)}`);
      const waits = output.linesSince(mark, p.id).filter((l) => l.includes('cannot reach PostgreSQL'));
      expect(waits.length, 'waits logged').toBeGreaterThanOrEqual(3);

      await sys.pg.start();
      const back = Date.now();
      output.note('PostgreSQL started again');
      await p.waitReady(60_000);
      output.note(`${p.id} ready ${Date.now() - back} ms after PostgreSQL started`);
      expect(Date.now() - back).toBeLessThan(30_000);
      await sys.gatewaySees(p, true, 15_000);
      await sys.everythingUp();
    }, 240_000);

    it('instances started while both were down carry the main flow once both are back: one approval makes its POs, each once', async () => {
      const sys = system();
      const pending = (await sys.pendingApprovals(1, 'Started during an outage'))[0]!;
      const indent = sys.instances('indent');
      const po = sys.instances('po');
      // Only the second instances run, and they start while PostgreSQL and NATS are both away.
      await Promise.all([...indent, ...po].map((p) => sys.stop(p)));
      await sys.pg.stop('fast');
      await sys.nats.stop();
      output.note('PostgreSQL and NATS stopped');
      indent[1]!.start();
      po[1]!.start();
      await Promise.all([
        startsAndWaits(sys, indent[1]!, /waiting for PostgreSQL/, 3000),
        startsAndWaits(sys, po[1]!, /waiting for PostgreSQL/, 3000),
      ]);
      await sys.pg.start();
      output.note('PostgreSQL started again');
      // Now they wait for NATS.
      await Promise.all([
        startsAndWaits(sys, indent[1]!, /waiting for NATS/, 2000),
        startsAndWaits(sys, po[1]!, /waiting for NATS/, 2000),
      ]);
      await sys.nats.start();
      output.note('NATS started again');
      for (const p of [indent[1]!, po[1]!]) {
        await p.waitReady(60_000);
        await sys.gatewaySees(p, true, 15_000);
      }
      // The processes that ran through the outage are whole again too.
      for (const p of sys.topology.processes.filter((x) => x.running)) await p.waitReady(60_000);

      const answer = await sys.approve(pending);
      expect(answer.status, shown(answer)).toBe(200);
      await eventually(
        'the approval made one PO per vendor',
        async () => {
          const made = await sys.posOf([pending.id]);
          const vendors = made.map((m) => m.vendor_id).sort();
          return JSON.stringify(vendors) === JSON.stringify([...pending.vendors].sort())
            ? []
            : [`POs of vendors ${JSON.stringify(vendors)}, expected ${JSON.stringify(pending.vendors)}`];
        },
        60_000,
      );
      // The first instances back, and every event gone round once.
      await Promise.all([indent[0]!, po[0]!].map((p) => sys.start(p)));
      await sys.settled(90_000, 'the system settled after the outage at start');
      expect((await sys.posOf([pending.id])).length).toBe(pending.vendors.length);
    }, 300_000);
  },
);

/**
 * Fault tests of the distributed topology, part 1: processes that crash at an exact point, a service
 * with no instance up, several instances of one service, and sessions across instances. One
 * topology for the file (harness.ts); the scenarios run one after another and each leaves every
 * process running and ready.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../src/modules.js';
import {
  eventually,
  jpeg,
  multipartPhoto,
  PHONES,
  realServers,
  request,
  shown,
  sleep,
  useSystem,
  type Answer,
} from './harness.js';

const unavailable = (service: string) =>
  `The ${MODULES[service]!.title} service is not available right now. Please try again in a moment.`;
const sorted = (xs: Iterable<string>) => [...xs].sort();

describe.skipIf(!realServers)('the distributed topology: crashes, instances and sessions', () => {
  const { system, output } = useSystem();

  it('honours a sign-in on both PO instances at once, and both refuse it within a second of signing out', async () => {
    const sys = system();
    const token = await sys.signIn(PHONES.purchaser);
    const po = sys.instances('po');
    expect(po).toHaveLength(2);
    const first = await Promise.all(po.map((p) => request('GET', `${p.url}/po?limit=1`, { token })));
    expect(
      first.map((a) => a.status),
      first.map(shown).join('\n'),
    ).toEqual([200, 200]);

    const out = await request('POST', `${sys.gatewayUrl}/api/v1/auth/logout`, { token });
    expect(out.status, shown(out)).toBe(200);
    const t0 = Date.now();
    let last: Answer[] = [];
    await eventually(
      'both PO instances refuse the ended session',
      async () => {
        last = await Promise.all(
          po.map((p) => request('GET', `${p.url}/po?limit=1`, { token, timeoutMs: 5000 })),
        );
        return last.every((a) => a.status === 401) ? [] : last.map(shown);
      },
      3000,
      25,
    );
    const refusedAfter = Date.now() - t0;
    output.note(`both PO instances refused the ended session ${refusedAfter} ms after the sign-out`);
    expect(refusedAfter).toBeLessThanOrEqual(1000);
    expect(last.every((a) => typeof (a.body as { message?: unknown }).message === 'string')).toBe(true);
    // The gateway refuses it too, and the other members' sessions are untouched.
    expect((await request('GET', `${sys.gatewayUrl}/api/v1/po?limit=1`, { token })).status).toBe(401);
    expect((await sys.api('purchaser', 'GET', '/po?limit=1')).status).toBe(200);
  }, 60_000);

  it('answers 503 with a clear message for the PO paths while no PO instance is up, keeps serving the others, and serves PO again once it is back', async () => {
    const sys = system();
    const po = sys.instances('po');
    const [somePo] = await sys.rows<{ id: string; item_id: string }>(
      `SELECT p.id, l.item_id FROM po.purchase_orders p JOIN po.po_lines l ON l.po_id = p.id AND l.line_no = 1 ORDER BY p.po_seq LIMIT 1`,
    );
    await Promise.all(po.map((p) => sys.stop(p)));

    const receiptId = randomUUID();
    const down = [
      await sys.api('employee', 'GET', '/po?limit=5'),
      await sys.api('employee', 'GET', `/po/${somePo!.id}`),
      await sys.api('admin', 'GET', '/po/stats'),
      await sys.api('employee', 'POST', '/poReceipt', {
        body: sys.receiptBody(somePo!.id, receiptId, somePo!.item_id),
      }),
    ];
    for (const a of down) {
      expect(a.status, shown(a)).toBe(503);
      expect(a.body).toEqual({ message: unavailable('po') });
      expect(a.ms).toBeLessThan(5000);
    }
    for (const [who, path] of [
      ['purchaser', '/items/all?limit=5'],
      ['employee', '/indent?limit=5'],
    ] as const) {
      const a = await sys.api(who, 'GET', path);
      expect(a.status, `${path}: ${shown(a)}`).toBe(200);
    }
    // No receipt was recorded by the refused POST.
    expect(await sys.rows(`SELECT 1 FROM po.receipts WHERE id = $1`, [receiptId])).toEqual([]);

    for (const p of po) p.start();
    await Promise.all(po.map((p) => p.waitReady(60_000)));
    const t0 = Date.now();
    await eventually(
      'the gateway serves the PO paths again',
      async () => {
        const a = await sys.api('employee', 'GET', '/po?limit=5');
        return a.status === 200 ? [] : [shown(a)];
      },
      10_000,
      100,
    );
    output.note(`PO answered 200 through the gateway ${Date.now() - t0} ms after its instances were ready`);
    for (const p of po) await sys.gatewaySees(p);
  }, 90_000);

  it('with two PO and two indent instances, 20 concurrent approvals make exactly one PO per indent and vendor numbered without gaps, each event handled once, and photos and PDFs are served by every instance', async () => {
    const sys = system();
    const po = sys.instances('po');
    const indent = sys.instances('indent');
    expect([po.length, indent.length]).toEqual([2, 2]);
    const pending = await sys.pendingApprovals(20, 'Scale-out slab');
    const handledBefore = await Promise.all(po.map((p) => sys.handledCounts(p, 'po-indent-approved')));
    const listedBefore = await Promise.all(indent.map((p) => sys.handledCounts(p, 'indent-purchase-orders')));
    const posBefore = Number(
      (await sys.rows<{ n: number }>(`SELECT count(*)::int AS n FROM po.purchase_orders`))[0]!.n,
    );

    const answers = await Promise.all(pending.map((p) => sys.approve(p)));
    expect(
      answers.map((a) => a.status),
      answers
        .filter((a) => a.status !== 200)
        .map(shown)
        .join('\n'),
    ).toEqual(answers.map(() => 200));

    await sys.settled(60_000, 'the approvals made their POs');
    const made = await sys.posOf(pending.map((p) => p.id));
    for (const p of pending)
      expect(sorted(made.filter((m) => m.indent_id === p.id).map((m) => m.vendor_id)), p.number).toEqual(
        sorted(p.vendors),
      );
    const newPos = made.length;
    expect(newPos).toBe(pending.reduce((n, p) => n + p.vendors.length, 0));
    expect(
      Number((await sys.rows<{ n: number }>(`SELECT count(*)::int AS n FROM po.purchase_orders`))[0]!.n),
    ).toBe(posBefore + newPos);

    // Each event handled once across the instances: the handled deliveries add up to the events.
    const handledAfter = await Promise.all(po.map((p) => sys.handledCounts(p, 'po-indent-approved')));
    const listedAfter = await Promise.all(indent.map((p) => sys.handledCounts(p, 'indent-purchase-orders')));
    const delta = (
      after: Array<Record<string, number>>,
      before: Array<Record<string, number>>,
      outcome: string,
    ) => after.reduce((n, a, i) => n + (a[outcome] ?? 0) - (before[i]![outcome] ?? 0), 0);
    output.note(
      `approvals handled per PO instance: ${handledAfter.map((a, i) => (a.handled ?? 0) - (handledBefore[i]!.handled ?? 0)).join(' + ')}`,
    );
    expect(delta(handledAfter, handledBefore, 'handled')).toBe(pending.length);
    expect(delta(handledAfter, handledBefore, 'duplicate')).toBe(0);
    expect(delta(listedAfter, listedBefore, 'handled')).toBe(newPos);

    // A photo uploaded through one PO instance, and the PO's PDF, served by each instance directly.
    const target = made[0]!;
    const token = sys.tokens.employee;
    const bytes = jpeg();
    const upload = await request<{ _id: string; size: number }>(
      'POST',
      `${po[0]!.url}/po/${target.id}/photos`,
      { token, raw: multipartPhoto(bytes) },
    );
    expect(upload.status, shown(upload)).toBe(201);
    // What is kept is the service's re-encoded copy: every instance serves those same bytes.
    let served: Buffer | undefined;
    for (const p of po) {
      const photo = await request('GET', `${p.url}/po/${target.id}/photos/${upload.body._id}`, { token });
      expect(photo.status, `${p.id}: ${shown(photo)}`).toBe(200);
      expect(photo.contentType).toBe('image/jpeg');
      expect(photo.bytes.length, `${p.id} served another size`).toBe(upload.body.size);
      expect(photo.bytes.subarray(0, 2).equals(Buffer.from([0xff, 0xd8])), `${p.id} served no JPEG`).toBe(
        true,
      );
      if (served) expect(photo.bytes.equals(served), `${p.id} served other bytes`).toBe(true);
      served = photo.bytes;
      const pdf = await request('GET', `${p.url}/po/${target.id}/pdf`, { token });
      expect(pdf.status, `${p.id}: ${shown(pdf)}`).toBe(200);
      expect(pdf.contentType).toBe('application/pdf');
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  }, 120_000);

  it('an indent instance killed with SIGKILL between committing an approval and publishing its event publishes it after a restart: the POs appear once, one per vendor, numbered without gaps', async () => {
    const sys = system();
    const indent = sys.instances('indent');
    const [pending] = await sys.pendingApprovals(1, 'Crash before publish');
    await sys.restartAll('indent', { FAULT_INJECTION: 'after-commit-before-publish:erp.indent.approved.v1' });

    // The instance that approves dies before the relay publishes: the answer may be an error.
    const answer = await sys.approve(pending!);
    output.note(`the approval answered ${shown(answer)}`);
    expect([200, 502, 503]).toContain(answer.status);
    await eventually(
      'an indent instance died at the fault point',
      async () => (indent.some((p) => !p.running) ? [] : ['both still running']),
      15_000,
      50,
    );
    const killed = indent.filter((p) => !p.running);
    expect(killed).toHaveLength(1);
    expect(killed[0]!.lastExit?.signal).toBe('SIGKILL');

    // The approval is committed, its event is in the outbox unpublished, and no PO exists yet.
    expect(await sys.rows(`SELECT status FROM indent.indents WHERE id = $1`, [pending!.id])).toEqual([
      { status: 'approved' },
    ]);
    const events = await sys.rows<{ published: boolean }>(
      `SELECT published_at IS NOT NULL AS published FROM indent.outbox WHERE subject = 'erp.indent.approved.v1' AND envelope->'data'->>'indentId' = $1`,
      [pending!.id],
    );
    expect(events).toEqual([{ published: false }]);
    expect(await sys.posOf([pending!.id])).toEqual([]);

    // Both instances again without the fault (the survivor still had it).
    await sys.restartAll('indent');
    // The dead relay's claim on the row runs out (its lease), then the restarted one publishes it.
    const ms = await sys.settled(75_000, 'the POs of the approval appeared');
    output.note(`the POs appeared ${ms} ms after the restart`);
    const made = await sys.posOf([pending!.id]);
    expect(sorted(made.map((m) => m.vendor_id))).toEqual(sorted(pending!.vendors));
    expect(
      await sys.rows(
        `SELECT count(*)::int AS n FROM indent.outbox WHERE subject = 'erp.indent.approved.v1' AND envelope->'data'->>'indentId' = $1`,
        [pending!.id],
      ),
    ).toEqual([{ n: 1 }]);
  }, 180_000);

  it('a PO consumer killed after committing its 3rd event and before acknowledging it: after a restart every indent has exactly its POs, PO numbers are 1..N without gaps or repeats, and nothing is dead-lettered', async () => {
    const sys = system();
    const po = sys.instances('po');
    const pending = await sys.pendingApprovals(10, 'Crash mid-batch');
    await sys.restartAll('po', { FAULT_INJECTION: 'after-handle-before-ack:po-indent-approved:3' });

    const answers = await Promise.all(pending.map((p) => sys.approve(p)));
    expect(
      answers.map((a) => a.status),
      answers
        .filter((a) => a.status !== 200)
        .map(shown)
        .join('\n'),
    ).toEqual(answers.map(() => 200));
    await eventually(
      'a PO instance died at the fault point',
      async () => (po.some((p) => !p.running) ? [] : ['both still running']),
      30_000,
      50,
    );
    await sleep(500);
    const killed = po.filter((p) => !p.running);
    for (const k of killed) expect(k.lastExit?.signal, k.id).toBe('SIGKILL');
    output.note(`killed at the fault point: ${killed.map((k) => k.id).join(', ')}`);

    // Both instances again without the fault.
    await sys.restartAll('po');
    // The event committed but not acknowledged comes back (JetStream's ack wait) and is dropped by the inbox.
    await eventually(
      'the unacknowledged event was delivered again and skipped',
      async () => {
        const counts = await Promise.all(po.map((p) => sys.handledCounts(p, 'po-indent-approved')));
        return counts.reduce((n, c) => n + (c.duplicate ?? 0), 0) >= killed.length
          ? []
          : [`duplicates seen: ${JSON.stringify(counts)}`];
      },
      75_000,
      500,
    );
    await sys.settled(60_000, 'every approval made its POs');
    const made = await sys.posOf(pending.map((p) => p.id));
    for (const p of pending)
      expect(sorted(made.filter((m) => m.indent_id === p.id).map((m) => m.vendor_id)), p.number).toEqual(
        sorted(p.vendors),
      );
    expect(await sys.poNumberProblems()).toEqual([]);
    const st = await sys.eventState();
    expect(
      Object.values(st.deadLetters).every((n) => n === 0),
      JSON.stringify(st.deadLetters),
    ).toBe(true);
  }, 240_000);
});

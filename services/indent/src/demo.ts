/**
 * Demo indents (GLOSSARY "Demo data"): one in each stage on the first demo project, drawn from its
 * demo BOQ: a draft, one waiting for comparison (with a line over its BOQ balance), one waiting for
 * approval (with a non-lowest choice and its reason), and one approved, whose purchase orders the PO
 * service makes from the approval event. What they draw on reaches this service only through other
 * services' events, in any order: each waits in demo_indents until its project, BOQ, members, items
 * and vendor prices have all arrived, and is made once (its row is deleted in the same transaction).
 */
import { toHundredths, toPaise, type IndentStatus } from '@erp/contracts';
import type { Queryable, ServiceContext } from '@erp/service-kit';
import { optionsFor } from './options.js';
import { announceIndent } from './indent-events.js';
import { newId, type Actor, type IndentRepository } from './repository.js';
import { approve, saveSelections, type Choice, type Locked } from './workflow.js';

/** The first demo project (services/projects/src/seed.ts) and the demo members (services/auth/src/seed.ts). */
const SKYLINE = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';
const EMPLOYEE = 'sandeep.patil@demo.example';
const PURCHASER = 'priya.kulkarni@demo.example';
const ADMIN = 'admin@demo.example';

interface DemoLine {
  item: string;
  qty: number;
  remark: string;
  /** The purchaser's vendor (by name) and, when it is not the lowest, why. */
  vendor?: string;
  reason?: string;
}

export interface DemoIndent {
  key: string;
  stage: IndentStatus;
  title: string;
  location: string;
  neededInDays: number;
  notes: string;
  lines: DemoLine[];
  fleet?: { vendor: string; amount: number; gst: number };
}

export const DEMO_INDENTS: DemoIndent[] = [
  {
    key: 'approved-column-steel',
    stage: 'approved',
    title: 'Column reinforcement and concrete, floors 7 and 8',
    location: 'Tower A, floors 7-8',
    neededInDays: 5,
    notes: 'Cut lengths as per bar bending schedule BBS-07; deliver before the floor 7 column pour.',
    lines: [
      {
        item: 'TMT steel bar 16 mm',
        qty: 12500,
        remark: 'Columns C1 to C24',
        vendor: 'Deccan Steel Suppliers',
      },
      { item: 'TMT steel bar 8 mm', qty: 3800, remark: 'Column ties', vendor: 'Deccan Steel Suppliers' },
      { item: 'Binding wire', qty: 160, remark: '', vendor: 'Deccan Steel Suppliers' },
      {
        item: '20 mm aggregate',
        qty: 45,
        remark: 'Site-mixed column concrete',
        vendor: 'Godavari Sand and Aggregates',
      },
    ],
    fleet: { vendor: 'Godavari Sand and Aggregates', amount: 1500, gst: 270 },
  },
  {
    key: 'approval-masonry',
    stage: 'approval',
    title: 'Masonry and plaster, floors 6 to 8',
    location: 'Tower A, floors 6-8',
    neededInDays: 10,
    notes: 'AAC block walls for the three floors; cement and sand for the block joints and plaster.',
    lines: [
      {
        item: 'AAC blocks 600x200x200 mm',
        qty: 4800,
        remark: '200 mm external walls',
        vendor: 'Sahyadri Bricks and Blocks',
      },
      {
        item: 'Cement OPC 53',
        qty: 450,
        remark: '',
        vendor: 'Deccan Steel Suppliers',
        reason:
          'Comes on the steel truck already booked for this week; the lowest quote has a 10-day lead time',
      },
      {
        item: 'River sand',
        qty: 60,
        remark: 'Screened, for plaster',
        vendor: 'Godavari Sand and Aggregates',
      },
    ],
  },
  {
    key: 'compare-slab',
    stage: 'compare',
    title: 'Slab casting, floor 11',
    location: 'Tower A, floor 11',
    neededInDays: 14,
    notes: 'Pour planned in two halves; pump booked by the RMC supplier.',
    lines: [
      { item: 'Ready-mix concrete M25', qty: 180, remark: 'Slab and beams' },
      { item: 'TMT steel bar 12 mm', qty: 9500, remark: 'Slab bottom and top mesh' },
      { item: 'Binding wire', qty: 95, remark: '' },
      { item: 'Waterproofing compound', qty: 4000, remark: 'Terrace and tanks, whole quantity at once' },
    ],
  },
  {
    key: 'draft-plaster',
    stage: 'draft',
    title: 'Plaster materials, floors 9 and 10',
    location: 'Tower A, floors 9-10',
    neededInDays: 21,
    notes: 'Internal plaster and putty; quantities to be checked against the finishing schedule.',
    lines: [
      { item: 'Cement OPC 53', qty: 300, remark: 'Internal plaster' },
      { item: 'River sand', qty: 40, remark: '' },
      { item: 'Wall putty', qty: 60, remark: 'Two coats' },
    ],
  },
];

/** On a new database with demo seeding: the demo indents wait for their data. */
export async function queueDemoIndents(ctx: ServiceContext): Promise<void> {
  if (!ctx.config.seedDemo) return;
  await ctx.tx(async (tx) => {
    if (ctx.db.kind === 'postgres')
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`seed:${ctx.schema}`]);
    const any = await tx.query(`SELECT 1 FROM ${ctx.schema}.indents LIMIT 1`);
    if (any.rows.length > 0) return;
    for (const d of DEMO_INDENTS)
      await tx.query(`INSERT INTO ${ctx.schema}.demo_indents (key) VALUES ($1) ON CONFLICT DO NOTHING`, [
        d.key,
      ]);
  });
}

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** How long ago each stage's demo indent was raised, so the list and histories read as real work. */
const AGE_HOURS: Record<IndentStatus, number> = { approved: 150, approval: 75, compare: 26, draft: 3 };

/** Date the demo indent and its history so far back: raised AGE_HOURS ago, each later step 4 hours after the one before. */
async function backdate(tx: Queryable, s: string, id: string, stage: IndentStatus): Promise<void> {
  await tx.query(
    `UPDATE ${s}.indents SET created_at = now() - $2 * interval '1 hour', updated_at = now() - ($2 - 4 * (SELECT count(*) - 1 FROM ${s}.indent_history WHERE indent_id = $1)) * interval '1 hour',
        submitted_at = CASE WHEN submitted_at IS NULL THEN NULL ELSE now() - ($2 - 4 * (SELECT count(*) - 1 FROM ${s}.indent_history WHERE indent_id = $1)) * interval '1 hour' END
      WHERE id = $1`,
    [id, AGE_HOURS[stage]],
  );
  await tx.query(
    `UPDATE ${s}.indent_history h SET at = now() - ($2 - 4 * (n.k - 1)) * interval '1 hour'
       FROM (SELECT seq, row_number() OVER (ORDER BY seq) AS k FROM ${s}.indent_history WHERE indent_id = $1) n WHERE h.seq = n.seq`,
    [id, AGE_HOURS[stage]],
  );
}

/**
 * What runs after every replica change: makes each waiting demo indent whose data has all arrived.
 * Demo indents are only queued on a database without indents (queueDemoIndents, at an instance's
 * start), so once none waits and an indent made over a minute ago exists, none will ever wait
 * again: from then on this instance asks nothing (one query fewer for every event the indent
 * service consumes). The minute covers another instance queueing at its start as the first
 * indent was being written.
 */
export function pendingDemoIndents(
  indents: IndentRepository,
): (tx: Queryable, ctx: ServiceContext) => Promise<void> {
  let done = false;
  return async (tx, ctx) => {
    if (done) return;
    const state = await tx.query<{ keys: string[]; old: boolean }>(
      `SELECT array(SELECT key FROM ${ctx.schema}.demo_indents) AS keys, EXISTS (SELECT 1 FROM ${ctx.schema}.indents WHERE created_at < now() - interval '1 minute') AS old`,
    );
    const { keys, old } = state.rows[0]!;
    if (keys.length === 0) {
      if (old) done = true;
      return;
    }
    await createPendingDemoIndents(tx, ctx, indents, keys);
  };
}

/** Make each waiting demo indent (`waitingKeys`) whose data has all arrived. */
async function createPendingDemoIndents(
  tx: Queryable,
  ctx: ServiceContext,
  indents: IndentRepository,
  waitingKeys: readonly string[],
): Promise<void> {
  const s = ctx.schema;
  const project = await tx.query(`SELECT 1 FROM ${s}.project_snapshots WHERE project_id = $1`, [SKYLINE]);
  const boq = await tx.query<{ boq_id: string }>(
    `SELECT boq_id FROM ${s}.boq_snapshots WHERE project_id = $1 AND status = 'confirmed' ORDER BY boq_number LIMIT 1`,
    [SKYLINE],
  );
  const members = await tx.query<{ member_id: string; name: string; email: string }>(
    `SELECT member_id, name, email FROM ${s}.access_members WHERE email = ANY($1::text[])`,
    [[EMPLOYEE, PURCHASER, ADMIN]],
  );
  const person = (email: string): Actor | null => {
    const m = members.rows.find((r) => r.email === email);
    return m ? { id: m.member_id, name: m.name } : null;
  };
  const [employee, purchaser, admin] = [person(EMPLOYEE), person(PURCHASER), person(ADMIN)];
  if (project.rows.length === 0 || !boq.rows[0] || !employee || !purchaser || !admin) return;
  const names = [...new Set(DEMO_INDENTS.flatMap((d) => d.lines.map((l) => l.item.toLowerCase())))];
  const items = await tx.query<{ item_id: string; name: string; unit: string }>(
    `SELECT DISTINCT ON (lower(name)) item_id, name, unit FROM ${s}.item_snapshots WHERE lower(name) = ANY($1::text[]) ORDER BY lower(name), status, item_id`,
    [names],
  );
  const itemOf = new Map(items.rows.map((r) => [r.name.toLowerCase(), r]));
  const options = await optionsFor(
    tx,
    s,
    items.rows.map((r) => r.item_id),
  );

  const choiceOf = (l: DemoLine): Choice | null => {
    if (!l.vendor) return null;
    const o = options.get(itemOf.get(l.item.toLowerCase())!.item_id)?.find((x) => x.vendorName === l.vendor);
    return o
      ? {
          vendorId: o.vendorId,
          vendorName: o.vendorName,
          reason: l.reason ?? 'Lowest price selected',
          pricePaise: o.pricePaise,
          gstPaise: o.gstPaise,
        }
      : null;
  };
  const ready = (d: DemoIndent) =>
    d.lines.every((l) => itemOf.has(l.item.toLowerCase()) && (!l.vendor || choiceOf(l) !== null));
  const due = DEMO_INDENTS.filter((x) => waitingKeys.includes(x.key));
  // All at once, in the order of the list (the approved one gets IND-000001), or none yet.
  if (!due.every(ready)) return;
  for (const d of due) {
    const taken = await tx.query(`DELETE FROM ${s}.demo_indents WHERE key = $1 RETURNING key`, [d.key]);
    if (taken.rows.length === 0) continue;

    const id = newId();
    const number = await indents.nextNumber(tx);
    const created = d.stage === 'draft' ? 'draft' : 'compare';
    await indents.insert(
      tx,
      id,
      number,
      {
        title: d.title,
        projectId: SKYLINE,
        boqId: boq.rows[0].boq_id,
        location: d.location,
        neededBy: day(d.neededInDays),
        notes: d.notes,
      },
      created,
      employee,
    );
    await indents.replaceLines(
      tx,
      id,
      d.lines.map((l) => {
        const item = itemOf.get(l.item.toLowerCase())!;
        return {
          itemId: item.item_id,
          itemName: item.name,
          unit: item.unit,
          quantity: toHundredths(l.qty),
          remark: l.remark,
        };
      }),
    );
    await indents.refreshSearch(tx, { id });
    await indents.history(tx, id, employee, null, created);
    if (d.stage === 'approval' || d.stage === 'approved') {
      const lines = await indents.lines(tx, id);
      const chosen = new Map<string, Choice>();
      for (const l of d.lines) chosen.set(itemOf.get(l.item.toLowerCase())!.item_id, choiceOf(l)!);
      await saveSelections(tx, s, id, indents, lines, chosen);
      await tx.query(
        `UPDATE ${s}.indents SET status = 'approval', submitted_by = $2, submitted_by_name = $3, submitted_at = now() WHERE id = $1`,
        [id, purchaser.id, purchaser.name],
      );
      await indents.history(tx, id, purchaser, 'compare', 'approval');
      if (d.stage === 'approved') {
        if (d.fleet) {
          const vendor = [...chosen.values()].find((c) => c.vendorName === d.fleet!.vendor)!;
          await tx.query(
            `INSERT INTO ${s}.indent_fleet (indent_id, vendor_id, vendor_name, amount_paise, gst_paise, free) VALUES ($1, $2, $3, $4, $5, false)`,
            [id, vendor.vendorId, vendor.vendorName, toPaise(d.fleet.amount), toPaise(d.fleet.gst)],
          );
        }
        const locked: Locked[] = lines.map((line) => {
          const c = chosen.get(line.itemId)!;
          return {
            line,
            vendorId: c.vendorId,
            vendorName: c.vendorName,
            pricePaise: c.pricePaise,
            gstPaise: c.gstPaise,
            approverReason: '',
          };
        });
        await backdate(tx, s, id, d.stage);
        await approve(tx, ctx, indents, id, locked, admin);
      }
    }
    // The approval announced the approved one; the others are announced as they stand.
    if (d.stage !== 'approved') {
      await backdate(tx, s, id, d.stage);
      await announceIndent(tx, ctx, id);
    }
    await ctx.audit(tx, {
      actorId: null,
      action: 'indent_seeded',
      entity: 'indent',
      entityId: id,
      details: { number, stage: d.stage },
    });
    ctx.log.info({ indentNumber: number, stage: d.stage }, 'created a demo indent');
  }
}

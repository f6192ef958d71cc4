import { BoqUpserted, toHundredths, toPaise } from '@erp/contracts';
import type { Queryable, ServiceContext } from '@erp/service-kit';
import type { BoqsRepository } from './repositories/boqs.js';

/** Who made the demo data (the seed's actor for projects too). */
const SEED_ACTOR = { id: '00000000-0000-0000-0000-000000000000', name: 'Demo data' };

interface DemoLine {
  /** The catalog's demo item, by name (services/catalog/src/seed.ts DEMO_ITEMS). */
  item: string;
  unit: string;
  qty: number;
  rate: number;
  remark: string;
}

export interface DemoBoq {
  key: string;
  projectId: string;
  name: string;
  description: string;
  notes: string;
  lines: DemoLine[];
}

/**
 * A confirmed BOQ for each demo project (GLOSSARY "Demo data"), its lines drawn from the catalog's
 * demo items at around the demo vendors' prices. Items reach this service only through the
 * catalog's events, maybe after the seed: each BOQ waits in demo_boqs until all its items are known.
 */
export const DEMO_BOQS: DemoBoq[] = [
  {
    key: 'skyline-civil',
    projectId: '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e',
    name: 'Civil and structural works, Tower A',
    description: 'RCC frame, slabs and masonry from foundation to terrace for the G plus fourteen tower.',
    notes:
      'Quantities from the structural drawings rev. C; RMC for columns, beams and slabs, site mix for masonry and plaster.',
    lines: [
      {
        item: 'Ready-mix concrete M25',
        unit: 'CBM',
        qty: 3450,
        rate: 5200,
        remark: 'Raft, columns, beams and slabs',
      },
      { item: 'TMT steel bar 12 mm', unit: 'kg', qty: 182500, rate: 62, remark: 'Slabs and beams, Fe 500D' },
      { item: 'Cement OPC 53', unit: 'bags', qty: 14800, rate: 380, remark: 'Masonry mortar and plaster' },
      { item: 'River sand', unit: 'CBM', qty: 960, rate: 1800, remark: 'Plaster and mortar, screened' },
      { item: '20 mm aggregate', unit: 'CBM', qty: 640, rate: 1450, remark: 'Site mix PCC and lintels' },
      {
        item: 'Red clay bricks',
        unit: 'pcs',
        qty: 86000,
        rate: 8.5,
        remark: 'Toilet walls, shafts and parapets',
      },
      { item: 'Binding wire', unit: 'kg', qty: 1825, rate: 78, remark: '1 kg per 100 kg of steel' },
      {
        item: 'Plywood 18 mm',
        unit: 'sheets',
        qty: 1150,
        rate: 2450,
        remark: 'Slab and beam shuttering, 6 repetitions',
      },
      {
        item: 'TMT steel bar 8 mm',
        unit: 'kg',
        qty: 46800,
        rate: 64,
        remark: 'Stirrups and distribution bars',
      },
      { item: 'TMT steel bar 16 mm', unit: 'kg', qty: 128400, rate: 61, remark: 'Columns and raft, Fe 500D' },
      {
        item: 'AAC blocks 600x200x200 mm',
        unit: 'pcs',
        qty: 52000,
        rate: 62,
        remark: 'Internal and external walls, floors 1 to 14',
      },
      { item: 'Wall putty', unit: 'bags', qty: 2400, rate: 760, remark: 'Two coats over internal plaster' },
      {
        item: 'Waterproofing compound',
        unit: 'liters',
        qty: 3800,
        rate: 240,
        remark: 'Toilets, terrace and water tanks',
      },
    ],
  },
  {
    key: 'godavari-civil',
    projectId: '2c9d5e1f-6a7b-4c8d-9e0f-a1b2c3d4e5f6',
    name: 'Foundations, floor slab and office block',
    description: 'Isolated footings for the PEB columns, the trimix floor and the office block civil works.',
    notes: 'PEB structure and roofing under a separate contract; this BOQ covers the civil scope only.',
    lines: [
      {
        item: 'Ready-mix concrete M25',
        unit: 'CBM',
        qty: 2150,
        rate: 5350,
        remark: 'Footings, plinth beams and 200 mm floor slab',
      },
      { item: 'TMT steel bar 12 mm', unit: 'kg', qty: 64500, rate: 62, remark: 'Footings and slab mesh' },
      {
        item: 'Cement OPC 53',
        unit: 'bags',
        qty: 3250,
        rate: 392,
        remark: 'Office block masonry and plaster',
      },
      { item: 'River sand', unit: 'CBM', qty: 420, rate: 1900, remark: 'Mortar and plaster' },
      {
        item: '20 mm aggregate',
        unit: 'CBM',
        qty: 380,
        rate: 1450,
        remark: 'PCC under footings and sub-base',
      },
      {
        item: 'Red clay bricks',
        unit: 'pcs',
        qty: 42000,
        rate: 8.5,
        remark: 'Office block and compound wall',
      },
      { item: 'Binding wire', unit: 'kg', qty: 650, rate: 82, remark: 'Reinforcement tying' },
      {
        item: 'Plywood 18 mm',
        unit: 'sheets',
        qty: 260,
        rate: 2450,
        remark: 'Footing and plinth beam shuttering',
      },
      {
        item: 'Structural steel ISMB 200',
        unit: 'tons',
        qty: 186,
        rate: 68500,
        remark: 'Portal frames and purlins, 24 m span',
      },
      {
        item: 'GI roofing sheet 0.5 mm',
        unit: 'sheets',
        qty: 2900,
        rate: 1450,
        remark: 'Roof and side cladding, 3.6 m lengths',
      },
      {
        item: 'PVC pipe 110 mm',
        unit: 'meters',
        qty: 640,
        rate: 285,
        remark: 'Rainwater downtakes and drainage',
      },
      {
        item: 'Vitrified tiles 600x600 mm',
        unit: 'boxes',
        qty: 310,
        rate: 1180,
        remark: 'Office block floors',
      },
      {
        item: 'Copper wire 2.5 sq mm',
        unit: 'rolls',
        qty: 85,
        rate: 2350,
        remark: 'Office block and warehouse lighting circuits',
      },
    ],
  },
];

/** Record the demo BOQs as waiting for their items (the seed, in its transaction, on a new database). */
export async function queueDemoBoqs(tx: Queryable, schema: string): Promise<void> {
  for (const d of DEMO_BOQS) {
    await tx.query(
      `INSERT INTO ${schema}.demo_boqs (key, project_id) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`,
      [d.key, d.projectId],
    );
  }
}

/**
 * Make each waiting demo BOQ whose items have all arrived (confirmed, BOQ-0001 upward), once: its
 * demo_boqs row is deleted in the same transaction, so a restart or another instance never makes it
 * again.
 */
export async function createPendingDemoBoqs(
  tx: Queryable,
  ctx: ServiceContext,
  boqs: BoqsRepository,
): Promise<void> {
  const waiting = await tx.query<{ key: string }>(
    `SELECT key FROM ${ctx.schema}.demo_boqs ORDER BY key DESC`,
  );
  if (waiting.rows.length === 0) return;
  // In the order of DEMO_BOQS, so the first project's BOQ gets the first number.
  for (const d of DEMO_BOQS.filter((x) => waiting.rows.some((w) => w.key === x.key))) {
    const items = await boqs.items.byNames(
      tx,
      d.lines.map((l) => l.item),
    );
    if (d.lines.some((l) => !items.has(l.item.toLowerCase()))) continue;
    const taken = await tx.query(`DELETE FROM ${ctx.schema}.demo_boqs WHERE key = $1 RETURNING key`, [d.key]);
    if (taken.rows.length === 0) continue;
    const projectSearch = await boqs.countOnProject(tx, d.projectId, 1);
    if (projectSearch === null) continue;
    const number = await boqs.nextNumber(tx);
    const id = await boqs.insert(
      tx,
      { boqNumber: number, revision: 1, status: 'confirmed', projectSearch, actor: SEED_ACTOR },
      {
        projectId: d.projectId,
        name: d.name,
        description: d.description,
        notes: d.notes,
        lines: d.lines.map((l) => ({
          itemId: items.get(l.item.toLowerCase())!.itemId,
          unit: l.unit,
          plannedHundredths: toHundredths(l.qty),
          ratePaise: toPaise(l.rate),
          remark: l.remark,
        })),
      },
    );
    await ctx.audit(tx, {
      actorId: null,
      action: 'boq_seeded',
      entity: 'boq',
      entityId: id,
      details: { boqNumber: number, projectId: d.projectId },
    });
    await ctx.emit(tx, BoqUpserted, await boqs.event(tx, id));
    ctx.log.info({ boqNumber: number, projectId: d.projectId }, 'created a demo BOQ');
  }
}

/**
 * Demo data (SEED_DEMO): the items on a new database, and their prices once the demo vendors
 * arrive through vendor events (they may come after this service started).
 */
import { toPaise, type VendorUpsertedData } from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';
import { bumpGeneration } from './list-cache.js';
import { saveItem, type CatalogDeps } from './writer.js';

const SEEDER = { id: '00000000-0000-4000-8000-000000000000', name: 'Demo data' };

export const DEMO_ITEMS: Array<{ name: string; unit: string }> = [
  { name: 'Cement OPC 53', unit: 'bags' },
  { name: 'TMT steel bar 12 mm', unit: 'kg' },
  { name: 'River sand', unit: 'CBM' },
  { name: '20 mm aggregate', unit: 'CBM' },
  { name: 'Red clay bricks', unit: 'pcs' },
  { name: 'Ready-mix concrete M25', unit: 'CBM' },
  { name: 'Binding wire', unit: 'kg' },
  { name: 'Plywood 18 mm', unit: 'sheets' },
  { name: 'TMT steel bar 8 mm', unit: 'kg' },
  { name: 'TMT steel bar 16 mm', unit: 'kg' },
  { name: 'AAC blocks 600x200x200 mm', unit: 'pcs' },
  { name: 'Structural steel ISMB 200', unit: 'tons' },
  { name: 'GI roofing sheet 0.5 mm', unit: 'sheets' },
  { name: 'PVC pipe 110 mm', unit: 'meters' },
  { name: 'Wall putty', unit: 'bags' },
  { name: 'Waterproofing compound', unit: 'liters' },
  { name: 'Vitrified tiles 600x600 mm', unit: 'boxes' },
  { name: 'Copper wire 2.5 sq mm', unit: 'rolls' },
];

/**
 * Demo vendor name -> item name -> [price, GST] in rupees (GST 28% cement, 18% steel, ply, pipes,
 * putty, waterproofing, tiles and wire, 5% sand, 12% bricks and AAC blocks).
 */
export const DEMO_PRICES: Record<string, Record<string, [number, number]>> = {
  'Shree Ganesh Cement Traders': { 'Cement OPC 53': [380, 106.4], 'Ready-mix concrete M25': [5200, 936] },
  'Deccan Steel Suppliers': {
    'TMT steel bar 12 mm': [62, 11.16],
    'Binding wire': [78, 14.04],
    'Cement OPC 53': [392, 109.76],
    'TMT steel bar 8 mm': [64, 11.52],
    'TMT steel bar 16 mm': [61, 10.98],
    'Structural steel ISMB 200': [68500, 12330],
    'GI roofing sheet 0.5 mm': [1450, 261],
  },
  'Godavari Sand and Aggregates': {
    'River sand': [1800, 90],
    '20 mm aggregate': [1450, 72.5],
    'Ready-mix concrete M25': [5350, 963],
  },
  'Sahyadri Bricks and Blocks': {
    'Red clay bricks': [8.5, 1.02],
    'River sand': [1900, 95],
    'AAC blocks 600x200x200 mm': [62, 7.44],
  },
  'Western Ply and Hardware': {
    'Plywood 18 mm': [2450, 441],
    'Binding wire': [82, 14.76],
    'PVC pipe 110 mm': [285, 51.3],
    'Wall putty': [760, 136.8],
    'Waterproofing compound': [240, 43.2],
    'Vitrified tiles 600x600 mm': [1180, 212.4],
    'Copper wire 2.5 sq mm': [2350, 423],
  },
};

export async function seedItems(deps: CatalogDeps): Promise<void> {
  const { ctx, vendors } = deps;
  if ((await ctx.db.query(`SELECT 1 FROM ${ctx.schema}.items LIMIT 1`)).rows.length > 0) return;
  await ctx.tx(async (tx) => {
    for (const it of DEMO_ITEMS) {
      await saveItem(deps, tx, {
        itemId: null,
        input: { name: it.name, unit: it.unit, prices: [], mode: 'replace' },
        by: SEEDER,
      });
    }
    await bumpGeneration(tx, ctx.schema);
  });
  // Vendors that arrived before the items were seeded.
  for (const v of await vendors.all(ctx.db)) {
    await ctx.tx((tx) =>
      addDemoPrices(deps, tx, {
        vendorId: v.vendorId,
        displayId: v.displayId,
        name: v.name,
        status: v.status,
        version: 0,
      }),
    );
  }
}

/** Demo prices for a demo vendor that has no prices yet. */
export async function addDemoPrices(
  deps: CatalogDeps,
  tx: Queryable,
  vendor: VendorUpsertedData,
): Promise<void> {
  const prices = DEMO_PRICES[vendor.name];
  if (!prices || vendor.status !== 'active') return;
  if (await deps.vendors.hasPrices(tx, vendor.vendorId)) return;
  // Inside the caller's transaction (an event handler's, or the seed's): lists change with it.
  await bumpGeneration(tx, deps.ctx.schema);
  for (const [itemName, [price, gst]] of Object.entries(prices)) {
    const found = await tx.query<{ id: string }>(
      `SELECT id FROM ${deps.ctx.schema}.items WHERE name_key = lower($1)`,
      [itemName],
    );
    const id = found.rows[0]?.id;
    if (!id) continue;
    await saveItem(deps, tx, {
      itemId: id,
      input: {
        prices: [
          { vendorId: vendor.vendorId, pricePaise: toPaise(price), gstPaise: toPaise(gst), status: 'active' },
        ],
        mode: 'merge',
      },
      by: SEEDER,
    });
  }
}

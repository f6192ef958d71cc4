/**
 * The data the consumers' pacts were written against (pacts/*-projects-service.json): a Pune
 * builder's two sites with fixed ids, and the lines of the first one's civil works BOQ. Copied here
 * when the service stopped making sample data itself, so the provider states stay as the pacts expect.
 */
import type { ProjectInput } from '../src/repositories/projects.js';

export const PACT_PROJECTS: Array<ProjectInput & { id: string }> = [
  {
    id: '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e',
    projectCode: 'PRJ-0001',
    name: 'Skyline Residency, Pune',
    location: 'Survey 112, Baner-Pashan Link Road, Baner, Pune, Maharashtra 411045',
    startDate: '2026-04-01',
    targetCompletionDate: '2028-03-31',
    status: 'inProgress',
    notes: 'G+14 residential tower, 56 flats (2 and 3 BHK); RCC frame with AAC block masonry.',
  },
  {
    id: '2c9d5e1f-6a7b-4c8d-9e0f-a1b2c3d4e5f6',
    projectCode: 'PRJ-0002',
    name: 'Godavari Logistics Warehouse, Nashik',
    location: 'Plot C-27, MIDC Sinnar, Nashik, Maharashtra 422103',
    startDate: '2026-09-15',
    targetCompletionDate: '2027-06-30',
    status: 'planning',
    notes: 'Pre-engineered steel warehouse, 60,000 sq.ft with a 2,000 sq.ft office block.',
  },
];

/** The lines of PRJ-0001's 'Civil and structural works, Tower A': item name, unit, quantity, rate (₹), remark. */
export const PACT_BOQ_LINES: Array<{
  item: string;
  unit: string;
  qty: number;
  rate: number;
  remark: string;
}> = [
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
  { item: 'TMT steel bar 8 mm', unit: 'kg', qty: 46800, rate: 64, remark: 'Stirrups and distribution bars' },
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
];

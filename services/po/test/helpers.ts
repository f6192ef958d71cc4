import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import {
  IndentApproved,
  type EventEnvelope,
  type IndentApprovedData,
  type PoCreatedData,
  type PurchaseOrder,
} from '@erp/contracts';
import { buildEnvelope, type KitConfig } from '@erp/service-kit';
import {
  createTestHarness,
  grantAccess,
  usingRealServers,
  type GrantedAccess,
  type GrantOptions,
  type TestHarness,
  grantTeam,
  DEMO_TEAM,
  callerAs,
} from '@erp/service-kit/testing';
import { expect } from 'vitest';
import { poService } from '../src/app.js';

export const onPostgres = usingRealServers && Boolean(process.env.TEST_DATABASE_URL);

export type Who = 'admin' | 'purchaser' | 'accountant' | 'employee';

export interface PoHarness extends TestHarness {
  people: Record<Who, GrantedAccess>;
  /** GET `url` as a member (null: without a token). */
  get(who: Who | GrantedAccess | null, url: string): Promise<LightMyRequestResponse>;
  member(o: GrantOptions): Promise<GrantedAccess>;
  /** Publish an envelope as the indent service's relay would, and wait until it is handled. */
  publish(envelope: EventEnvelope): Promise<void>;
  /** The indent's POs as GET /po lists them (as the Admin), oldest number first. */
  posOf(indentId: string): Promise<PurchaseOrder[]>;
  /** erp.po.created.v1 events in the outbox, oldest first (all, or one indent's). */
  created(indentId?: string): Promise<PoCreatedData[]>;
  countPos(): Promise<number>;
}

/**
 * The PO service on a fresh database, with members announced as auth would: an Admin, a Purchaser,
 * an Accountant (each with the role's defaults) and an Employee assigned to `employeeProjects`.
 */
export async function startPo(
  o: { kit?: Partial<KitConfig>; employeeProjects?: string[] } = {},
): Promise<PoHarness> {
  const h = await createTestHarness([poService()], o.kit);
  const people = await grantTeam(h, {
    ...DEMO_TEAM,
    employee: { ...DEMO_TEAM.employee, projects: o.employeeProjects ?? [] },
  });
  const call = callerAs(h, people);
  const get: PoHarness['get'] = (who, url) => call(who, 'GET', url);
  return {
    ...h,
    people,
    get,
    member: (g) => grantAccess(h, g),
    async publish(envelope) {
      await h.bus.publish(envelope);
      await h.settle();
    },
    async posOf(indentId) {
      const list = await get('admin', `/po?indentId=${indentId}&limit=100`);
      expect(list.statusCode, list.body).toBe(200);
      const ids = (list.json().result as Array<{ _id: string; poNumber: string }>)
        .sort((a, b) => numberOf(a.poNumber) - numberOf(b.poNumber))
        .map((p) => p._id);
      const out: PurchaseOrder[] = [];
      for (const id of ids) {
        const res = await get('admin', `/po/${id}`);
        expect(res.statusCode, res.body).toBe(200);
        out.push(res.json() as PurchaseOrder);
      }
      return out;
    },
    async created(indentId) {
      const r = await h.db.query<{ envelope: EventEnvelope<PoCreatedData> }>(
        `SELECT envelope FROM po.outbox WHERE subject = 'erp.po.created.v1' AND ($1::text IS NULL OR envelope->'data'->>'indentId' = $1) ORDER BY seq`,
        [indentId ?? null],
      );
      return r.rows.map((x) => x.envelope.data);
    },
    async countPos() {
      const r = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM po.purchase_orders');
      return r.rows[0]!.n;
    },
  };
}

let seq = 0;
const next = () => `${process.pid % 1000}${String(++seq).padStart(4, '0')}`;

export interface TestVendor {
  vendorId: string;
  vendorName: string;
}

export function newVendor(name = 'Deccan Steel Suppliers'): TestVendor {
  return { vendorId: randomUUID(), vendorName: `${name} ${next()}` };
}

export const PROJECT = { _id: randomUUID(), name: 'Riverside Heights', projectCode: 'PRJ-0012' };

/**
 * An approval of a new indent as the indent service announces it: three vendors by default, with
 * amounts whose totals are worked out by hand in the tests (see THREE_VENDOR_TOTALS).
 */
export function approval(over: Partial<IndentApprovedData> = {}): IndentApprovedData {
  const n = next();
  return {
    indentId: randomUUID(),
    indentNumber: `IND-${n}`,
    title: `Tower B slab ${n}`,
    project: PROJECT,
    boq: { _id: randomUUID(), boqId: 'BOQ-0003', name: 'Civil works' },
    createdBy: { _id: randomUUID(), name: 'Sandeep Patil' },
    approvedBy: { _id: randomUUID(), name: 'Demo Admin' },
    approvedAt: '2026-05-04T10:30:00.000Z',
    vendors: [
      {
        ...newVendor('Deccan Steel Suppliers'),
        fleet: { amount: 1500, gst: 270 },
        lines: [
          {
            itemId: randomUUID(),
            itemName: 'Cement OPC 53',
            unit: 'bags',
            quantity: 120.5,
            price: 380.5,
            gst: 68.49,
          },
          {
            itemId: randomUUID(),
            itemName: 'TMT bar 12 mm',
            unit: 'kg',
            quantity: 2.25,
            price: 62.1,
            gst: 11.18,
          },
        ],
      },
      {
        ...newVendor('Sahyadri Sand'),
        // Set as Free on the approval screen: the indent service sends 0.
        fleet: { amount: 0, gst: 0 },
        lines: [
          { itemId: randomUUID(), itemName: 'River sand', unit: 'CBM', quantity: 10, price: 1450, gst: 72.5 },
        ],
      },
      {
        ...newVendor('Pune Bricks'),
        fleet: { amount: 250.75, gst: 45.14 },
        lines: [
          {
            itemId: randomUUID(),
            itemName: 'Red bricks',
            unit: 'pcs',
            quantity: 3.33,
            price: 9.99,
            gst: 1.8,
          },
        ],
      },
    ],
    ...over,
  };
}

/**
 * The default approval's POs, in paise arithmetic:
 * - Cement: (380.50 + 68.49) x 120.5 = 44899 p x 120.50 = 5,410,329.5 p → 5,410,330 p (half away from zero);
 *   TMT: 7328 p x 2.25 = 16,488 p; fleet 1,500 + GST 270 → 5,426,818 + 150,000 + 27,000 = 5,603,818 p.
 * - Sand: 152,250 p x 10 = 1,522,500 p; free fleet.
 * - Bricks: 1,179 p x 3.33 = 3,926.07 p → 3,926 p; fleet 250.75 + GST 45.14 → 3,926 + 25,075 + 4,514 = 33,515 p.
 */
export const THREE_VENDOR_TOTALS = {
  amounts: [56038.18, 15225, 335.15],
  lineTotals: [[54103.3, 164.88], [15225], [39.26]],
};

export function approvedEnvelope(data: IndentApprovedData): EventEnvelope<IndentApprovedData> {
  return buildEnvelope('indent', IndentApproved, data) as EventEnvelope<IndentApprovedData>;
}

/** The number of PO-000042: 42. */
export const numberOf = (poNumber: string) => Number(/^PO-(\d{6,})$/.exec(poNumber)?.[1] ?? NaN);

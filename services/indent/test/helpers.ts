import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  BoqUpserted,
  ItemUpserted,
  ProjectUpserted,
  VendorUpdated,
  type CreateIndentBody,
  type Indent,
  type IndentCompare,
  type ItemUpsertedData,
  type Role,
} from '@erp/contracts';
import { buildEnvelope, type KitConfig } from '@erp/service-kit';
import {
  createTestHarness,
  grantAccess,
  type GrantedAccess,
  type GrantOptions,
  type TestHarness,
  callerAs,
} from '@erp/service-kit/testing';
import { indentService } from '../src/app.js';

export type Who = 'admin' | 'purchaser' | 'accountant' | 'employee' | 'outsider';

/** Each test member's role and name, as auth announces them. */
export const PEOPLE: Record<Who, { role: Role; name: string }> = {
  admin: { role: 'Admin', name: 'Demo Admin' },
  purchaser: { role: 'Purchaser', name: 'Priya Kulkarni' },
  accountant: { role: 'Accountant', name: 'Rahul Deshmukh' },
  employee: { role: 'Employee', name: 'Sandeep Patil' },
  outsider: { role: 'Employee', name: 'Anil Jadhav' },
};

export interface TestVendor {
  vendorId: string;
  name: string;
  status: 'active' | 'inactive' | 'blocked';
}

export interface TestItem {
  itemId: string;
  name: string;
  unit: string;
  /** [vendor index, price, gst, status] */
  prices: Array<[number, number, number, 'active' | 'inactive']>;
}

/** A project with a confirmed BOQ, items with vendor prices and vendors, as the other services announce them. */
export interface World {
  projectId: string;
  otherProjectId: string;
  boqId: string;
  boqNumber: string;
  draftBoqId: string;
  otherBoqId: string;
  vendors: TestVendor[];
  items: TestItem[];
  /** Planned quantity of each item on the BOQ (the last item is not on it). */
  planned: number[];
}

export interface IndentHarness extends TestHarness {
  people: Record<Who, GrantedAccess>;
  /** A member as the indent tables record them (history, creator, submitter, approver). */
  actor(who: Who): { id: string; name: string };
  world: World;
  call(
    who: Who | GrantedAccess | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  member(o: GrantOptions): Promise<GrantedAccess>;
  /** Announce as the catalog would (item_upserted with prices), then settle. */
  announceItem(item: TestItem, version: number): Promise<void>;
  announceVendor(v: TestVendor, version: number): Promise<void>;
  /** Create an indent (201 expected) as the Employee. */
  create(over?: Partial<CreateIndentBody>, who?: Who): Promise<Indent>;
  compare(id: string, who?: Who): Promise<IndentCompare>;
}

let seq = 0;
export const unique = (): string => `${process.pid % 1000}-${Date.now() % 100000}-${++seq}`;

export function itemData(item: TestItem, vendors: TestVendor[], version: number): ItemUpsertedData {
  return {
    itemId: item.itemId,
    name: item.name,
    unit: item.unit,
    status: 'active',
    version,
    prices: item.prices.map(([v, price, gst, status]) => ({
      vendorId: vendors[v]!.vendorId,
      price,
      gst,
      status,
    })),
  };
}

/**
 * The indent service on a fresh database with: an Admin, a Purchaser, an Accountant, an Employee on
 * the project and an Employee on another project; the project and another one, a confirmed BOQ of
 * the project (the first three items), a draft BOQ, a confirmed BOQ of the other project; four
 * items priced by three active vendors, an inactive one and a blocked one.
 */
export async function startIndent(kit: Partial<KitConfig> = {}): Promise<IndentHarness> {
  const h = await createTestHarness([indentService()], kit);
  const u = unique();
  const projectId = randomUUID();
  const otherProjectId = randomUUID();
  const vendors: TestVendor[] = [
    { vendorId: randomUUID(), name: `Shree Ganesh Traders ${u}`, status: 'active' },
    { vendorId: randomUUID(), name: `Deccan Steel ${u}`, status: 'active' },
    { vendorId: randomUUID(), name: `Western Ply ${u}`, status: 'active' },
    { vendorId: randomUUID(), name: `Sleepy Supplies ${u}`, status: 'inactive' },
    { vendorId: randomUUID(), name: `Blocked Bricks ${u}`, status: 'blocked' },
  ];
  const items: TestItem[] = [
    // Cement: vendor 0 lowest (486.40), vendor 1 dearer; the blocked and inactive vendors are cheaper still, never offered.
    {
      itemId: randomUUID(),
      name: `Cement OPC 53 ${u}`,
      unit: 'bags',
      prices: [
        [0, 380, 106.4, 'active'],
        [1, 392, 109.76, 'active'],
        [4, 300, 10, 'active'],
        [3, 310, 10, 'active'],
      ],
    },
    // Steel: vendor 1 only, and vendor 2's price is inactive.
    {
      itemId: randomUUID(),
      name: `TMT steel bar 12 mm ${u}`,
      unit: 'kg',
      prices: [
        [1, 62, 11.16, 'active'],
        [2, 50, 9, 'inactive'],
      ],
    },
    // Sand: two vendors tied on total per unit (1890).
    {
      itemId: randomUUID(),
      name: `River sand ${u}`,
      unit: 'CBM',
      prices: [
        [0, 1800, 90, 'active'],
        [2, 1850, 40, 'active'],
      ],
    },
    // Putty: not on the BOQ, no vendor price at all.
    { itemId: randomUUID(), name: `Wall putty ${u}`, unit: 'bags', prices: [] },
  ];
  const planned = [500, 10000, 60];
  const boqId = randomUUID();
  const draftBoqId = randomUUID();
  const otherBoqId = randomUUID();
  const boqNumber = `BOQ-${u}`;
  const publish = (e: Parameters<TestHarness['bus']['publish']>[0]) => h.bus.publish(e);
  await publish(
    buildEnvelope('projects', ProjectUpserted, {
      projectId,
      projectCode: `PRJ-${u}`,
      name: `Skyline Residency ${u}`,
      status: 'inProgress',
      version: 1,
    }),
  );
  await publish(
    buildEnvelope('projects', ProjectUpserted, {
      projectId: otherProjectId,
      projectCode: `PRJ-X${u}`,
      name: `Godavari Park ${u}`,
      status: 'inProgress',
      version: 1,
    }),
  );
  for (const v of vendors)
    await publish(
      buildEnvelope('vendors', VendorUpdated, {
        vendorId: v.vendorId,
        displayId: 'VEN-0001',
        name: v.name,
        status: v.status,
        version: 1,
      }),
    );
  for (const it of items) await publish(buildEnvelope('catalog', ItemUpserted, itemData(it, vendors, 2)));
  const boqLines = items
    .slice(0, 3)
    .map((it, i) => ({ itemId: it.itemId, name: it.name, unit: it.unit, plannedQty: planned[i]! }));
  await publish(
    buildEnvelope('projects', BoqUpserted, {
      boqId,
      boqNumber,
      revision: 1,
      projectId,
      name: 'Civil works, Tower A',
      status: 'confirmed',
      lines: boqLines,
      version: 2,
    }),
  );
  await publish(
    buildEnvelope('projects', BoqUpserted, {
      boqId: draftBoqId,
      boqNumber: `${boqNumber}-D`,
      revision: 1,
      projectId,
      name: 'Finishes',
      status: 'draft',
      lines: boqLines,
      version: 1,
    }),
  );
  await publish(
    buildEnvelope('projects', BoqUpserted, {
      boqId: otherBoqId,
      boqNumber: `${boqNumber}-O`,
      revision: 1,
      projectId: otherProjectId,
      name: 'Warehouse',
      status: 'confirmed',
      lines: boqLines,
      version: 2,
    }),
  );
  await h.settle();
  const people: Record<Who, GrantedAccess> = {
    admin: await grantAccess(h, PEOPLE.admin),
    purchaser: await grantAccess(h, PEOPLE.purchaser),
    accountant: await grantAccess(h, PEOPLE.accountant),
    employee: await grantAccess(h, { ...PEOPLE.employee, projects: [projectId] }),
    outsider: await grantAccess(h, { ...PEOPLE.outsider, projects: [otherProjectId] }),
  };
  const call = callerAs(h, people);
  const world: World = {
    projectId,
    otherProjectId,
    boqId,
    boqNumber,
    draftBoqId,
    otherBoqId,
    vendors,
    items,
    planned,
  };
  return {
    ...h,
    people,
    actor: (who) => ({ id: people[who].memberId, name: PEOPLE[who].name }),
    world,
    call,
    member: (o) => grantAccess(h, o),
    async announceItem(item, version) {
      await h.bus.publish(buildEnvelope('catalog', ItemUpserted, itemData(item, vendors, version)));
      await h.settle();
    },
    async announceVendor(v, version) {
      await h.bus.publish(
        buildEnvelope('vendors', VendorUpdated, {
          vendorId: v.vendorId,
          displayId: 'VEN-0001',
          name: v.name,
          status: v.status,
          version,
        }),
      );
      await h.settle();
    },
    async create(over = {}, who = 'employee') {
      const res = await call(who, 'POST', '/indent', newIndent(world, over));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().indent as Indent;
    },
    async compare(id, who = 'purchaser') {
      const res = await call(who, 'GET', `/indent/compare/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as IndentCompare;
    },
  };
}

/** A valid indent form: the first three items (cement 100 bags, steel 2500.5 kg, sand 12.25 CBM), sent for comparison. */
export function newIndent(world: World, over: Partial<CreateIndentBody> = {}): CreateIndentBody {
  return {
    title: `Slab casting, floor ${unique()}`,
    projectId: world.projectId,
    boqId: world.boqId,
    location: 'Tower A, floor 11',
    neededBy: '2026-12-15',
    notes: 'Pump booked',
    status: 'compare',
    items: [
      { item: world.items[0]!.itemId, quantity: 100, remarks: 'Slab' },
      { item: world.items[1]!.itemId, quantity: 2500.5 },
      { item: world.items[2]!.itemId, quantity: 12.25, remarks: 'Screened' },
    ],
    ...over,
  };
}

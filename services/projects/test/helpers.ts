import {
  createTestHarness,
  grantAccess,
  type GrantedAccess,
  type GrantOptions,
  type TestHarness,
  grantTeam,
  DEMO_TEAM,
  callerAs,
} from '@erp/service-kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { ItemUpserted, type Boq, type Project } from '@erp/contracts';
import { buildEnvelope, type KitConfig } from '@erp/service-kit';
import { expect } from 'vitest';
import { projectsService } from '../src/app.js';

export type Who = 'admin' | 'purchaser' | 'accountant' | 'employee';

export interface ProjectsHarness extends TestHarness {
  people: Record<Who, GrantedAccess>;
  call(
    who: Who | GrantedAccess | null,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** Announce a member as auth would (member_upserted), with a session. */
  member(o: GrantOptions): Promise<GrantedAccess>;
  create(over?: Record<string, unknown>, who?: Who | GrantedAccess): Promise<Project>;
  countProjects(): Promise<number>;
}

/**
 * The projects service on a fresh database, with members announced as auth would: an Admin, a
 * Purchaser, an Accountant and an Employee (assigned to no project), each with the role's defaults.
 */
export async function startProjects(kit: Partial<KitConfig> = {}): Promise<ProjectsHarness> {
  const h = await createTestHarness([projectsService()], kit);
  const people = await grantTeam(h, DEMO_TEAM);
  const call = callerAs(h, people);
  return {
    ...h,
    people,
    call,
    member: (o) => grantAccess(h, o),
    async create(over = {}, who = 'admin') {
      const res = await call(who, 'POST', '/project', newProject(over));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().project as Project;
    },
    async countProjects() {
      const r = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM projects.projects');
      return r.rows[0]!.n;
    },
  };
}

let seq = 0;
/** A unique code and word per call. */
export function uniqueCode(): string {
  seq++;
  return `T${process.pid % 1000}-${Date.now() % 100000}-${seq}`;
}

/** A valid project form; override any field. */
export function newProject(over: Record<string, unknown> = {}) {
  return {
    name: `Riverside Heights ${uniqueCode()}`,
    projectCode: uniqueCode(),
    location: 'Kharadi, Pune',
    startDate: '2026-01-10',
    targetCompletionDate: '2027-12-31',
    status: 'inProgress',
    notes: 'Two towers',
    ...over,
  };
}

/** An item of the master as the catalog announces it (erp.catalog.item_upserted.v1). */
export interface TestItem {
  itemId: string;
  name: string;
  unit: string;
  status: 'active' | 'inactive';
  version: number;
}

/** Announce items as the catalog would, and wait until the service has them. */
export async function announceItems(h: TestHarness, items: TestItem[]): Promise<void> {
  for (const it of items) await h.bus.publish(buildEnvelope('catalog', ItemUpserted, it));
  await h.settle();
}

/** `n` new items (announced), named uniquely. */
export async function newItems(h: TestHarness, n: number, unit = 'bags'): Promise<TestItem[]> {
  const items = Array.from({ length: n }, (_, i) => ({
    itemId: randomUUID(),
    name: `Test item ${uniqueCode()} ${i + 1}`,
    unit,
    status: 'active' as const,
    version: 1,
  }));
  await announceItems(h, items);
  return items;
}

/** A valid BOQ form for a project and items; override any field. */
export function newBoq(
  projectId: string,
  items: Array<{ itemId: string; unit: string }>,
  over: Record<string, unknown> = {},
) {
  return {
    projectId,
    name: `Civil works ${uniqueCode()}`,
    description: 'Structure and masonry.',
    notes: 'From drawings rev. B',
    status: 'draft',
    items: items.map((it, i) => ({
      item: it.itemId,
      plannedQty: 100 + i,
      unit: it.unit,
      rate: 380.5,
      remark: i === 0 ? 'First floor' : '',
    })),
    ...over,
  };
}

/** A confirmed BOQ of `items` on the project, made through the API as the Admin. */
export async function confirmedBoq(
  h: ProjectsHarness,
  projectId: string,
  items: Array<{ itemId: string; unit: string }>,
): Promise<Boq> {
  const res = await h.call('admin', 'POST', '/boq', newBoq(projectId, items, { status: 'confirmed' }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().boq as Boq;
}

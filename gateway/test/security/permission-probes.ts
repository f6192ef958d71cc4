/**
 * Members made for the permission table (permission-table.ts): for each row, members whose custom
 * permissions (the spec's permission editor: read/write per sub-module) hold exactly what the row
 * needs, everything but it, or everything with a role the row refuses. Each is created through the
 * real team call and signed in through the real sign-in calls. Also the records the scope checks
 * name: an indent of the fixture project and its PO, and ledger entries to reverse.
 */
import { randomUUID } from 'node:crypto';
import { MODULE_KEYS, subModuleKeys, type Role } from '@erp/contracts';
import { freshPhone, type Fixtures } from './fixtures.js';
import { ROLES_ALL, type ModuleGrants, type Perm, type PermissionRow } from './permission-table.js';
import type { SignedIn, System } from './system.js';

/** Permissions of a probe member: none but `grant`, or every one but `withhold` (`full`). */
export interface Profile {
  role: Role;
  full: boolean;
  grant?: readonly Perm[];
  withhold?: readonly Perm[];
  /** An Employee on no project (else every project, so that project scope, tested apart, does not answer first). */
  noProjects?: boolean;
}

export interface Probe {
  /** What the member holds, for the test's name. */
  name: string;
  profile: Profile;
  /** Whether the table lets this member through. */
  allowed: boolean;
}

/** 'a Purchaser', 'an Accountant', 'an Employee'. */
const a = (role: Role) => (/^[AEIOU]/.test(role) ? `an ${role}` : `a ${role}`);

const showPerms = (ps: readonly Perm[]) => ps.map((p) => `${p.level} ${p.module}.${p.sub}`).join(', ');

export function profileKey(p: Profile): string {
  return JSON.stringify([p.role, p.full, p.grant ?? [], p.withhold ?? [], p.noProjects ?? false]);
}

/** The stored shape of a profile's permissions: write implies read, no read means no write (SPEC §5). */
export function grantsOf(p: Profile): ModuleGrants {
  const out: ModuleGrants = {};
  for (const module of MODULE_KEYS) {
    const subModules: Record<string, { read: boolean; write: boolean }> = {};
    for (const sub of subModuleKeys(module)) subModules[sub] = { read: p.full, write: p.full };
    out[module] = { subModules };
  }
  for (const g of p.grant ?? []) {
    const a = out[g.module]!.subModules[g.sub]!;
    a.read = true;
    if (g.level === 'write') a.write = true;
  }
  for (const w of p.withhold ?? []) {
    const a = out[w.module]!.subModules[w.sub]!;
    a.write = false;
    if (w.level === 'read') a.read = false;
  }
  return out;
}

const NON_ADMIN: readonly Role[] = ['Purchaser', 'Accountant', 'Employee'];

/**
 * The members that test one row beyond the four demo roles: for a rule of module permissions, a
 * member of an allowed role holding exactly each way through (let through) and one holding all but
 * each needed permission (refused); for a rule of roles, each other role with every permission
 * (refused); for a signed-in rule, a member with no permission at all (let through). The allowed role
 * is, where one exists, one whose defaults do not grant the rule, so the custom permission is what
 * lets it through.
 */
export function probesFor(row: PermissionRow): Probe[] {
  const needs = row.needs;
  if (needs === 'public') return [];
  if (needs === 'signed-in')
    return [
      {
        name: 'a member with no permission at all',
        profile: { role: 'Employee', full: false },
        allowed: true,
      },
    ];
  const probes: Probe[] = [];
  const eligible = (needs.roles ?? ROLES_ALL).filter((r) => r !== 'Admin');
  const all = needs.all ?? [];
  if (eligible.length > 0 && (all.length > 0 || needs.any)) {
    const role = eligible.find((r) => !row.roles.includes(r)) ?? eligible[0]!;
    for (const way of needs.any ? needs.any.map((a) => [...all, a]) : [all]) {
      probes.push({
        name: `${a(role)} holding only ${showPerms(way)}`,
        profile: { role, full: false, grant: way },
        allowed: true,
      });
    }
    for (const p of all)
      probes.push({
        name: `${a(role)} holding everything but ${showPerms([p])}`,
        profile: { role, full: true, withhold: [p] },
        allowed: false,
      });
    if (needs.any)
      probes.push({
        name: `${a(role)} holding everything but ${showPerms(needs.any)}`,
        profile: { role, full: true, withhold: needs.any },
        allowed: false,
      });
  }
  for (const role of NON_ADMIN.filter((r) => needs.roles && !needs.roles.includes(r)))
    probes.push({
      name: `${a(role)} holding every permission`,
      profile: { role, full: true },
      allowed: false,
    });
  return probes;
}

export interface ProbeMember extends SignedIn {
  phoneNumber: string;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** A name of letters only (the team form keeps letters and spaces). */
const nameFor = (i: number) => `Probe ${LETTERS[Math.floor(i / 26) % 26]!.toUpperCase()}${LETTERS[i % 26]}`;

/** Creates (as the Admin) and signs in one member per distinct profile. */
export async function createProbeMembers(
  system: System,
  profiles: readonly Profile[],
): Promise<Map<string, ProbeMember>> {
  const unique = new Map(profiles.map((p) => [profileKey(p), p]));
  const phones = new Map<string, string>();
  let i = 0;
  for (const [key, p] of unique) {
    const phoneNumber = freshPhone();
    const res = await system.app.inject({
      method: 'POST',
      url: '/api/v1/auth/createTeam',
      headers: system.roles.Admin.headers,
      payload: {
        name: nameFor(i++),
        email: `probe.${randomUUID().slice(0, 8)}@example.test`,
        phoneNumber,
        status: 'Active',
        role: p.role,
        permissions: { allProjects: !p.noProjects, projects: [], modules: grantsOf(p) },
      },
    });
    if (res.statusCode !== 201) throw new Error(`createTeam ${key}: ${res.statusCode} ${res.body}`);
    phones.set(key, phoneNumber);
  }
  // The other services learn the members from auth's events before anyone calls them.
  await system.settle();
  const out = new Map<string, ProbeMember>();
  for (const [key, phoneNumber] of phones)
    out.set(key, { ...(await system.signIn(phoneNumber)), phoneNumber });
  return out;
}

export interface ScopeFixtures {
  /** An approved indent of the fixture project (no demo member's). */
  indentId: string;
  /** Its purchase order. */
  poId: string;
  /** Entries of the fixture vendor's ledger, by kind, to reverse. */
  entries: Record<'Payment' | 'Credit Note', string>;
}

async function asAdmin<T = unknown>(
  system: System,
  method: string,
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await system.app.inject({
    method: method as 'POST',
    url,
    headers: system.roles.Admin.headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  await system.settle();
  return res.json() as T;
}

interface Compared {
  pricesVersion?: string;
  version: number;
  items: Array<{ itemId: string; vendors: Array<{ vendorId: string; price: number }> }>;
}
interface Entered {
  entry: { _id: string };
}

/** Today in India (YYYY-MM-DD), the ledger's date. */
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** An indent of the fixture project through compare and approval to its PO, and two ledger entries. */
export async function createScopeFixtures(system: System, f: Fixtures): Promise<ScopeFixtures> {
  const created = await asAdmin<{ indent: { _id: string } }>(system, 'POST', '/api/v1/indent', {
    title: 'Scope fixture indent',
    projectId: f.projectId,
    boqId: f.boqId,
    items: [{ item: f.itemId, quantity: 2 }],
    status: 'compare',
  });
  const id = created.indent._id;
  const compare = await asAdmin<Compared>(system, 'GET', `/api/v1/indent/compare/${id}`);
  const choices = compare.items.map((l) => ({ itemId: l.itemId, selectedVendor: f.vendorId }));
  await asAdmin(system, 'POST', `/api/v1/indent/compare/${id}`, {
    status: 'approval',
    pricesVersion: compare.pricesVersion,
    version: compare.version,
    items: choices,
  });
  const review = await asAdmin<Compared>(system, 'GET', `/api/v1/indent/compare/${id}`);
  await asAdmin(system, 'POST', `/api/v1/indent/approval/${id}`, {
    status: 'approved',
    pricesVersion: review.pricesVersion,
    version: review.version,
    items: review.items.map((l) => ({
      itemId: l.itemId,
      selectedVendor: f.vendorId,
      price: l.vendors.find((v) => v.vendorId === f.vendorId)!.price,
    })),
  });
  const pos = await asAdmin<{ result: Array<{ _id: string }> }>(system, 'GET', `/api/v1/po?indentId=${id}`);
  const poId = pos.result[0]?._id;
  if (!poId) throw new Error(`no PO for the scope fixture indent: ${JSON.stringify(pos)}`);
  const ledger = `/api/v1/vendorTransaction/${f.vendorId}`;
  const payment = await asAdmin<Entered>(system, 'POST', `${ledger}/payments`, {
    amount: 1,
    date: today(),
    method: 'NEFT',
    requestKey: randomUUID(),
  });
  const creditNote = await asAdmin<Entered>(system, 'POST', `${ledger}/credit-notes`, {
    number: `CN-${randomUUID().slice(0, 8)}`,
    amount: 1,
    date: today(),
    reason: 'Discount',
    requestKey: randomUUID(),
  });
  return {
    indentId: id,
    poId,
    entries: { Payment: payment.entry._id, 'Credit Note': creditNote.entry._id },
  };
}

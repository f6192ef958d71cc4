import {
  createTestHarness,
  type GrantedAccess,
  type TestHarness,
  grantTeam,
  DEMO_TEAM,
  callerAs,
} from '@erp/service-kit/testing';
import type { Vendor } from '@erp/contracts';
import type { KitConfig } from '@erp/service-kit';
import type { LightMyRequestResponse } from 'fastify';
import { vendorsService } from '../src/app.js';

export type Who = 'admin' | 'purchaser' | 'accountant' | 'employee';

export interface VendorsHarness extends TestHarness {
  people: Record<Who, GrantedAccess>;
  call(
    who: Who | null,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  countVendors(): Promise<number>;
}

/**
 * The vendors service on a fresh database, with members announced as auth would: an Admin, a
 * Purchaser (vendor list and create write), an Accountant (vendor list read only) and an Employee
 * (no vendor access), each with the role's default permissions.
 */
export async function startVendors(kit: Partial<KitConfig> = {}): Promise<VendorsHarness> {
  const h = await createTestHarness([vendorsService()], kit);
  const people = await grantTeam(h, DEMO_TEAM);
  return {
    ...h,
    people,
    call: callerAs(h, people),
    async countVendors() {
      const r = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vendors.vendors');
      return r.rows[0]!.n;
    },
  };
}

let seq = 0;

/** A unique letters-only word of fixed length (vendor names accept letters and spaces only), so no word contains another. */
export function uniqueWord(): string {
  seq++;
  let n = seq;
  let word = '';
  for (let i = 0; i < 4; i++) {
    word = String.fromCharCode(97 + (n % 26)) + word;
    n = Math.floor(n / 26);
  }
  return `Q${word}`;
}

/** A valid vendor form; override any field. */
export function newVendor(over: Record<string, unknown> = {}) {
  return {
    name: `Kalyani Building Materials ${uniqueWord()}`,
    contactPerson: 'Amit Kale',
    phoneNumber: '9876543210',
    email: 'amit.kale@example.com',
    address: 'Near Hadapsar Gadital, Pune 411028',
    gstin: '27AAPFU0939F1ZV',
    paymentTerms: 30,
    notes: 'Cement and blocks',
    ...over,
  };
}

/** A new vendor, created through the API as the Purchaser. */
export async function createVendor(h: VendorsHarness): Promise<Vendor> {
  return (await h.call('purchaser', 'POST', '/vendors', newVendor())).json().vendor as Vendor;
}

/**
 * The form kit's check and a service's validation say the same words for the same body: each bad
 * body goes through schemaProblems (what the forms' resolver runs) and through service-kit's real
 * request validation and error handling (ajv with the services' options) on the same contract schema.
 * Outside src on purpose: it runs Fastify in Node, which the browser type check of src does not know.
 */
import {
  CreateItemBody,
  CreateMemberBody,
  CreateVendorBody,
  UpdateItemBody,
  UpdateMemberBody,
  UpdateVendorBody,
} from '@erp/contracts';
import { installErrorHandling, installValidation } from '@erp/service-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaProblems } from '../src/remote/form-kit/contract';

const SCHEMAS: Record<string, TSchema> = {
  CreateItemBody,
  UpdateItemBody,
  CreateVendorBody,
  UpdateVendorBody,
  CreateMemberBody,
  UpdateMemberBody,
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  installValidation(app);
  installErrorHandling(app);
  for (const [name, body] of Object.entries(SCHEMAS))
    app.post(`/${name}`, { schema: { body } }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => app?.close());

const VENDOR = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const row = (patch: Record<string, unknown> = {}) => ({
  vendor: VENDOR,
  price: 5200,
  gst: 936,
  moq: 0,
  status: 'active',
  notes: '',
  ...patch,
});
const item = (patch: Record<string, unknown> = {}) => ({
  name: 'Ready mix concrete M30',
  unit: 'CBM',
  vendors: [row()],
  ...patch,
});
const vendor = (patch: Record<string, unknown> = {}) => ({
  name: 'Shree Ganesh Traders',
  contactPerson: 'Ramesh Patil',
  phoneNumber: '9822098220',
  email: 'sales@ganesh.example',
  altPhoneNumber: '',
  altEmail: '',
  address: 'Market Yard, Pune',
  gstin: '',
  paymentTerms: 30,
  notes: '',
  status: 'active',
  ...patch,
});
const member = (patch: Record<string, unknown> = {}) => ({
  name: 'Anita Joshi',
  email: 'anita@example.com',
  phoneNumber: '9876543210',
  status: 'active',
  notes: '',
  role: 'Employee',
  ...patch,
});

const CASES: Array<[string, string, unknown]> = [
  ['a 14-digit price', 'CreateItemBody', item({ vendors: [row({ price: 99_999_999_999_999 })] })],
  [
    'a GST above the maximum on an edit',
    'UpdateItemBody',
    item({
      vendors: [row(), row({ vendor: '3f2b6a1e-9d7c-4e8b-a5f4-2c1d0e9b8a7f', gst: 100_000_000.01 })],
      version: 2,
    }),
  ],
  ['an MOQ above the maximum', 'CreateItemBody', item({ vendors: [row({ moq: 10_000_001 })] })],
  ['a price row without a vendor', 'CreateItemBody', item({ vendors: [row({ vendor: '' })] })],
  [
    'a price the form could not read (NaN, sent as null)',
    'CreateItemBody',
    item({ vendors: [row({ price: Number.NaN })] }),
  ],
  ['a price with three decimals', 'CreateItemBody', item({ vendors: [row({ price: 10.001 })] })],
  ['a name too long', 'CreateItemBody', item({ name: 'x'.repeat(201) })],
  ['a vendor phone of five digits', 'CreateVendorBody', vendor({ phoneNumber: '98220' })],
  ['a vendor phone of five digits, on the edit', 'UpdateVendorBody', { phoneNumber: '98220', version: 3 }],
  ['a contact person with digits', 'CreateVendorBody', vendor({ contactPerson: 'Ramesh 2' })],
  ['an alternate phone with letters', 'CreateVendorBody', vendor({ altPhoneNumber: 'call me' })],
  ['payment terms the form could not read', 'CreateVendorBody', vendor({ paymentTerms: Number.NaN })],
  ['payment terms of eleven years', 'UpdateVendorBody', { paymentTerms: 4000 }],
  ['an unknown field', 'CreateVendorBody', vendor({ extra: 1 })],
  ['a member name of symbols only', 'CreateMemberBody', member({ name: '. -' })],
  ['a member phone with a letter', 'UpdateMemberBody', member({ phoneNumber: '98765432l0', version: 1 })],
  ['a role that does not exist', 'CreateMemberBody', member({ role: 'Manager' })],
];

describe('the same words from the form kit and from the service', () => {
  it.each(CASES)('%s (%s)', async (_what, schema, body) => {
    const res = await app.inject({
      method: 'POST',
      url: `/${schema}`,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    const [first] = schemaProblems(SCHEMAS[schema]!, body);
    expect(first?.message).toBe(res.json<{ message: string }>().message);
  });

  it('and both accept what the forms send', async () => {
    for (const [schema, body] of [
      ['CreateItemBody', item({ vendors: [row({ price: 14.04, gst: 0.1 })] })],
      ['CreateVendorBody', vendor({ name: 'श्री गणेश ट्रेडर्स', contactPerson: 'ಶ್ರೀ ಸಾಯಿ' })],
      ['CreateMemberBody', member({ name: "Anita D'Souza" })],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: `/${schema}`, payload: body });
      expect(res.statusCode).toBe(200);
      expect(schemaProblems(SCHEMAS[schema]!, body)).toEqual([]);
    }
  });
});

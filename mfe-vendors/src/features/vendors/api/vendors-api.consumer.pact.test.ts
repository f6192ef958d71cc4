/** Contract: mfe-vendors' API client (the real endpoint files) against the vendors service. */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { ApiError } from '@erp/sdk';
import { consumerContract } from '@erp/sdk/testing';
import { createVendor } from './create-vendor';
import { getVendor } from './get-vendor';
import { getVendorList } from './get-vendor-list';
import { updateVendor } from './update-vendor';

const { like, eachLike, uuid, regex, integer, number, string } = MatchersV3;
const VENDOR_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const vendorLike = (over: Record<string, unknown> = {}) => ({
  _id: uuid(VENDOR_ID),
  vendorId: regex('^VEN-[0-9]{4,}$', 'VEN-0001'),
  name: string('Shree Ganesh Cement Traders'),
  contactPerson: string('Ganesh Pawar'),
  phoneNumber: regex('^[0-9]{10}$', '9822012345'),
  email: string('orders@shreeganesh.example'),
  altPhoneNumber: string(''),
  altEmail: string(''),
  address: string('Market Yard, Pune'),
  gstin: string('27AAPFU0939F1ZV'),
  paymentTerms: integer(30),
  notes: string(''),
  status: regex('^(active|inactive|blocked)$', 'active'),
  wallet: number(0),
  totalItems: integer(0),
  totalPO: integer(0),
  openPO: integer(0),
  createdAt: string('2026-11-21T10:00:00.000Z'),
  updatedAt: string('2026-11-21T10:00:00.000Z'),
  version: integer(1),
  ...over,
});

const contract = consumerContract('mfe-vendors', 'vendors-service');

describe('mfe-vendors API client', () => {
  it('lists vendors', async () => {
    await contract
      .interaction(
        'vendor 6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d exists',
        'a request for the first page of vendors',
      )
      .withRequest('GET', '/api/v1/vendors/all', (b) => b.query({ limit: '100', offset: '0' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          vendors: eachLike(like(vendorLike())),
          totalVendor: integer(1),
          result: eachLike(like(vendorLike())),
          total: integer(1),
        }),
      )
      .executeTest(async () => {
        const res = await getVendorList({ page: 1, keyword: '' });
        expect(res.vendors[0]!.vendorId).toMatch(/^VEN-/);
      });
  });

  it('reads one vendor', async () => {
    await contract
      .interaction('vendor 6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d exists', 'a request for one vendor')
      .withRequest('GET', `/api/v1/vendors/details/${VENDOR_ID}`)
      .willRespondWith(200, (b) => b.jsonBody(vendorLike()))
      .executeTest(async () => {
        expect((await getVendor(VENDOR_ID))._id).toBe(VENDOR_ID);
      });
  });

  it('creates a vendor', async () => {
    const body = {
      name: 'Konkan Cement Depot',
      contactPerson: 'Suresh Kadam',
      phoneNumber: '9822098220',
      email: 'sales@konkancement.example',
      address: 'Plot 12, MIDC Chiplun',
      paymentTerms: 45,
      gstin: '27AAPFU0939F1ZV',
    };
    await contract
      .interaction('no vendor is called Konkan Cement Depot', 'a request to create a vendor')
      .withRequest('POST', '/api/v1/vendors', (b) => b.jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          message: string('Vendor created successfully'),
          vendor: like(vendorLike({ name: string('Konkan Cement Depot') })),
        }),
      )
      .executeTest(async () => {
        expect((await createVendor(body)).vendor.name).toBe('Konkan Cement Depot');
      });
  });

  it('is told when the name is taken', async () => {
    const body = {
      name: 'Shree Ganesh Cement Traders',
      contactPerson: 'Ganesh Pawar',
      phoneNumber: '9822012345',
      email: 'x@example.com',
      address: 'Pune',
      paymentTerms: 30,
    };
    await contract
      .interaction(
        'vendor 6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d exists',
        'a request to create a vendor with a name already used',
      )
      .withRequest('POST', '/api/v1/vendors', (b) => b.jsonBody(body))
      .willRespondWith(409, (b) => b.jsonBody({ message: 'A vendor with this name already exists' }))
      .executeTest(async () => {
        const err = (await createVendor(body).catch((e: unknown) => e)) as ApiError;
        expect(err.status).toBe(409);
        expect(err.message).toBe('A vendor with this name already exists');
      });
  });

  it('updates a vendor with the version it read', async () => {
    await contract
      .interaction('vendor 6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d exists', 'a request to update a vendor')
      .withRequest('PATCH', `/api/v1/vendors/details/${VENDOR_ID}`, (b) =>
        b.jsonBody({ paymentTerms: 60, version: 1 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: string('Vendor Updated'),
          vendor: like(vendorLike({ paymentTerms: integer(60), version: integer(2) })),
        }),
      )
      .executeTest(async () => {
        expect(
          (await updateVendor({ id: VENDOR_ID, body: { paymentTerms: 60, version: 1 } })).vendor.version,
        ).toBe(2);
      });
  });
});

/** Contract: mfe-catalog's vendor picker (the real endpoint file) against the vendors service. */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerContract } from '@erp/sdk/testing';
import { searchVendors } from './search-vendors';

const { like, eachLike, uuid, regex, string } = MatchersV3;
const VENDOR_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** What the picker shows of a vendor; it asks for active vendors only. */
const optionLike = {
  _id: uuid(VENDOR_ID),
  name: string('Shree Ganesh Cement Traders'),
  vendorId: regex('^VEN-[0-9]{4,}$', 'VEN-0001'),
  status: regex('^active$', 'active'),
};

const contract = consumerContract('mfe-catalog', 'vendors-service');

describe('mfe-catalog vendor picker', () => {
  it('searches active vendors by what the user typed, a short page of them', async () => {
    await contract
      .interaction(
        'vendor 6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d exists',
        'a search of active vendors for the vendor picker',
      )
      .withRequest('GET', '/api/v1/vendors/all', (b) =>
        b.query({ limit: '20', offset: '0', keyword: 'shree', status: 'active' }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ vendors: eachLike(like(optionLike)) }))
      .executeTest(async () => {
        expect(await searchVendors(' shree ')).toEqual([
          { _id: VENDOR_ID, name: 'Shree Ganesh Cement Traders', vendorId: 'VEN-0001', status: 'active' },
        ]);
      });
  });
});

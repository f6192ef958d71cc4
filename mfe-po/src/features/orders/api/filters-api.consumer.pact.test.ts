/**
 * Contract: the PO lists' Project and Vendor filters (the real api/ file) against the projects and
 * vendors services. The states are the ones their provider tests already set up for mfe-indent and
 * mfe-vendors (services/projects/test/http.provider.pact.test.ts, services/vendors/test/http.provider.pact.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerContract } from '@erp/sdk/testing';
import { getProjectOptions, getVendorOptions } from './get-filter-options';

const { eachLike, uuid, regex, integer, string } = MatchersV3;

const PROJECT_ID = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';
const VENDOR_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('mfe-po filter options API client', () => {
  it('lists the projects the Project filter offers (limit 100, offset 0)', async () => {
    await consumerContract('mfe-po', 'projects-service')
      .interaction('the demo projects exist', 'a request for the projects a PO list filters by')
      .withRequest('GET', '/api/v1/project', (b) => b.query({ limit: '100', offset: '0' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike({
            _id: uuid(PROJECT_ID),
            name: string('Skyline Residency, Pune'),
            projectCode: regex('^PRJ-[0-9]{4,}$', 'PRJ-0001'),
          }),
          totalItems: integer(2),
        }),
      )
      .executeTest(async () => {
        const projects = await getProjectOptions();
        expect(projects[0]).toEqual({
          _id: PROJECT_ID,
          name: 'Skyline Residency, Pune',
          projectCode: 'PRJ-0001',
        });
      });
  });

  it('lists the vendors the Vendor filter offers, of every status (limit 100, offset 0)', async () => {
    await consumerContract('mfe-po', 'vendors-service')
      .interaction(`vendor ${VENDOR_ID} exists`, 'a request for the vendors a PO list filters by')
      .withRequest('GET', '/api/v1/vendors/all', (b) => b.query({ limit: '100', offset: '0', status: 'all' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike({ _id: uuid(VENDOR_ID), name: string('Shree Ganesh Cement Traders') }),
          total: integer(1),
        }),
      )
      .executeTest(async () => {
        const vendors = await getVendorOptions();
        expect(vendors[0]).toEqual({ _id: VENDOR_ID, name: 'Shree Ganesh Cement Traders' });
      });
  });
});

/**
 * Contract: the indent form's item picker ('Select Item from Master', the real api/ file) against the
 * catalog service, in a state its provider test already sets up (services/catalog/test/http.provider.pact.test.ts:
 * an active item named 'Cement OPC 53 …' priced by a vendor).
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerContract } from '@erp/sdk/testing';
import { searchItems } from './search-items';

const { eachLike, uuid, regex, integer, string } = MatchersV3;

const STATE = 'an item priced by vendor 7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e exists';
const item = {
  _id: uuid(),
  name: string('Cement OPC 53'),
  unit: string('bags'),
  status: regex('^active$', 'active'),
};
const contract = consumerContract('mfe-indent', 'catalog-service');

describe('mfe-indent item picker API client', () => {
  it('lists the active items of the master when nothing is typed (limit 100, offset 0)', async () => {
    await contract
      .interaction(STATE, 'a request for the active items to pick for an indent')
      .withRequest('GET', '/api/v1/items/all', (b) =>
        b.query({ limit: '100', offset: '0', status: 'active' }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ result: eachLike(item), totalItems: integer(1) }))
      .executeTest(async () => {
        const items = await searchItems('');
        expect(items[0]).toMatchObject({ unit: expect.any(String) });
      });
  });

  it('searches the active items as the user types', async () => {
    await contract
      .interaction(STATE, 'a search of the active items to pick for an indent')
      .withRequest('GET', '/api/v1/items/all', (b) =>
        b.query({ limit: '100', offset: '0', keyword: 'Cement', status: 'active' }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ result: eachLike(item), totalItems: integer(1) }))
      .executeTest(async () => {
        const items = await searchItems(' Cement ');
        expect(items[0]!.name).toMatch(/Cement/);
      });
  });
});

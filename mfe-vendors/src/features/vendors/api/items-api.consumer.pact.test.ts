/** Contract: mfe-vendors' calls to the catalog service (the vendor detail screen's linked items), the real endpoint files. */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerContract } from '@erp/sdk/testing';
import { getVendorItems } from './get-vendor-items';
import { removeVendorPrice } from './remove-vendor-price';
import { updateVendorPrice } from './update-vendor-price';

const { like, eachLike, uuid, regex, integer, number, string, fromProviderState } = MatchersV3;
const VENDOR_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const ITEM_ID = '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d';
const STATE = 'vendor 6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d prices an item';
/** The item's path with the id the provider state created. */
const priceOfItem = () =>
  fromProviderState(
    `/api/v1/items/\${itemId}/vendors/${VENDOR_ID}`,
    `/api/v1/items/${ITEM_ID}/vendors/${VENDOR_ID}`,
  );

/** What the linked items table shows of one price (rupees). */
const linkLike = {
  _id: uuid(),
  itemId: uuid(ITEM_ID),
  itemName: string('TMT steel bar 12 mm'),
  unit: string('kg'),
  price: number(62),
  gst: number(11.16),
  totalPrice: number(73.16),
  moq: number(0),
  status: regex('^(active|inactive)$', 'active'),
  notes: string(''),
  updatedAt: string('2026-11-21T10:00:00.000Z'),
  lastUpdatedBy: like({ _id: uuid(), name: string('Priya Purchaser') }),
  itemVersion: integer(1),
};

const contract = consumerContract('mfe-vendors', 'catalog-service');

describe('mfe-vendors catalog client', () => {
  it("lists the vendor's items matching a search, filtered by status and sorted", async () => {
    await contract
      .interaction(STATE, "a request for a vendor's active items matching a search, by price descending")
      .withRequest('GET', `/api/v1/items/vendor/${VENDOR_ID}`, (b) =>
        b.query({
          keyword: 'steel',
          status: 'active',
          sort: 'price',
          order: 'desc',
          limit: '500',
          offset: '0',
        }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ result: eachLike(like(linkLike)), totalItems: integer(1) }))
      .executeTest(async () => {
        const res = await getVendorItems(VENDOR_ID, {
          keyword: ' steel ',
          status: 'active',
          sort: 'price',
          order: 'desc',
        });
        expect(res.result[0]!.itemVersion).toBe(1);
        expect(res.result[0]!.totalPrice).toBe(73.16);
      });
  });

  it("saves the vendor's price for an item with the item version it read", async () => {
    const body = {
      price: 64,
      gst: 11.52,
      moq: 100,
      status: 'active' as const,
      notes: 'Rate valid till March',
      version: 1,
    };
    await contract
      .interaction(STATE, "a request to update the vendor's price for an item")
      .withRequest('PATCH', priceOfItem(), (b) => b.jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: string('Changes Saved'),
          item: like({
            _id: uuid(ITEM_ID),
            version: integer(2),
            vendors: eachLike(
              like({
                vendor: like({ _id: uuid(VENDOR_ID) }),
                price: number(64),
                gst: number(11.52),
                totalPrice: number(75.52),
                moq: number(100),
                status: regex('^(active|inactive)$', 'active'),
                notes: string('Rate valid till March'),
              }),
            ),
          }),
        }),
      )
      .executeTest(async () => {
        const res = await updateVendorPrice({ itemId: ITEM_ID, vendorId: VENDOR_ID, body });
        expect(res.item.version).toBe(2);
        expect(res.item.vendors[0]!.totalPrice).toBe(75.52);
      });
  });

  it("removes the vendor's price from an item", async () => {
    await contract
      .interaction(STATE, "a request to remove the vendor's price from an item")
      .withRequest('DELETE', priceOfItem())
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: string('Vendor price removed'),
          item: like({ _id: uuid(ITEM_ID), version: integer(2) }),
        }),
      )
      .executeTest(async () => {
        expect((await removeVendorPrice({ itemId: ITEM_ID, vendorId: VENDOR_ID })).message).toBe(
          'Vendor price removed',
        );
      });
  });
});

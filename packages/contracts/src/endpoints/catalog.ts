/** The endpoints of the item master (catalog service) the browser calls: one line each (docs/adding-a-module.md). */
import { get, post, patch, del } from '../endpoint.js';
import type {
  CreateItemBody,
  ImportJob,
  Item,
  ItemExportQuery,
  ItemListQuery,
  ItemListResponse,
  ItemResponse,
  PriceHistoryResponse,
  RemoveVendorPriceQuery,
  UpdateItemBody,
  UpdateVendorPriceBody,
  VendorItemsQuery,
  VendorItemsResponse,
} from '../schemas/catalog.js';

export const catalogEndpoints = {
  // Item master (catalog service)
  'items.list': get('/items/all').query<ItemListQuery>().returns<ItemListResponse>(),
  'items.create': post('/items').body<CreateItemBody>().returns<ItemResponse>(),
  'items.get': get('/items/:id').returns<Item>(),
  'items.update': patch('/items/:id').body<UpdateItemBody>().returns<ItemResponse>(),
  'items.priceHistory': get('/items/:id/priceHistory').returns<PriceHistoryResponse>(),
  'items.ofVendor': get('/items/vendor/:vendorId').query<VendorItemsQuery>().returns<VendorItemsResponse>(),
  'items.updateVendorPrice': patch('/items/:id/vendors/:vendorId')
    .body<UpdateVendorPriceBody>()
    .returns<ItemResponse>(),
  'items.removeVendorPrice': del('/items/:id/vendors/:vendorId')
    .query<RemoveVendorPriceQuery>()
    .returns<ItemResponse>(),
  'items.export': get('/items/export').query<ItemExportQuery>().file(),
  'items.import': post('/items/import').form().returns<ImportJob>(),
  'items.importJob': get('/items/import/:jobId').returns<ImportJob>(),
};

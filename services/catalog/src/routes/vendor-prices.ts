/**
 * A vendor's prices of items, as the vendor screen shows and edits them: the items a vendor has a
 * price for, one price changed, one price removed (SPEC §7 /items/vendor/..., /items/{id}/vendors/...).
 */
import type { FastifyInstance } from 'fastify';
import {
  ItemResponse,
  ItemVendorParams,
  RemoveVendorPriceQuery,
  UpdateVendorPriceBody,
  VendorIdParams,
  VendorItemsQuery,
  VendorItemsResponse,
} from '@erp/contracts';
import {
  notFound,
  totalCappedField,
  type Queryable,
  type TypeBoxTypeProvider,
  keywordOf,
  listWindow,
  routesOf,
} from '@erp/service-kit';
import { desiredFromEdit, ITEM_NOT_FOUND, pricesWithout, type ItemState } from '../domain/plan.js';
import {
  actorOf,
  errors,
  inTransaction,
  READ,
  saveItem,
  statusFilter,
  WRITE,
  type ItemRouteDeps,
} from './items.js';

const route = routesOf('items', errors);

/** The item locked for the write, which must have a price of this vendor (404 otherwise). */
async function lockPriced(
  deps: ItemRouteDeps,
  tx: Queryable,
  id: string,
  vendorId: string,
): Promise<ItemState> {
  const state = await deps.items.lockState(tx, id);
  if (!state) throw notFound(ITEM_NOT_FOUND);
  if (!state.prices.some((p) => p.vendorId === vendorId))
    throw notFound('This vendor has no price for this item');
  return state;
}

/** PATCH and DELETE /items/{id}/vendors/{vendorId}: one price changed or removed. */
async function priceWriteRoutes(app: FastifyInstance, deps: ItemRouteDeps): Promise<void> {
  const { ctx, items } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.patch(
    '/items/:id/vendors/:vendorId',
    route(WRITE, { params: ItemVendorParams, body: UpdateVendorPriceBody }, { 200: ItemResponse }),
    async (request) => {
      const { id, vendorId } = request.params;
      const b = request.body;
      const by = actorOf(request);
      const item = await inTransaction(ctx, async (tx) => {
        await lockPriced(deps, tx, id, vendorId);
        const input = { prices: [desiredFromEdit(vendorId, b)], mode: 'merge' as const };
        await saveItem(deps, tx, {
          itemId: id,
          input,
          expectedVersion: b.version,
          by,
          requestId: request.id,
        });
        return (await items.get(tx, id))!;
      });
      return { message: 'Changes Saved', item };
    },
  );
  r.delete(
    '/items/:id/vendors/:vendorId',
    route(WRITE, { params: ItemVendorParams, querystring: RemoveVendorPriceQuery }, { 200: ItemResponse }),
    async (request) => {
      const { id, vendorId } = request.params;
      const by = actorOf(request);
      const item = await inTransaction(ctx, async (tx) => {
        const state = await lockPriced(deps, tx, id, vendorId);
        const input = { prices: pricesWithout(state, vendorId), mode: 'replace' as const };
        const expectedVersion = request.query.version;
        await saveItem(deps, tx, { itemId: id, input, expectedVersion, by, requestId: request.id });
        return (await items.get(tx, id))!;
      });
      return { message: 'Vendor price removed', item };
    },
  );
}

/** The vendor screen's routes: a vendor's priced items, and one price changed or removed. */
export async function vendorPriceRoutes(app: FastifyInstance, deps: ItemRouteDeps): Promise<void> {
  const { ctx, items } = deps;
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      '/items/vendor/:vendorId',
      route(READ, { params: VendorIdParams, querystring: VendorItemsQuery }, { 200: VendorItemsResponse }),
      async (request) => {
        const q = request.query;
        const page = await items.vendorItems(ctx.db, request.params.vendorId, {
          keyword: keywordOf(q),
          status: statusFilter(q.status),
          sort: q.sort ?? 'itemName',
          order: q.order === 'desc' ? 'desc' : 'asc',
          ...listWindow(q, ctx.config.listCountCap, 100),
        });
        return { result: page.rows, totalItems: page.total, ...totalCappedField(page) };
      },
    );
  await priceWriteRoutes(app, deps);
}

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
import { notFound, totalCappedField, type Queryable, type TypeBoxTypeProvider } from '@erp/service-kit';
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
    {
      config: { access: WRITE },
      schema: {
        tags: ['items'],
        params: ItemVendorParams,
        body: UpdateVendorPriceBody,
        response: { 200: ItemResponse, ...errors },
      },
    },
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
    {
      config: { access: WRITE },
      schema: {
        tags: ['items'],
        params: ItemVendorParams,
        querystring: RemoveVendorPriceQuery,
        response: { 200: ItemResponse, ...errors },
      },
    },
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
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/items/vendor/:vendorId',
    {
      config: { access: READ },
      schema: {
        tags: ['items'],
        params: VendorIdParams,
        querystring: VendorItemsQuery,
        response: { 200: VendorItemsResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await items.vendorItems(ctx.db, request.params.vendorId, {
        keyword: (q.keyword ?? '').trim(),
        status: statusFilter(q.status),
        sort: q.sort ?? 'itemName',
        order: q.order === 'desc' ? 'desc' : 'asc',
        limit: q.limit ?? 100,
        offset: q.offset ?? 0,
        cap: ctx.config.listCountCap,
      });
      return { result: page.rows, totalItems: page.total, ...totalCappedField(page) };
    },
  );
  await priceWriteRoutes(app, deps);
}

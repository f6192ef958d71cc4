/** Item master routes of SPEC §7 (/items/...) plus price history, stats and the vendor screen's price edits. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CreateItemBody,
  ErrorResponse,
  IdParams,
  ItemListQuery,
  ItemListResponse,
  ItemResponse,
  ItemStatsResponse,
  ItemVendorParams,
  PriceHistoryResponse,
  RemoveVendorPriceQuery,
  UpdateItemBody,
  UpdateVendorPriceBody,
  VendorIdParams,
  VendorItemsQuery,
  VendorItemsResponse,
  toHundredths,
  toPaise,
  Item,
} from '@erp/contracts';
import {
  notFound,
  requireSignedIn,
  sendJsonText,
  toJsonText,
  totalCappedField,
  type TypeBoxTypeProvider,
} from '@erp/service-kit';
import { ListCache } from '../list-cache.js';
import type { NameIndexKeeper } from '../name-index.js';
import type { Actor } from '../repositories/items.js';
import { Refusal, type Status } from '../plan.js';
import { desiredFromInput, inTransaction, ITEM_NOT_FOUND, saveItem, type CatalogDeps } from '../writer.js';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
export const READ = { module: 'items', sub: 'list', level: 'read' } as const;
export const WRITE = { module: 'items', sub: 'add', level: 'write' } as const;

/**
 * A body left without name or unit gets the words of SPEC §5 ('Item name is required', 'Unit is
 * required') rather than the generic 'name is required'; any other schema failure is answered as usual.
 */
function createBodyError(
  error: Error & {
    validation?: Array<{ keyword: string; instancePath: string; params: Record<string, unknown> }>;
  },
): Error {
  const missing = error.validation?.find((e) => e.keyword === 'required' && e.instancePath === '');
  if (missing?.params.missingProperty === 'name') return new Refusal(400, 'Item name is required');
  if (missing?.params.missingProperty === 'unit') return new Refusal(400, 'Unit is required');
  return error;
}

export function actorOf(request: FastifyRequest): Actor {
  const auth = requireSignedIn(request);
  return { id: auth.memberId, name: auth.name };
}

const statusFilter = (s: string | undefined): Status | null =>
  s === 'active' || s === 'inactive' ? s : null;

export interface ItemRouteDeps extends CatalogDeps {
  /** Names in memory for list searches; SQL answers while it is being (re)built. */
  names: NameIndexKeeper;
}

export async function itemRoutes(app: FastifyInstance, deps: ItemRouteDeps): Promise<void> {
  const { ctx, items, names } = deps;
  const lists = new ListCache(ctx.schema);
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  async function load(id: string): Promise<Item> {
    const item = await items.get(ctx.db, id);
    if (!item) throw notFound(ITEM_NOT_FOUND);
    return item;
  }

  r.get(
    '/items/all',
    {
      config: { access: READ },
      schema: { tags: ['items'], querystring: ItemListQuery, response: { 200: ItemListResponse, ...errors } },
    },
    async (request, reply) => {
      const q = request.query;
      const keyword = (q.keyword ?? q.Keyword ?? '').trim();
      const query = {
        keyword: keyword.toLowerCase(),
        status: statusFilter(q.status),
        limit: q.limit ?? 10,
        offset: q.offset ?? 0,
      };
      const generation = await lists.current(ctx.db);
      const text = await lists.at(generation, `all:${JSON.stringify(query)}`, async () => {
        // From the name index when it is current (the entries are JSON text already), else from SQL.
        const index = names.ready(generation);
        const cap = ctx.config.listCountCap;
        if (index) {
          const page = index.search(query.keyword, query.status, query.limit, query.offset, cap);
          const rows = `[${page.json.join(',')}]`;
          return `{"result":${rows},"ItemData":${rows},"totalItems":${page.total},"total":${page.total}${page.capped ? ',"totalCapped":true' : ''}}`;
        }
        const page = await items.list(ctx.db, { ...query, cap });
        return toJsonText(reply, {
          result: page.rows,
          ItemData: page.rows,
          totalItems: page.total,
          total: page.total,
          ...totalCappedField(page),
        });
      });
      return sendJsonText(reply, text);
    },
  );

  r.get(
    '/items/stats',
    {
      config: { access: READ },
      schema: { tags: ['items'], response: { 200: ItemStatsResponse, ...errors } },
    },
    async () => lists.get(ctx.db, 'stats', async () => ({ totalItems: await items.countActive(ctx.db) })),
  );

  r.post(
    '/items',
    {
      config: { access: WRITE },
      attachValidation: true,
      schema: { tags: ['items'], body: CreateItemBody, response: { 201: ItemResponse, ...errors } },
    },
    async (request, reply) => {
      if (request.validationError) throw createBodyError(request.validationError);
      const b = request.body;
      const by = actorOf(request);
      const input = {
        name: b.name,
        unit: b.unit,
        prices: (b.vendors ?? []).map(desiredFromInput),
        mode: 'replace' as const,
      };
      const item = await inTransaction(ctx, async (tx) => {
        const plan = await saveItem(deps, tx, { itemId: null, input, by, requestId: request.id });
        return (await items.get(tx, plan.itemId))!;
      });
      reply.status(201);
      return { message: 'Item created successfully', item };
    },
  );

  r.get(
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

  r.get(
    '/items/:id',
    {
      config: { access: READ },
      schema: { tags: ['items'], params: IdParams, response: { 200: Item, ...errors } },
    },
    async (request) => load(request.params.id),
  );

  r.patch(
    '/items/:id',
    {
      config: { access: WRITE },
      schema: {
        tags: ['items'],
        params: IdParams,
        body: UpdateItemBody,
        response: { 200: ItemResponse, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      const by = actorOf(request);
      const input = {
        name: b.name,
        unit: b.unit,
        status: b.status,
        prices: b.vendors?.map(desiredFromInput),
        mode: 'replace' as const,
      };
      const item = await inTransaction(ctx, async (tx) => {
        await saveItem(deps, tx, {
          itemId: request.params.id,
          input,
          expectedVersion: b.version,
          by,
          requestId: request.id,
        });
        return (await items.get(tx, request.params.id))!;
      });
      return { message: 'Item updated successfully.', item };
    },
  );

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
        const state = await items.lockState(tx, id);
        if (!state) throw notFound(ITEM_NOT_FOUND);
        if (!state.prices.some((p) => p.vendorId === vendorId))
          throw notFound('This vendor has no price for this item');
        const desired = {
          vendorId,
          pricePaise: b.price === undefined ? undefined : toPaise(b.price),
          gstPaise: b.gst === undefined ? undefined : toPaise(b.gst),
          moqHundredths: b.moq === undefined ? undefined : toHundredths(b.moq),
          status: b.status,
          notes: b.notes,
        };
        await saveItem(deps, tx, {
          itemId: id,
          input: { prices: [desired], mode: 'merge' },
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
        const state = await items.lockState(tx, id);
        if (!state) throw notFound(ITEM_NOT_FOUND);
        if (!state.prices.some((p) => p.vendorId === vendorId))
          throw notFound('This vendor has no price for this item');
        // The full list without this vendor: every other price stays as it is.
        const rest = state.prices
          .filter((p) => p.vendorId !== vendorId)
          .map((p) => ({ vendorId: p.vendorId }));
        await saveItem(deps, tx, {
          itemId: id,
          input: { prices: rest, mode: 'replace' },
          expectedVersion: request.query.version,
          by,
          requestId: request.id,
        });
        return (await items.get(tx, id))!;
      });
      return { message: 'Vendor price removed', item };
    },
  );

  r.get(
    '/items/:id/priceHistory',
    {
      config: { access: READ },
      schema: { tags: ['items'], params: IdParams, response: { 200: PriceHistoryResponse, ...errors } },
    },
    async (request) => {
      await load(request.params.id);
      const result = await items.history(ctx.db, request.params.id);
      return { result, totalItems: result.length };
    },
  );
}

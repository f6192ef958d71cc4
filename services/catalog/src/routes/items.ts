/**
 * Item master routes of SPEC §7 (/items/...) plus price history and stats, and the one item write
 * every item route and the vendor screen's price edits make: lock, plan, refuse or write, announce,
 * audit, inside the caller's transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CreateItemBody,
  ErrorResponse,
  IdParams,
  Item,
  ItemListQuery,
  ItemListResponse,
  ItemResponse,
  ItemStatsResponse,
  PriceHistoryResponse,
  UpdateItemBody,
} from '@erp/contracts';
import {
  conflict,
  conflictOnUnique,
  notFound,
  requireSignedIn,
  sendJsonText,
  toJsonText,
  totalCappedField,
  type AnswersCache,
  type Queryable,
  type ServiceContext,
  type TypeBoxTypeProvider,
} from '@erp/service-kit';
import {
  desiredFromInput,
  ITEM_NOT_FOUND,
  NAME_TAKEN,
  planItem,
  Refusal,
  STALE,
  type ItemInput,
  type ItemPlan,
  type Status,
} from '../domain/plan.js';
import { announceItem } from '../events/item-upserted.js';
import { announceVendorItems } from '../events/vendor-items-changed.js';
import type { NameIndexKeeper } from '../plugins/name-index.js';
import type { Actor, ItemsRepository } from '../repositories/items.js';
import type { VendorsRepository } from '../repositories/vendors.js';

export interface CatalogDeps {
  ctx: ServiceContext;
  items: ItemsRepository;
  vendors: VendorsRepository;
}

export interface ItemRouteDeps extends CatalogDeps {
  /** The item list's and the count's kept answers (the kit's answer cache, watching `items`). */
  answers: AnswersCache;
  /** Names in memory for list searches; SQL answers while it is being (re)built. */
  names: NameIndexKeeper;
}

export const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
export const READ = { module: 'items', sub: 'list', level: 'read' } as const;
export const WRITE = { module: 'items', sub: 'add', level: 'write' } as const;

export function actorOf(request: FastifyRequest): Actor {
  const auth = requireSignedIn(request);
  return { id: auth.memberId, name: auth.name };
}

export const statusFilter = (s: string | undefined): Status | null =>
  s === 'active' || s === 'inactive' ? s : null;

export interface SaveArgs {
  itemId: string | null;
  input: ItemInput;
  expectedVersion?: number | undefined;
  by: Actor;
  requestId?: string | undefined;
}

/** One item write inside the caller's transaction: lock, plan, refuse or write, announce, audit. */
export async function saveItem(deps: CatalogDeps, tx: Queryable, a: SaveArgs): Promise<ItemPlan> {
  const { ctx, items, vendors } = deps;
  const existing = a.itemId ? await items.lockState(tx, a.itemId) : null;
  if (a.itemId && !existing) throw notFound(ITEM_NOT_FOUND);
  if (existing && a.expectedVersion !== undefined && existing.version !== a.expectedVersion)
    throw conflict(STALE);
  const known = await vendors.byIds(tx, [...new Set((a.input.prices ?? []).map((p) => p.vendorId))]);
  const plan = planItem(existing, a.input, known);
  if (!plan.changed) return plan;
  if (
    (plan.create || plan.name !== existing?.name) &&
    (await items.nameTaken(tx, plan.name, existing?.id ?? null))
  )
    throw conflict(NAME_TAKEN);
  const version = await items.apply(tx, plan, a.by);
  const meta = { requestId: a.requestId, actorId: a.by.id };
  await announceItem(tx, ctx, plan, version, meta);
  await announceVendorItems(tx, ctx, vendors, plan.touchedVendors, meta);
  await ctx.audit(tx, {
    actorId: a.by.id,
    action: plan.create ? 'item_created' : 'item_updated',
    entity: 'item',
    entityId: plan.itemId,
    requestId: a.requestId,
    details: {
      name: plan.name,
      priceChanges: plan.history.map((h) => ({ vendorId: h.vendorId, change: h.change })),
    },
  });
  return plan;
}

/**
 * Run a write in its own transaction; a clash on the name index (a race) is the same 409. Writing
 * an item moves the kit's data generation in the same transaction (migration 004), so no instance
 * serves a kept list from before it.
 */
export async function inTransaction<T>(ctx: ServiceContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return conflictOnUnique(NAME_TAKEN, () => ctx.tx(fn));
}

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

/** GET /items/all: a page of the item list, from the name index when it is current, else from SQL. */
async function itemListPage(
  deps: ItemRouteDeps,
  generation: string,
  query: { keyword: string; status: Status | null; limit: number; offset: number; cap: number },
  reply: Parameters<typeof toJsonText>[0],
): Promise<string> {
  const { ctx, items, names } = deps;
  // From the name index when it is current (the entries are JSON text already), else from SQL.
  const index = names.ready(generation);
  if (index) {
    const page = index.search(query.keyword, query.status, query.limit, query.offset, query.cap);
    const rows = `[${page.json.join(',')}]`;
    return `{"result":${rows},"ItemData":${rows},"totalItems":${page.total},"total":${page.total}${page.capped ? ',"totalCapped":true' : ''}}`;
  }
  const page = await items.list(ctx.db, query);
  return toJsonText(reply, {
    result: page.rows,
    ItemData: page.rows,
    totalItems: page.total,
    total: page.total,
    ...totalCappedField(page),
  });
}

/** The item list and the dashboard's count, answered again while no item has changed (decision 0049). */
async function listRoutes(app: FastifyInstance, deps: ItemRouteDeps): Promise<void> {
  const { ctx, items, answers } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
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
        cap: ctx.config.listCountCap,
      };
      const answer = await answers.answer(ctx.db, `items ${JSON.stringify(query)}`, async (generation) => ({
        text: await itemListPage(deps, generation, query, reply),
        extra: undefined,
        generation,
      }));
      return sendJsonText(reply, answer!.text);
    },
  );
  r.get(
    '/items/stats',
    {
      config: { access: READ },
      schema: { tags: ['items'], response: { 200: ItemStatsResponse, ...errors } },
    },
    async (_request, reply) => {
      const answer = await answers.answer(ctx.db, 'stats', async (generation) => {
        const text = JSON.stringify({ totalItems: await items.countActive(ctx.db) });
        return { text, extra: undefined, generation };
      });
      return sendJsonText(reply, answer!.text);
    },
  );
}

/** POST /items and PATCH /items/{id}: the item form, saved with its whole price list. */
async function itemWriteRoutes(app: FastifyInstance, deps: ItemRouteDeps): Promise<void> {
  const { ctx, items } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
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
      const prices = b.vendors?.map(desiredFromInput);
      const input = { name: b.name, unit: b.unit, status: b.status, prices, mode: 'replace' as const };
      const item = await inTransaction(ctx, async (tx) => {
        const { id } = request.params;
        await saveItem(deps, tx, {
          itemId: id,
          input,
          expectedVersion: b.version,
          by,
          requestId: request.id,
        });
        return (await items.get(tx, id))!;
      });
      return { message: 'Item updated successfully.', item };
    },
  );
}

/** The item routes: list and stats, an item, its writes and its price history. */
export async function itemRoutes(app: FastifyInstance, deps: ItemRouteDeps): Promise<void> {
  const { ctx, items } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  async function load(id: string): Promise<Item> {
    const item = await items.get(ctx.db, id);
    if (!item) throw notFound(ITEM_NOT_FOUND);
    return item;
  }
  await listRoutes(app, deps);
  await itemWriteRoutes(app, deps);
  r.get(
    '/items/:id',
    {
      config: { access: READ },
      schema: { tags: ['items'], params: IdParams, response: { 200: Item, ...errors } },
    },
    async (request) => load(request.params.id),
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

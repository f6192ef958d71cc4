/**
 * The vendor master over HTTP (SPEC §2 "Vendors", §5 "Vendor create/edit", §7 /vendors/*): the
 * list, a vendor's details, create and edit (each save announced as erp.vendors.vendor_updated.v1
 * in its transaction), and the dashboard's vendor stats.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  can,
  CreateVendorBody,
  fromPaise,
  ErrorResponse,
  IdParams,
  normalizeVendorStatus,
  StatsResponse,
  UpdateVendorBody,
  Vendor,
  VendorListQuery,
  VendorListResponse,
  VendorResponse,
  VendorUpdated,
} from '@erp/contracts';
import {
  conflict,
  conflictOnUnique,
  notFound,
  requireSignedIn,
  totalCappedField,
  type Queryable,
  type ServiceContext,
  type TypeBoxTypeProvider,
  listWindow,
  routesOf,
} from '@erp/service-kit';
import { unchanged, vendorInput } from '../domain/vendor-input.js';
import { vendorUpdatedData } from '../events/vendor-updated.js';
import type { LedgerRepository } from '../repositories/ledger.js';
import type { VendorsRepository } from '../repositories/vendors.js';
import { errors } from './shared.js';

const route = routesOf('vendors', errors);

/** What the vendor routes share, built once at start. */
export interface VendorsDeps {
  ctx: ServiceContext;
  vendors: VendorsRepository;
  /** The ledgers, for the dashboard's payables. */
  ledger: LedgerRepository;
}

const DUPLICATE_NAME = 'A vendor with this name already exists';
const STALE =
  'This vendor was changed by someone else. Reload to see the latest details, then make your change again.';
const NOT_FOUND = 'Vendor not found';

const listRead = { module: 'vendors', sub: 'list', level: 'read' } as const;
const listWrite = { module: 'vendors', sub: 'list', level: 'write' } as const;
const createWrite = { module: 'vendors', sub: 'create', level: 'write' } as const;

/** The unique index on lower(trim(name)) catches two saves of one name racing past the check. */
const withNameCheck = <T>(fn: () => Promise<T>): Promise<T> => conflictOnUnique(DUPLICATE_NAME, fn);

/** The vendor as stored now, announced in the save's transaction. */
async function publish(
  { ctx, vendors }: VendorsDeps,
  tx: Queryable,
  id: string,
  request: FastifyRequest,
  actorId: string,
): Promise<Vendor> {
  const v = (await vendors.byId(tx, id))!;
  await ctx.emit(tx, VendorUpdated, vendorUpdatedData(v), { requestId: request.id, actorId });
  return v;
}

/** POST /vendors: a new vendor under a name no other vendor has. */
async function createVendor(
  deps: VendorsDeps,
  request: FastifyRequest,
  body: CreateVendorBody,
): Promise<Vendor> {
  const { ctx, vendors } = deps;
  const actor = requireSignedIn(request);
  const input = vendorInput(body);
  return withNameCheck(() =>
    ctx.tx(async (tx) => {
      if (await vendors.nameTaken(tx, input.name, null)) throw conflict(DUPLICATE_NAME);
      const id = await vendors.insert(tx, input, { id: actor.memberId, name: actor.name });
      await ctx.audit(tx, {
        actorId: actor.memberId,
        action: 'vendor_created',
        entity: 'vendor',
        entityId: id,
        requestId: request.id,
        details: { name: input.name },
      });
      return publish(deps, tx, id, request, actor.memberId);
    }),
  );
}

/** PATCH /vendors/details/{id}: the sent fields over the vendor as it is, at the version the form read. */
async function editVendor(
  deps: VendorsDeps,
  request: FastifyRequest,
  id: string,
  b: UpdateVendorBody,
): Promise<Vendor> {
  const { ctx, vendors } = deps;
  const actor = requireSignedIn(request);
  return withNameCheck(() =>
    ctx.tx(async (tx) => {
      const current = await vendors.byId(tx, id, true);
      if (!current) throw notFound(NOT_FOUND);
      if (b.version !== undefined && b.version !== current.version) throw conflict(STALE);
      const input = vendorInput(b, current);
      // A save that changes nothing stores nothing: no new version, event or audit entry.
      if (unchanged(current, input)) return current;
      if (await vendors.nameTaken(tx, input.name, id)) throw conflict(DUPLICATE_NAME);
      await vendors.update(tx, id, input, actor.memberId);
      await ctx.audit(tx, {
        actorId: actor.memberId,
        action: 'vendor_updated',
        entity: 'vendor',
        entityId: id,
        requestId: request.id,
        details: { changed: Object.keys(b).filter((k) => k !== 'version') },
      });
      return publish(deps, tx, id, request, actor.memberId);
    }),
  );
}

/** GET /vendors/stats: the vendor count for everyone; payables and open cases for those who may read vendor accounts. */
async function vendorStats({ ctx, vendors, ledger }: VendorsDeps, request: FastifyRequest) {
  const auth = requireSignedIn(request);
  const totalVendor = await vendors.count(ctx.db);
  if (!can(auth, 'vendors', 'accounts', 'read')) return { totalVendor };
  const { outstandingPaise, openCases } = await ledger.payables(ctx.db);
  return { totalVendor, outstandingPayables: fromPaise(outstandingPaise), openOverbilling: openCases };
}

/** GET /vendors/all, /vendors/stats and /vendors/details/{id}. */
function readRoutes(app: FastifyInstance, deps: VendorsDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx, vendors } = deps;
  r.get(
    '/vendors/all',
    route(listRead, { querystring: VendorListQuery }, { 200: VendorListResponse }),
    async (request) => {
      const q = request.query;
      const status = !q.status || q.status === 'all' ? null : normalizeVendorStatus(q.status);
      const keyword = (q.keyword ?? q.Keyword ?? '').trim();
      const page = await vendors.list(ctx.db, {
        keyword,
        status,
        ...listWindow(q, ctx.config.listCountCap),
      });
      return {
        vendors: page.rows,
        totalVendor: page.total,
        result: page.rows,
        total: page.total,
        ...totalCappedField(page),
      };
    },
  );

  r.get(
    '/vendors/stats',
    // Every signed-in member sees the vendor count (as /auth/stats): every vendor, as the vendor
    // list counts them (decision 0033). What is owed and the overbilling cases only to those who
    // may read vendor accounts.
    { schema: { tags: ['vendors'], response: { 200: StatsResponse, 401: ErrorResponse } } },
    async (request) => vendorStats(deps, request),
  );

  r.get('/vendors/details/:id', route(listRead, { params: IdParams }, { 200: Vendor }), async (request) => {
    const v = await vendors.byId(ctx.db, request.params.id);
    if (!v) throw notFound(NOT_FOUND);
    return v;
  });
}

/** POST /vendors and PATCH /vendors/details/{id}. */
function writeRoutes(app: FastifyInstance, deps: VendorsDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/vendors',
    route(createWrite, { body: CreateVendorBody }, { 201: VendorResponse }),
    async (request, reply) => {
      const vendor = await createVendor(deps, request, request.body);
      reply.status(201);
      return { message: 'Vendor created successfully', vendor };
    },
  );

  r.patch(
    '/vendors/details/:id',
    route(listWrite, { params: IdParams, body: UpdateVendorBody }, { 200: VendorResponse }),
    async (request) => {
      const vendor = await editVendor(deps, request, request.params.id, request.body);
      return { message: 'Vendor Updated', vendor };
    },
  );
}

export async function vendorRoutes(app: FastifyInstance, deps: VendorsDeps): Promise<void> {
  readRoutes(app, deps);
  writeRoutes(app, deps);
}

import type { FastifyRequest } from 'fastify';
import type { FastifyInstance } from 'fastify';
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
  type TypeBoxTypeProvider,
} from '@erp/service-kit';
import type { VendorsDeps } from '../context.js';
import { vendorUpdatedData } from '../events.js';
import { unchanged, vendorInput } from '../input.js';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const DUPLICATE_NAME = 'A vendor with this name already exists';
const STALE =
  'This vendor was changed by someone else. Reload to see the latest details, then make your change again.';
const NOT_FOUND = 'Vendor not found';

const listRead = { module: 'vendors', sub: 'list', level: 'read' } as const;
const listWrite = { module: 'vendors', sub: 'list', level: 'write' } as const;
const createWrite = { module: 'vendors', sub: 'create', level: 'write' } as const;

export async function vendorRoutes(app: FastifyInstance, deps: VendorsDeps): Promise<void> {
  const { ctx, vendors, ledger } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  async function publish(
    tx: Queryable,
    id: string,
    request: FastifyRequest,
    actorId: string,
  ): Promise<Vendor> {
    const v = (await vendors.byId(tx, id))!;
    await ctx.emit(tx, VendorUpdated, vendorUpdatedData(v), { requestId: request.id, actorId });
    return v;
  }

  /** The unique index on lower(trim(name)) catches two saves of one name racing past the check. */
  const withNameCheck = <T>(fn: () => Promise<T>): Promise<T> => conflictOnUnique(DUPLICATE_NAME, fn);

  r.get(
    '/vendors/all',
    {
      config: { access: listRead },
      schema: {
        tags: ['vendors'],
        querystring: VendorListQuery,
        response: { 200: VendorListResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const status = !q.status || q.status === 'all' ? null : normalizeVendorStatus(q.status);
      const keyword = (q.keyword ?? q.Keyword ?? '').trim();
      const page = await vendors.list(ctx.db, {
        keyword,
        status,
        limit: q.limit ?? 10,
        offset: q.offset ?? 0,
        cap: ctx.config.listCountCap,
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
    async (request) => {
      const auth = requireSignedIn(request);
      const totalVendor = await vendors.count(ctx.db);
      if (!can(auth, 'vendors', 'accounts', 'read')) return { totalVendor };
      const { outstandingPaise, openCases } = await ledger.payables(ctx.db);
      return { totalVendor, outstandingPayables: fromPaise(outstandingPaise), openOverbilling: openCases };
    },
  );

  r.get(
    '/vendors/details/:id',
    {
      config: { access: listRead },
      schema: { tags: ['vendors'], params: IdParams, response: { 200: Vendor, ...errors } },
    },
    async (request) => {
      const v = await vendors.byId(ctx.db, request.params.id);
      if (!v) throw notFound(NOT_FOUND);
      return v;
    },
  );

  r.post(
    '/vendors',
    {
      config: { access: createWrite },
      schema: { tags: ['vendors'], body: CreateVendorBody, response: { 201: VendorResponse, ...errors } },
    },
    async (request, reply) => {
      const actor = requireSignedIn(request);
      const input = vendorInput(request.body);
      const vendor = await withNameCheck(() =>
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
          return publish(tx, id, request, actor.memberId);
        }),
      );
      reply.status(201);
      return { message: 'Vendor created successfully', vendor };
    },
  );

  r.patch(
    '/vendors/details/:id',
    {
      config: { access: listWrite },
      schema: {
        tags: ['vendors'],
        params: IdParams,
        body: UpdateVendorBody,
        response: { 200: VendorResponse, ...errors },
      },
    },
    async (request) => {
      const actor = requireSignedIn(request);
      const b = request.body;
      const id = request.params.id;
      const vendor = await withNameCheck(() =>
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
          return publish(tx, id, request, actor.memberId);
        }),
      );
      return { message: 'Vendor Updated', vendor };
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  can,
  canAccessProject,
  ErrorResponse,
  hasAllProjects,
  IdParams,
  PO_MESSAGES,
  PO_STATUSES,
  PoListQuery,
  PoListResponse,
  PurchaseOrder,
  StatsResponse,
  type PoStatus,
} from '@erp/contracts';
import { badRequest, forbidden, notFound, requireAccess, requireSignedIn, totalCappedField, type AuthContext, type ServiceContext, type TypeBoxTypeProvider } from '@erp/service-kit';
import type { PurchaseOrdersRepository } from '../repositories/purchase-orders.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** SPEC §6 "Purchase Orders": PO List read to list POs. */
const LIST_READ = { module: 'po', sub: 'list', level: 'read' } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A PO's page is reached from the PO list and from the Open POs list (receiving), so PO List read or
 * Open POs read opens it. Checked here: a route declares one access only.
 */
function requirePoRead(request: FastifyRequest): AuthContext {
  const auth = requireSignedIn(request);
  if (!can(auth, 'po', 'list', 'read') && !can(auth, 'po', 'open', 'read')) throw forbidden('You do not have read access to PO List');
  return auth;
}

/** An Employee's projects (only the ids that can be keys), or null for a member who sees every project. */
function projectScope(auth: AuthContext): string[] | null {
  return hasAllProjects(auth) ? null : auth.permissions.projects.map((p) => p.toLowerCase()).filter((p) => UUID.test(p));
}

/** '' / all → every status; Open, open, OPEN… → Open. */
function statusFilter(status: string | undefined): PoStatus | null {
  if (!status || status.toLowerCase() === 'all') return null;
  return PO_STATUSES.find((s) => s.toLowerCase() === status.toLowerCase()) ?? null;
}

function idFilter(name: string, value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  const id = value.toLowerCase();
  if (!UUID.test(id)) throw badRequest(`${name} must be a valid id`);
  return id;
}

/**
 * PO routes (SPEC §7 /po). POs are made by approvals (erp.indent.approved.v1), never through the API.
 * An Employee reaches only the POs of their projects: another project's PO answers 404, as one that
 * does not exist.
 */
export async function poRoutes(app: FastifyInstance, deps: { ctx: ServiceContext; pos: PurchaseOrdersRepository }): Promise<void> {
  const { ctx, pos } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/po',
    { config: { access: LIST_READ }, schema: { tags: ['po'], querystring: PoListQuery, response: { 200: PoListResponse, ...errors } } },
    async (request) => {
      const auth = requireAccess(request, LIST_READ.module, LIST_READ.sub, LIST_READ.level);
      const q = request.query;
      const page = await pos.list(ctx.db, {
        keyword: (q.keyword ?? '').trim(),
        status: statusFilter(q.status),
        vendorId: idFilter('vendorId', q.vendorId),
        projectId: idFilter('projectId', q.projectId),
        indentId: idFilter('indentId', q.indentId),
        only: projectScope(auth),
        limit: q.limit ?? 10,
        offset: q.offset ?? 0,
        cap: ctx.config.listCountCap,
      });
      return { result: page.rows, totalItems: page.total, ...totalCappedField(page) };
    },
  );

  r.get(
    '/po/stats',
    { config: { access: 'signed-in' }, schema: { tags: ['po'], response: { 200: StatsResponse, 401: ErrorResponse } } },
    // Dashboard count: Open and Partial POs the member can see (none without PO List read).
    async (request) => {
      const auth = requireSignedIn(request);
      if (!can(auth, 'po', 'list', 'read')) return { activePo: 0 };
      return { activePo: await pos.countActive(ctx.db, projectScope(auth)) };
    },
  );

  r.get(
    '/po/:id',
    // Signed-in here; PO List or Open POs read is checked in the handler (requirePoRead).
    { config: { access: 'signed-in' }, schema: { tags: ['po'], params: IdParams, response: { 200: PurchaseOrder, ...errors } } },
    async (request) => {
      const auth = requirePoRead(request);
      const po = await pos.byId(ctx.db, request.params.id.toLowerCase());
      if (!po || !canAccessProject(auth, po.projectId._id)) throw notFound(PO_MESSAGES.notFound);
      return po;
    },
  );
}

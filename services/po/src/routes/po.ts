/**
 * PO routes (SPEC §7 /po). POs are made by approvals (erp.indent.approved.v1), never through the API.
 * An Employee reaches only the POs of their projects: another project's PO answers 404, as one that
 * does not exist. This module also holds what the PO service's other route modules share: the error
 * answers, the access each declares, and reading a PO as the caller may see it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ErrorResponse,
  IdParams,
  isAdmin,
  PO_MESSAGES,
  PoListQuery,
  PoListResponse,
  PoResponse,
  PurchaseOrder,
  ShortCloseBody,
  StatsResponse,
  type PoSort,
} from '@erp/contracts';
import {
  forbidden,
  notFound,
  requireAccess,
  requireSignedIn,
  sendListPage,
  type AnswersCache,
  type AuthContext,
  type Queryable,
  type ServiceContext,
  type TypeBoxTypeProvider,
  errorResponses,
  keywordOf,
  listWindow,
  idFilter,
  routesOf,
} from '@erp/service-kit';
import type { CompanyProfile } from '../config.js';
import { mayReadPos, maySeePo, projectScope, statusFilter, visibleStatuses } from '../domain/access.js';
import { checkShortClose, shortCloseReason } from '../domain/short-close.js';
import { announceStatus } from '../events/po-status-changed.js';
import { PO_ORDERS, type PoListFilter } from '../repositories/po-list.js';
import type { PurchaseOrdersRepository } from '../repositories/purchase-orders.js';

/** What the PO service's route modules are given. */
export interface PoRouteDeps {
  ctx: ServiceContext;
  pos: PurchaseOrdersRepository;
  answers: AnswersCache;
  company: CompanyProfile;
  unattachedPhotosPerHour: number;
}

export const route = routesOf('po', errorResponses(400, 401, 403, 404, 409, 413, 429));

/** SPEC §6 "Purchase Orders": Open POs write records goods receipts (Employees on their projects). */
export const RECEIVE = { module: 'po', sub: 'open', level: 'write' } as const;
/** Short-closing changes the PO itself: PO List write, and the Admin role (checked in the handler). */
const LIST_WRITE = { module: 'po', sub: 'list', level: 'write' } as const;

/**
 * A PO's page is reached from the PO list and from the Open POs list (receiving), so PO List read or
 * Open POs read opens it. Checked here: a route declares one access only.
 */
export function requirePoRead(request: FastifyRequest): AuthContext {
  const auth = requireSignedIn(request);
  if (!mayReadPos(auth)) throw forbidden('You do not have read access to PO List');
  return auth;
}

/** The PO as the caller may see it (another project's is 404, as one that does not exist). */
export async function visiblePo(pos: PurchaseOrdersRepository, db: Queryable, auth: AuthContext, id: string) {
  const po = await pos.byId(db, id.toLowerCase());
  if (!po || !maySeePo(auth, { projectId: po.projectId._id, status: po.status }))
    throw notFound(PO_MESSAGES.notFound);
  return po;
}

/** '' or absent → the newest order date first. */
const sortOf = (sort: string | undefined): PoSort =>
  sort && sort in PO_ORDERS ? (sort as PoSort) : '-orderDate';

/**
 * The list's query as the caller may ask it. Access is applied here: the statuses a member may see
 * and an Employee's projects are part of the query, hence of the answers' key.
 */
function listFilter(auth: AuthContext, q: PoListQuery, cap: number): PoListFilter {
  const only = projectScope(auth);
  return {
    keyword: keywordOf(q),
    statuses: visibleStatuses(auth, statusFilter(q.status)),
    vendorId: idFilter('vendorId', q.vendorId),
    projectId: idFilter('projectId', q.projectId),
    indentId: idFilter('indentId', q.indentId),
    boqId: idFilter('boqId', q.boqId),
    only: only && [...only].sort(),
    sort: sortOf(q.sort),
    ...listWindow(q, cap),
  };
}

/** GET /po and GET /po/stats: the PO list and the dashboard's count. */
async function listRoutes(app: FastifyInstance, deps: PoRouteDeps): Promise<void> {
  const { ctx, pos, answers } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/po',
    // Signed-in here; PO List or Open POs read is checked in the handler (requirePoRead): the Open POs
    // screen lists active POs for members who may receive goods but not see the whole PO list.
    route('signed-in', { querystring: PoListQuery }, { 200: PoListResponse }),
    async (request, reply) => {
      const auth = requirePoRead(request);
      // The page comes as JSON text from PostgreSQL (PoListResponse's shape) and is sent as it is,
      // again while the data's generation has not moved (decision 0023).
      const query = listFilter(auth, request.query, ctx.config.listCountCap);
      return sendListPage(answers, ctx.db, `po list ${JSON.stringify(query)}`, reply, () =>
        pos.listJson(ctx.db, query),
      );
    },
  );
  r.get(
    '/po/stats',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['po'], response: { 200: StatsResponse, 401: ErrorResponse } },
    },
    // Dashboard count: Open and Partial POs the member can see (none without PO List or Open POs read).
    async (request) => {
      const auth = requireSignedIn(request);
      if (!mayReadPos(auth)) return { activePo: 0 };
      return { activePo: await pos.countActive(ctx.db, projectScope(auth)) };
    },
  );
}

/** POST /po/{id}/short-close: an Admin cancels what is pending and closes the PO, with a reason. */
async function shortCloseRoute(app: FastifyInstance, deps: PoRouteDeps): Promise<void> {
  const { ctx, pos } = deps;
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      '/po/:id/short-close',
      route(LIST_WRITE, { params: IdParams, body: ShortCloseBody }, { 200: PoResponse }),
      async (request) => {
        const auth = requireAccess(request, LIST_WRITE.module, LIST_WRITE.sub, LIST_WRITE.level);
        if (!isAdmin(auth)) throw forbidden(PO_MESSAGES.onlyAdminShortCloses);
        const id = request.params.id.toLowerCase();
        const reason = shortCloseReason(request.body.reason);
        await ctx.tx(async (tx) => {
          const locked = await pos.lock(tx, id);
          if (!locked || !maySeePo(auth, { projectId: locked.po.project_id, status: locked.po.status }))
            throw notFound(PO_MESSAGES.notFound);
          checkShortClose(locked.po, request.body.version);
          await pos.shortClose(tx, id, reason, { id: auth.memberId, name: auth.name });
          const status = await pos.refreshStatus(tx, id);
          await announceStatus(ctx, tx, locked.po, status, { requestId: request.id, actorId: auth.memberId });
          await ctx.audit(tx, {
            actorId: auth.memberId,
            action: 'po_short_closed',
            entity: 'po',
            entityId: id,
            requestId: request.id,
            details: { reason, status },
          });
        });
        return { message: PO_MESSAGES.shortClosed, po: (await pos.byId(ctx.db, id))! };
      },
    );
}

/** The PO routes: the list, the dashboard's count, a PO's page and its short-close. */
export async function poRoutes(app: FastifyInstance, deps: PoRouteDeps): Promise<void> {
  await listRoutes(app, deps);
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/po/:id',
    // Signed-in here; PO List or Open POs read is checked in the handler (requirePoRead).
    route('signed-in', { params: IdParams }, { 200: PurchaseOrder }),
    async (request) => {
      const auth = requirePoRead(request);
      return visiblePo(deps.pos, deps.ctx.db, auth, request.params.id);
    },
  );
  await shortCloseRoute(app, deps);
}

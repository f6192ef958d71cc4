import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Boq,
  BOQ_MESSAGES,
  BoqItemsResponse,
  BoqListQuery,
  BoqListResponse,
  BoqResponse,
  BoqUpserted,
  can,
  canAccessProject,
  CreateBoqBody,
  ErrorResponse,
  hasAllProjects,
  IdParams,
  MessageResponse,
  StatsResponse,
  UpdateBoqBody,
  type BoqStatus,
} from '@erp/contracts';
import {
  badRequest,
  conflict,
  notFound,
  requireSignedIn,
  sendJsonText,
  type AuthContext,
  type Queryable,
  type TypeBoxTypeProvider,
} from '@erp/service-kit';
import { boqInput } from '../boq-input.js';
import type { ProjectsDeps } from '../context.js';
import type { BoqActor, StoredBoq } from '../repositories/boqs.js';
import { NOT_FOUND as PROJECT_NOT_FOUND } from './projects.js';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

export const BOQ_CREATED = 'Boq Created Successfully.';
export const BOQ_UPDATED = 'BOQ updated successfully';
export const BOQ_CONFIRMED = 'BOQ confirmed successfully';
export const BOQ_DELETED = 'BOQ deleted successfully';
export const BOQ_REVISED = 'A new draft revision of this BOQ was created';
export const DRAFT_EXISTS = 'This BOQ already has a draft revision: it is shown here';
export const BOQ_STALE =
  'This BOQ was changed by someone else. Reload to see the latest details, then make your change again.';
export const REVISION_PROJECT = 'A revision stays with the project of its BOQ';

/** SPEC §6 "Team and Project": BOQ List read to see BOQs, Add BOQ write to change them. */
const READ = { module: 'team', sub: 'boqList', level: 'read' } as const;
const WRITE = { module: 'team', sub: 'addBoq', level: 'write' } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const actorOf = (auth: AuthContext): BoqActor => ({ id: auth.memberId, name: auth.name });

/**
 * BOQ routes (SPEC §7 /boq; decision 0016). An Employee reaches only the BOQs of their projects:
 * any other answers 404, as a project outside theirs does. Every change is one transaction with its
 * audit entry and its erp.projects.boq_upserted.v1 (outbox).
 */
export async function boqRoutes(app: FastifyInstance, deps: ProjectsDeps): Promise<void> {
  const { ctx, boqs } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  /** The revision if it exists and the caller may see it; 404 otherwise. */
  async function visible(db: Queryable, auth: AuthContext, id: string, lock = false): Promise<StoredBoq> {
    const b = await boqs.stored(db, id, lock);
    if (!b || !canAccessProject(auth, b.projectId)) throw notFound(BOQ_MESSAGES.notFound);
    return b;
  }

  async function announce(
    tx: Queryable,
    id: string,
    request: FastifyRequest,
    actorId: string,
  ): Promise<void> {
    await ctx.emit(tx, BoqUpserted, await boqs.event(tx, id), { requestId: request.id, actorId });
  }

  async function audit(
    tx: Queryable,
    request: FastifyRequest,
    actorId: string,
    action: string,
    id: string,
    details: Record<string, unknown>,
  ) {
    await ctx.audit(tx, { actorId, action, entity: 'boq', entityId: id, requestId: request.id, details });
  }

  /** The confirmed revision of the number supersedes into history; `id` becomes the confirmed one. */
  async function confirm(
    tx: Queryable,
    b: StoredBoq,
    actor: BoqActor,
    request: FastifyRequest,
  ): Promise<string | null> {
    const previous = (await boqs.revisions(tx, b.boqNumber)).find(
      (x) => x.status === 'confirmed' && x._id !== b.id,
    );
    if (previous) {
      await boqs.setStatus(tx, previous._id, 'superseded', actor);
      await audit(tx, request, actor.id, 'boq_superseded', previous._id, {
        boqNumber: b.boqNumber,
        revision: previous.revision,
        by: b.id,
      });
      await announce(tx, previous._id, request, actor.id);
    }
    await boqs.setStatus(tx, b.id, 'confirmed', actor);
    return previous?._id ?? null;
  }

  r.get(
    '/boq/all',
    {
      config: { access: READ },
      schema: { tags: ['boq'], querystring: BoqListQuery, response: { 200: BoqListResponse, ...errors } },
    },
    async (request, reply) => {
      const auth = requireSignedIn(request);
      const q = request.query;
      const status = !q.status || q.status === 'all' ? null : (q.status as BoqStatus);
      const projectId = q.projectId ? q.projectId.toLowerCase() : null;
      // The schema's pattern lets 36 dashes through; only a real id reaches the database.
      if (projectId && !UUID.test(projectId)) throw badRequest('projectId must be a valid id');
      // The page comes as JSON text from PostgreSQL (BoqListResponse's shape) and is sent as it is,
      // again while the data's generation has not moved (decision 0019).
      const query = {
        keyword: (q.keyword ?? '').trim(),
        status,
        projectId,
        only: hasAllProjects(auth) ? null : [...auth.permissions.projects].sort(),
        limit: q.limit ?? 10,
        offset: q.offset ?? 0,
        cap: ctx.config.listCountCap,
      };
      const answer = await deps.answers.answer(ctx.db, `boq list ${JSON.stringify(query)}`, async () => {
        const page = await boqs.listJson(ctx.db, query);
        return {
          text: page.json,
          extra: { total: page.total, capped: page.capped },
          generation: page.generation,
        };
      });
      const page = { json: answer!.text, ...answer!.extra };
      return sendJsonText(
        reply,
        `{"result":${page.json},"totalItems":${page.total}${page.capped ? ',"totalCapped":true' : ''}}`,
      );
    },
  );

  r.get(
    '/boq/stats',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['boq'], response: { 200: StatsResponse, ...errors } },
    },
    // Dashboard count: confirmed BOQs the member can see (none without BOQ List read).
    async (request) => {
      const auth = requireSignedIn(request);
      if (!can(auth, 'team', 'boqList', 'read')) return { activeBoq: 0 };
      return {
        activeBoq: await boqs.countConfirmed(ctx.db, hasAllProjects(auth) ? null : auth.permissions.projects),
      };
    },
  );

  r.get(
    '/boq/items/:id',
    {
      config: { access: READ },
      schema: { tags: ['boq'], params: IdParams, response: { 200: BoqItemsResponse, ...errors } },
    },
    async (request) => {
      const b = await visible(ctx.db, requireSignedIn(request), request.params.id);
      return { result: await boqs.balances(ctx.db, b.id, b.boqNumber) };
    },
  );

  r.get(
    '/boq/:id',
    {
      config: { access: READ },
      schema: { tags: ['boq'], params: IdParams, response: { 200: Boq, ...errors } },
    },
    async (request, reply) => {
      const b = await visible(ctx.db, requireSignedIn(request), request.params.id);
      // The Boq as JSON text from PostgreSQL (a 500-line BOQ is not mapped line by line in Node), again
      // while the data's generation has not moved (decision 0019); access was checked above.
      const boq = await deps.answers.answer(ctx.db, `boq ${b.id}`, async () => {
        const built = await boqs.detailJson(ctx.db, b.id);
        return built ? { text: built.json, extra: undefined, generation: built.generation } : null;
      });
      if (!boq) throw notFound(BOQ_MESSAGES.notFound);
      return sendJsonText(reply, boq.text);
    },
  );

  r.post(
    '/boq',
    {
      config: { access: WRITE },
      schema: { tags: ['boq'], body: CreateBoqBody, response: { 201: BoqResponse, ...errors } },
    },
    async (request, reply) => {
      const auth = requireSignedIn(request);
      const b = request.body;
      if (!canAccessProject(auth, b.projectId.toLowerCase())) throw notFound(PROJECT_NOT_FOUND);
      const actor = actorOf(auth);
      const boq = await ctx.tx(async (tx) => {
        const input = await boqInput(tx, boqs, b);
        const projectSearch = await boqs.countOnProject(tx, input.projectId, 1);
        if (projectSearch === null) throw notFound(PROJECT_NOT_FOUND);
        const number = await boqs.nextNumber(tx);
        const id = await boqs.insert(
          tx,
          { boqNumber: number, revision: 1, status: b.status, projectSearch, actor },
          input,
        );
        await audit(tx, request, actor.id, 'boq_created', id, {
          boqNumber: number,
          status: b.status,
          name: input.name,
          lines: input.lines.length,
        });
        await announce(tx, id, request, actor.id);
        return (await boqs.detail(tx, id))!;
      });
      reply.status(201);
      return { message: BOQ_CREATED, boq };
    },
  );

  r.put(
    '/boq/:id',
    {
      config: { access: WRITE },
      schema: {
        tags: ['boq'],
        params: IdParams,
        body: UpdateBoqBody,
        response: { 200: BoqResponse, ...errors },
      },
    },
    async (request) => {
      const auth = requireSignedIn(request);
      const body = request.body;
      const actor = actorOf(auth);
      await visible(ctx.db, auth, request.params.id);
      const result = await ctx.tx(async (tx) => {
        const stored = await visible(tx, auth, request.params.id, true);
        if (stored.status !== 'draft') throw conflict(BOQ_MESSAGES.notDraft);
        if (body.version !== undefined && body.version !== stored.version) throw conflict(BOQ_STALE);
        const input = await boqInput(tx, boqs, body);
        let projectSearch: string | null = null;
        if (input.projectId !== stored.projectId) {
          if (stored.revision > 1) throw badRequest(REVISION_PROJECT);
          if (!canAccessProject(auth, input.projectId)) throw notFound(PROJECT_NOT_FOUND);
          projectSearch = await boqs.countOnProject(tx, input.projectId, 1);
          if (projectSearch === null) throw notFound(PROJECT_NOT_FOUND);
          await boqs.countOnProject(tx, stored.projectId, -1);
        }
        await boqs.update(tx, stored.id, input, actor, projectSearch);
        const confirming = body.status === 'confirmed';
        const superseded = confirming ? await confirm(tx, stored, actor, request) : null;
        await audit(tx, request, actor.id, confirming ? 'boq_confirmed' : 'boq_updated', stored.id, {
          boqNumber: stored.boqNumber,
          revision: stored.revision,
          lines: input.lines.length,
          ...(input.projectId !== stored.projectId ? { projectId: input.projectId } : {}),
          ...(superseded ? { superseded } : {}),
        });
        await announce(tx, stored.id, request, actor.id);
        return { confirming, boq: (await boqs.detail(tx, stored.id))! };
      });
      return { message: result.confirming ? BOQ_CONFIRMED : BOQ_UPDATED, boq: result.boq };
    },
  );

  r.delete(
    '/boq/:id',
    {
      config: { access: WRITE },
      schema: { tags: ['boq'], params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      const auth = requireSignedIn(request);
      const actor = actorOf(auth);
      await visible(ctx.db, auth, request.params.id);
      await ctx.tx(async (tx) => {
        const stored = await visible(tx, auth, request.params.id, true);
        if (stored.status !== 'draft') throw conflict(BOQ_MESSAGES.deleteNotDraft);
        const event = await boqs.event(tx, stored.id, stored);
        await boqs.remove(tx, stored.id);
        // The number leaves the project with its only revision (a revision's draft leaves the confirmed one).
        if ((await boqs.revisions(tx, stored.boqNumber)).length === 0)
          await boqs.countOnProject(tx, stored.projectId, -1);
        await audit(tx, request, actor.id, 'boq_deleted', stored.id, {
          boqNumber: stored.boqNumber,
          revision: stored.revision,
          name: stored.name,
        });
        await ctx.emit(tx, BoqUpserted, event, { requestId: request.id, actorId: actor.id });
      });
      return { message: BOQ_DELETED };
    },
  );

  r.post(
    '/boq/:id/revise',
    {
      config: { access: WRITE },
      schema: {
        tags: ['boq'],
        params: IdParams,
        response: { 200: BoqResponse, 201: BoqResponse, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireSignedIn(request);
      const actor = actorOf(auth);
      await visible(ctx.db, auth, request.params.id);
      const result = await ctx.tx(async (tx) => {
        const stored = await visible(tx, auth, request.params.id, true);
        if (stored.status !== 'confirmed') throw conflict(BOQ_MESSAGES.reviseNotConfirmed);
        // Decision 0016: a number has one draft revision; revising again opens that one.
        const draft = (await boqs.revisions(tx, stored.boqNumber)).find((x) => x.status === 'draft');
        if (draft) return { created: false, boq: (await boqs.detail(tx, draft._id))! };
        const id = await boqs.copyAsDraft(tx, stored, actor);
        await audit(tx, request, actor.id, 'boq_revised', id, {
          boqNumber: stored.boqNumber,
          from: stored.id,
          fromRevision: stored.revision,
        });
        await announce(tx, id, request, actor.id);
        return { created: true, boq: (await boqs.detail(tx, id))! };
      });
      reply.status(result.created ? 201 : 200);
      return { message: result.created ? BOQ_REVISED : DRAFT_EXISTS, boq: result.boq };
    },
  );
}

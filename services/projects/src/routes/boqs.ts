import type { FastifyInstance } from 'fastify';
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
  hasAllProjects,
  IdParams,
  MessageResponse,
  StatsResponse,
  UpdateBoqBody,
  type BoqStatus,
} from '@erp/contracts';
import {
  notFound,
  requireSignedIn,
  sendJsonText,
  type AuthContext,
  type Queryable,
  type TypeBoxTypeProvider,
  sendListPage,
  COMMON_ERRORS,
  keywordOf,
  listWindow,
  listedProjects,
  idFilter,
  statusOf,
  routesOf,
} from '@erp/service-kit';
import type { ProjectsDeps } from '../app.js';
import { boqInput, refuseUnknownItems, type BoqInput } from '../domain/boq-input.js';
import {
  assertDeletable,
  assertEditableDraft,
  assertMayMoveProject,
  assertRevisable,
  openDraft,
  supersededBy,
} from '../domain/boq-revisions.js';
import { announceBoq } from '../events/boq-upserted.js';

import type { BoqActor, BoqsRepository, StoredBoq } from '../repositories/boqs.js';
import { NOT_FOUND as PROJECT_NOT_FOUND } from './projects.js';

export { BOQ_STALE, REVISION_PROJECT } from '../domain/boq-revisions.js';

const route = routesOf('boq', COMMON_ERRORS);

export const BOQ_CREATED = 'Boq Created Successfully.';
export const BOQ_UPDATED = 'BOQ updated successfully';
export const BOQ_CONFIRMED = 'BOQ confirmed successfully';
export const BOQ_DELETED = 'BOQ deleted successfully';
export const BOQ_REVISED = 'A new draft revision of this BOQ was created';
export const DRAFT_EXISTS = 'This BOQ already has a draft revision: it is shown here';

/** SPEC §6 "Team and Project": BOQ List read to see BOQs, Add BOQ write to change them. */
const READ = { module: 'team', sub: 'boqList', level: 'read' } as const;
const WRITE = { module: 'team', sub: 'addBoq', level: 'write' } as const;

const actorOf = (auth: AuthContext): BoqActor => ({ id: auth.memberId, name: auth.name });

/** One change: who asks, for which request (its audit entry and its event carry both). */
interface Change {
  auth: AuthContext;
  actor: BoqActor;
  requestId: string;
}

/** The revision if it exists and the caller may see it; 404 otherwise. */
async function visible(
  boqs: BoqsRepository,
  db: Queryable,
  auth: AuthContext,
  id: string,
  lock = false,
): Promise<StoredBoq> {
  const b = await boqs.stored(db, id, lock);
  if (!b || !canAccessProject(auth, b.projectId)) throw notFound(BOQ_MESSAGES.notFound);
  return b;
}

/** The form as stored (boqInput's rules), refused when a line names an item the master does not know. */
async function checkedInput(
  tx: Queryable,
  boqs: BoqsRepository,
  body: CreateBoqBody | UpdateBoqBody,
): Promise<BoqInput> {
  const input = boqInput(body);
  refuseUnknownItems(
    input,
    await boqs.unknownItems(
      tx,
      input.lines.map((l) => l.itemId),
    ),
  );
  return input;
}

async function audit(
  { ctx }: ProjectsDeps,
  tx: Queryable,
  c: Change,
  action: string,
  id: string,
  details: Record<string, unknown>,
): Promise<void> {
  await ctx.audit(tx, {
    actorId: c.actor.id,
    action,
    entity: 'boq',
    entityId: id,
    requestId: c.requestId,
    details,
  });
}

const announce = (deps: ProjectsDeps, tx: Queryable, id: string, c: Change) =>
  announceBoq(deps.ctx, deps.boqs, tx, id, { requestId: c.requestId, actorId: c.actor.id });

/** The confirmed revision of the number supersedes into history; `b` becomes the confirmed one. */
async function confirm(deps: ProjectsDeps, tx: Queryable, b: StoredBoq, c: Change): Promise<string | null> {
  const previous = supersededBy(await deps.boqs.revisions(tx, b.boqNumber), b.id);
  if (previous) {
    await deps.boqs.setStatus(tx, previous._id, 'superseded', c.actor);
    await audit(deps, tx, c, 'boq_superseded', previous._id, {
      boqNumber: b.boqNumber,
      revision: previous.revision,
      by: b.id,
    });
    await announce(deps, tx, previous._id, c);
  }
  await deps.boqs.setStatus(tx, b.id, 'confirmed', c.actor);
  return previous?._id ?? null;
}

function listRoutes(app: FastifyInstance, { ctx, boqs, answers }: ProjectsDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/boq/all',
    route(READ, { querystring: BoqListQuery }, { 200: BoqListResponse }),
    async (request, reply) => {
      const auth = requireSignedIn(request);
      const q = request.query;
      // The schema's pattern lets 36 dashes through; only a real id reaches the database.
      const projectId = idFilter('projectId', q.projectId);
      // The page comes as JSON text from PostgreSQL (BoqListResponse's shape) and is sent as it is,
      // again while the data's generation has not moved (decision 0019).
      const query = {
        keyword: keywordOf(q),
        status: statusOf<BoqStatus>(q.status),
        projectId,
        only: listedProjects(auth),
        ...listWindow(q, ctx.config.listCountCap),
      };
      return sendListPage(answers, ctx.db, `boq list ${JSON.stringify(query)}`, reply, () =>
        boqs.listJson(ctx.db, query),
      );
    },
  );
  r.get(
    '/boq/stats',
    route('signed-in', {}, { 200: StatsResponse }),
    // Dashboard count: confirmed BOQs the member can see (none without BOQ List read).
    async (request) => {
      const auth = requireSignedIn(request);
      if (!can(auth, 'team', 'boqList', 'read')) return { activeBoq: 0 };
      return {
        activeBoq: await boqs.countConfirmed(ctx.db, hasAllProjects(auth) ? null : auth.permissions.projects),
      };
    },
  );
}

function detailRoutes(app: FastifyInstance, { ctx, boqs, answers }: ProjectsDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/boq/items/:id', route(READ, { params: IdParams }, { 200: BoqItemsResponse }), async (request) => {
    const b = await visible(boqs, ctx.db, requireSignedIn(request), request.params.id);
    return { result: await boqs.balances(ctx.db, b.id, b.boqNumber) };
  });
  r.get('/boq/:id', route(READ, { params: IdParams }, { 200: Boq }), async (request, reply) => {
    const b = await visible(boqs, ctx.db, requireSignedIn(request), request.params.id);
    // The Boq as JSON text from PostgreSQL (a 500-line BOQ is not mapped line by line in Node), again
    // while the data's generation has not moved (decision 0019); access was checked above.
    const boq = await answers.answer(ctx.db, `boq ${b.id}`, async () => {
      const built = await boqs.detailJson(ctx.db, b.id);
      return built ? { text: built.json, extra: undefined, generation: built.generation } : null;
    });
    if (!boq) throw notFound(BOQ_MESSAGES.notFound);
    return sendJsonText(reply, boq.text);
  });
}

/** POST /boq in its transaction: a new number at revision 1, counted on its project. */
async function createBoq(deps: ProjectsDeps, tx: Queryable, body: CreateBoqBody, c: Change): Promise<Boq> {
  const { boqs } = deps;
  const input = await checkedInput(tx, boqs, body);
  const projectSearch = await boqs.countOnProject(tx, input.projectId, 1);
  if (projectSearch === null) throw notFound(PROJECT_NOT_FOUND);
  const number = await boqs.nextNumber(tx);
  const id = await boqs.insert(
    tx,
    { boqNumber: number, revision: 1, status: body.status, projectSearch, actor: c.actor },
    input,
  );
  await audit(deps, tx, c, 'boq_created', id, {
    boqNumber: number,
    status: body.status,
    name: input.name,
    lines: input.lines.length,
  });
  await announce(deps, tx, id, c);
  return (await boqs.detail(tx, id))!;
}

/** A draft moved to another project: counted there, no more on its own; answers the new project's search text. */
async function moveProject(
  boqs: BoqsRepository,
  tx: Queryable,
  stored: StoredBoq,
  input: BoqInput,
  c: Change,
): Promise<string | null> {
  if (input.projectId === stored.projectId) return null;
  assertMayMoveProject(stored);
  if (!canAccessProject(c.auth, input.projectId)) throw notFound(PROJECT_NOT_FOUND);
  const projectSearch = await boqs.countOnProject(tx, input.projectId, 1);
  if (projectSearch === null) throw notFound(PROJECT_NOT_FOUND);
  await boqs.countOnProject(tx, stored.projectId, -1);
  return projectSearch;
}

/** PUT /boq/{id} in its transaction: a draft saved, and confirmed when the form says so. */
async function updateBoq(
  deps: ProjectsDeps,
  tx: Queryable,
  id: string,
  body: UpdateBoqBody,
  c: Change,
): Promise<{ confirming: boolean; boq: Boq }> {
  const { boqs } = deps;
  const stored = await visible(boqs, tx, c.auth, id, true);
  assertEditableDraft(stored, body.version);
  const input = await checkedInput(tx, boqs, body);
  const projectSearch = await moveProject(boqs, tx, stored, input, c);
  await boqs.update(tx, stored.id, input, c.actor, projectSearch);
  const confirming = body.status === 'confirmed';
  const superseded = confirming ? await confirm(deps, tx, stored, c) : null;
  await audit(deps, tx, c, confirming ? 'boq_confirmed' : 'boq_updated', stored.id, {
    boqNumber: stored.boqNumber,
    revision: stored.revision,
    lines: input.lines.length,
    ...(input.projectId !== stored.projectId ? { projectId: input.projectId } : {}),
    ...(superseded ? { superseded } : {}),
  });
  await announce(deps, tx, stored.id, c);
  return { confirming, boq: (await boqs.detail(tx, stored.id))! };
}

function saveRoutes(app: FastifyInstance, deps: ProjectsDeps): void {
  const { ctx, boqs } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post('/boq', route(WRITE, { body: CreateBoqBody }, { 201: BoqResponse }), async (request, reply) => {
    const auth = requireSignedIn(request);
    if (!canAccessProject(auth, request.body.projectId.toLowerCase())) throw notFound(PROJECT_NOT_FOUND);
    const c = { auth, actor: actorOf(auth), requestId: request.id };
    const boq = await ctx.tx((tx) => createBoq(deps, tx, request.body, c));
    reply.status(201);
    return { message: BOQ_CREATED, boq };
  });
  r.put(
    '/boq/:id',
    route(WRITE, { params: IdParams, body: UpdateBoqBody }, { 200: BoqResponse }),
    async (request) => {
      const auth = requireSignedIn(request);
      const c = { auth, actor: actorOf(auth), requestId: request.id };
      await visible(boqs, ctx.db, auth, request.params.id);
      const result = await ctx.tx((tx) => updateBoq(deps, tx, request.params.id, request.body, c));
      return { message: result.confirming ? BOQ_CONFIRMED : BOQ_UPDATED, boq: result.boq };
    },
  );
}

/** DELETE /boq/{id} in its transaction: a draft removed, announced as deleted. */
async function deleteBoq(deps: ProjectsDeps, tx: Queryable, id: string, c: Change): Promise<void> {
  const { boqs } = deps;
  const stored = await visible(boqs, tx, c.auth, id, true);
  assertDeletable(stored);
  const event = await boqs.event(tx, stored.id, stored);
  await boqs.remove(tx, stored.id);
  // The number leaves the project with its only revision (a revision's draft leaves the confirmed one).
  if ((await boqs.revisions(tx, stored.boqNumber)).length === 0)
    await boqs.countOnProject(tx, stored.projectId, -1);
  await audit(deps, tx, c, 'boq_deleted', stored.id, {
    boqNumber: stored.boqNumber,
    revision: stored.revision,
    name: stored.name,
  });
  await deps.ctx.emit(tx, BoqUpserted, event, { requestId: c.requestId, actorId: c.actor.id });
}

/** POST /boq/{id}/revise in its transaction: a new draft revision, or the one the number has. */
async function reviseBoq(
  deps: ProjectsDeps,
  tx: Queryable,
  id: string,
  c: Change,
): Promise<{ created: boolean; boq: Boq }> {
  const { boqs } = deps;
  const stored = await visible(boqs, tx, c.auth, id, true);
  assertRevisable(stored);
  // Decision 0016: a number has one draft revision; revising again opens that one.
  const draft = openDraft(await boqs.revisions(tx, stored.boqNumber));
  if (draft) return { created: false, boq: (await boqs.detail(tx, draft._id))! };
  const revised = await boqs.copyAsDraft(tx, stored, c.actor);
  await audit(deps, tx, c, 'boq_revised', revised, {
    boqNumber: stored.boqNumber,
    from: stored.id,
    fromRevision: stored.revision,
  });
  await announce(deps, tx, revised, c);
  return { created: true, boq: (await boqs.detail(tx, revised))! };
}

function revisionRoutes(app: FastifyInstance, deps: ProjectsDeps): void {
  const { ctx, boqs } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.delete('/boq/:id', route(WRITE, { params: IdParams }, { 200: MessageResponse }), async (request) => {
    const auth = requireSignedIn(request);
    await visible(boqs, ctx.db, auth, request.params.id);
    const c = { auth, actor: actorOf(auth), requestId: request.id };
    await ctx.tx((tx) => deleteBoq(deps, tx, request.params.id, c));
    return { message: BOQ_DELETED };
  });
  r.post(
    '/boq/:id/revise',
    route(WRITE, { params: IdParams }, { 200: BoqResponse, 201: BoqResponse }),
    async (request, reply) => {
      const auth = requireSignedIn(request);
      await visible(boqs, ctx.db, auth, request.params.id);
      const c = { auth, actor: actorOf(auth), requestId: request.id };
      const result = await ctx.tx((tx) => reviseBoq(deps, tx, request.params.id, c));
      reply.status(result.created ? 201 : 200);
      return { message: result.created ? BOQ_REVISED : DRAFT_EXISTS, boq: result.boq };
    },
  );
}

/**
 * BOQ routes (SPEC §7 /boq; decision 0016). An Employee reaches only the BOQs of their projects:
 * any other answers 404, as a project outside theirs does. Every change is one transaction with its
 * audit entry and its erp.projects.boq_upserted.v1 (outbox).
 */
export async function boqRoutes(app: FastifyInstance, deps: ProjectsDeps): Promise<void> {
  listRoutes(app, deps);
  detailRoutes(app, deps);
  saveRoutes(app, deps);
  revisionRoutes(app, deps);
}

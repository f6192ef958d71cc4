import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  can,
  canAccessProject,
  CreateProjectBody,
  IdParams,
  isAdmin,
  NextProjectCodeResponse,
  Project,
  ProjectListQuery,
  ProjectListResponse,
  ProjectResponse,
  UpdateProjectBody,
} from '@erp/contracts';
import {
  conflict,
  conflictOnUnique,
  forbidden,
  notFound,
  requireSignedIn,
  type AuthContext,
  type Queryable,
  type TypeBoxTypeProvider,
  sendListPage,
  COMMON_ERRORS,
  routesOf,
  keywordOf,
  listWindow,
  listedProjects,
} from '@erp/service-kit';
import type { ProjectsDeps } from '../app.js';
import {
  listStatus,
  projectInput,
  toProject,
  unchanged,
  type ProjectInput,
} from '../domain/project-input.js';
import { setTeam, type TeamActor } from '../events/project-team-set.js';
import { publishProject } from '../events/project-upserted.js';

const route = routesOf('projects', COMMON_ERRORS);
export const DUPLICATE_CODE = 'A project with this code already exists';
export const STALE =
  'This project was changed by someone else. Reload to see the latest details, then make your change again.';
export const NOT_FOUND = 'Project not found';

/** Reading projects: any signed-in member, each within their projects (SPEC §6). */
const signedIn = 'signed-in' as const;
const addProject = { module: 'team', sub: 'addProject', level: 'write' } as const;

/** Editing: Project List write, or Add Project write (checked in the handler: the route table lists it). */
function requireEdit(request: FastifyRequest): AuthContext {
  const auth = requireSignedIn(request);
  if (!can(auth, 'team', 'projectList', 'write') && !can(auth, 'team', 'addProject', 'write')) {
    throw forbidden('You do not have write access to Project List');
  }
  return auth;
}

const teamActor = (auth: AuthContext): TeamActor => ({
  _id: auth.memberId,
  name: auth.name,
  isAdmin: isAdmin(auth),
});

const withCodeCheck = <T>(fn: () => Promise<T>): Promise<T> => conflictOnUnique(DUPLICATE_CODE, fn);

function readRoutes(app: FastifyInstance, { ctx, projects, answers }: ProjectsDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/project',
    route(signedIn, { querystring: ProjectListQuery }, { 200: ProjectListResponse }),
    async (request, reply) => {
      const auth = requireSignedIn(request);
      const q = request.query;
      // The page comes as JSON text from PostgreSQL (ProjectListResponse's shape) and is sent as it is,
      // again while the data's generation has not moved (decision 0019).
      const query = {
        keyword: keywordOf(q),
        status: listStatus(q.status),
        only: listedProjects(auth),
        ...listWindow(q, ctx.config.listCountCap),
      };
      return sendListPage(answers, ctx.db, `project list ${JSON.stringify(query)}`, reply, () =>
        projects.listJson(ctx.db, query),
      );
    },
  );
  r.get('/project/nextCode', route(signedIn, {}, { 200: NextProjectCodeResponse }), async () => ({
    projectCode: await projects.nextCode(ctx.db),
  }));
  r.get('/project/:id', route(signedIn, { params: IdParams }, { 200: Project }), async (request) => {
    const auth = requireSignedIn(request);
    const id = request.params.id;
    // An Employee learns nothing of a project outside theirs, not even that it exists.
    const p = canAccessProject(auth, id) ? await projects.stored(ctx.db, id) : null;
    if (!p) throw notFound(NOT_FOUND);
    return toProject(await projects.withTeam(ctx.db, p));
  });
}

/** POST /project in its transaction: stored, audited, its team sent, announced. */
async function createProject(
  tx: Queryable,
  { ctx, projects }: ProjectsDeps,
  actor: AuthContext,
  b: CreateProjectBody,
  input: ProjectInput,
  requestId: string,
): Promise<Project> {
  if (await projects.codeTaken(tx, input.projectCode, null)) throw conflict(DUPLICATE_CODE);
  const id = await projects.insert(tx, input, { id: actor.memberId, name: actor.name });
  await ctx.audit(tx, {
    actorId: actor.memberId,
    action: 'project_created',
    entity: 'project',
    entityId: id,
    requestId,
    details: { projectCode: input.projectCode, name: input.name, employees: b.employees ?? [] },
  });
  if (b.employees) {
    const created = await projects.withTeam(tx, (await projects.stored(tx, id))!);
    await setTeam(tx, ctx, projects, created, b.employees, teamActor(actor), { requestId });
  }
  const project = await publishProject(ctx, projects, tx, id, { requestId, actorId: actor.memberId });
  await projects.codeUsed(tx, input.projectCode);
  return project;
}

/** PATCH /project/{id} in its transaction; a save that changes nothing stores nothing. */
async function updateProject(
  tx: Queryable,
  deps: ProjectsDeps,
  actor: AuthContext,
  id: string,
  b: UpdateProjectBody,
  requestId: string,
): Promise<Project> {
  const { ctx, projects } = deps;
  const stored = await projects.stored(tx, id, true);
  if (!stored) throw notFound(NOT_FOUND);
  if (b.version !== undefined && b.version !== stored.version) throw conflict(STALE);
  const current = await projects.withTeam(tx, stored);
  const input = projectInput(b, stored);
  const fieldsChanged = !unchanged(stored, input);
  if (fieldsChanged && (await projects.codeTaken(tx, input.projectCode, id))) throw conflict(DUPLICATE_CODE);
  const teamChanged = b.employees
    ? await setTeam(tx, ctx, projects, current, b.employees, teamActor(actor), { requestId })
    : false;
  // A save that changes nothing stores nothing: no new version, event or audit entry.
  if (!fieldsChanged && !teamChanged) return toProject(current);
  if (fieldsChanged) await projects.update(tx, id, input, actor.memberId);
  else await projects.touch(tx, id, actor.memberId);
  if (fieldsChanged) await deps.boqs.projectChanged(tx, id);
  await ctx.audit(tx, {
    actorId: actor.memberId,
    action: 'project_updated',
    entity: 'project',
    entityId: id,
    requestId,
    details: {
      changed: Object.keys(b).filter((k) => k !== 'version'),
      ...(teamChanged ? { employees: b.employees } : {}),
    },
  });
  const project = await publishProject(ctx, projects, tx, id, { requestId, actorId: actor.memberId });
  if (fieldsChanged) await projects.codeUsed(tx, input.projectCode);
  return project;
}

function writeRoutes(app: FastifyInstance, deps: ProjectsDeps): void {
  const { ctx } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/project',
    route(addProject, { body: CreateProjectBody }, { 201: ProjectResponse }),
    async (request, reply) => {
      const actor = requireSignedIn(request);
      const input = projectInput(request.body);
      const project = await withCodeCheck(() =>
        ctx.tx((tx) => createProject(tx, deps, actor, request.body, input, request.id)),
      );
      reply.status(201);
      return { message: 'Project created successfully', project };
    },
  );
  r.patch(
    '/project/:id',
    route(null, { params: IdParams, body: UpdateProjectBody }, { 200: ProjectResponse }),
    async (request) => {
      const actor = requireEdit(request);
      const id = request.params.id;
      if (!canAccessProject(actor, id)) throw notFound(NOT_FOUND);
      const project = await withCodeCheck(() =>
        ctx.tx((tx) => updateProject(tx, deps, actor, id, request.body, request.id)),
      );
      return { message: 'Project updated successfully', project };
    },
  );
}

export async function projectRoutes(app: FastifyInstance, deps: ProjectsDeps): Promise<void> {
  readRoutes(app, deps);
  writeRoutes(app, deps);
}

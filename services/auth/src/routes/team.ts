import type { FastifyInstance } from 'fastify';
import {
  CreateMemberBody,
  ErrorResponse,
  IdParams,
  Member,
  MemberResponse,
  StatsResponse,
  TeamListQuery,
  TeamListResponse,
  UpdateMemberBody,
  phoneSearchDigits,
} from '@erp/contracts';
import {
  conflict,
  notFound,
  requireAdmin,
  sendJsonText,
  toJsonText,
  type AuthContext,
  type Queryable,
  type TypeBoxTypeProvider,
  COMMON_ERRORS,
  keywordOf,
  listWindow,
  routesOf,
} from '@erp/service-kit';
import type { AuthDeps } from '../app.js';
import {
  checkSelfEdit,
  checkSubModules,
  deactivates,
  editedMemberInput,
  losesAnAdmin,
  mayRemoveAnAdmin,
  newMemberInput,
  normalizeStatus,
  sameMember,
  type MemberInput,
} from '../domain/team.js';
import { publishMember } from '../events/member-upserted.js';
import { announceRevoked } from '../events/session-revoked.js';

const route = routesOf('team', COMMON_ERRORS);
const ONLY_ADMINS = 'Only an Admin can manage team members';
const STALE =
  'This member was changed by someone else. Reload to see the latest details, then make your change again.';
const READ = { module: 'team', sub: 'teamList', level: 'read' } as const;

/** One change by an Admin, for one request. */
interface Change {
  adminId: string;
  requestId: string;
}

async function refuseClash(
  { members }: AuthDeps,
  tx: Queryable,
  input: MemberInput,
  exceptId: string | null,
): Promise<void> {
  const clash = await members.findClash(tx, input.phoneNumber, input.email, exceptId);
  if (clash === 'phone') throw conflict('A team member with this mobile number already exists');
  if (clash === 'email') throw conflict('A team member with this email already exists');
}

function readRoutes(app: FastifyInstance, { ctx, members, lists }: AuthDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/auth/teamList',
    route(READ, { querystring: TeamListQuery }, { 200: TeamListResponse }),
    async (request, reply) => {
      const q = request.query;
      const keyword = keywordOf(q);
      // A number typed as the list shows it ("+91 98765 43210") also finds the stored 10 digits.
      const query = {
        keyword,
        phoneDigits: phoneSearchDigits(keyword),
        status: !q.status || q.status === 'all' ? null : normalizeStatus(q.status),
        role: q.role ?? null,
        ...listWindow(q, ctx.config.listCountCap),
      };
      const key = JSON.stringify(query);
      let body = lists.get(key);
      if (body === undefined) {
        const version = lists.current();
        body = toJsonText(reply, await members.list(ctx.db, query));
        lists.set(key, body, version);
      }
      return sendJsonText(reply, body);
    },
  );
  r.get('/auth/details/:id', route(READ, { params: IdParams }, { 200: Member }), async (request) => {
    const m = await members.byId(ctx.db, request.params.id);
    if (!m) throw notFound('Team member not found');
    return m;
  });
}

/** POST /auth/createTeam in its transaction. */
async function createMember(deps: AuthDeps, tx: Queryable, input: MemberInput, c: Change): Promise<Member> {
  const { ctx, members } = deps;
  await refuseClash(deps, tx, input, null);
  const id = await members.insert(tx, input, c.adminId);
  await ctx.audit(tx, {
    actorId: c.adminId,
    action: 'member_created',
    entity: 'member',
    entityId: id,
    requestId: c.requestId,
    details: { role: input.role },
  });
  return publishMember(ctx, members, tx, id, { requestId: c.requestId, actorId: c.adminId });
}

/** The stored member, locked, at the version the form was loaded at. */
async function currentMember(deps: AuthDeps, tx: Queryable, id: string, version?: number): Promise<Member> {
  const current = await deps.members.byId(tx, id, true);
  if (!current) throw notFound('Team member not found');
  if (version !== undefined && version !== current.version) throw conflict(STALE);
  return current;
}

/** PATCH /auth/{id} in its transaction; a save that changes nothing stores nothing. */
async function updateMember(
  deps: AuthDeps,
  tx: Queryable,
  id: string,
  b: UpdateMemberBody,
  c: Change,
): Promise<Member> {
  const { ctx, members, sessions } = deps;
  // Changes that could take an active Admin away run one at a time, so two at once (each Admin
  // downgrading the other) cannot both see the other still there and leave none. The lock is taken
  // before any row is read or locked, so every such change takes locks in the same order.
  if (mayRemoveAnAdmin(b)) await tx.query('SELECT pg_advisory_xact_lock(3, 0)');
  const current = await currentMember(deps, tx, id, b.version);
  const input = editedMemberInput(b, current);
  checkSelfEdit(id, c.adminId, input);
  // A save that changes nothing stores nothing: no new version (another admin's open form stays valid), event or audit entry.
  if (sameMember(current, input)) return current;
  await refuseClash(deps, tx, input, id);
  await members.update(tx, id, input, c.adminId);
  if (losesAnAdmin(current, input) && (await members.countActiveAdmins(tx)) === 0)
    throw conflict('At least one active Admin must remain');
  const ended = deactivates(current, input) ? await sessions.revoke(tx, { memberId: id }, 'deactivated') : [];
  await announceRevoked(ctx, tx, ended, 'deactivated', { requestId: c.requestId, actorId: c.adminId });
  await ctx.audit(tx, {
    actorId: c.adminId,
    action: 'member_updated',
    entity: 'member',
    entityId: id,
    requestId: c.requestId,
    details: { changed: Object.keys(b).filter((k) => k !== 'version'), sessionsEnded: ended.length },
  });
  return publishMember(ctx, members, tx, id, { requestId: c.requestId, actorId: c.adminId });
}

const changeBy = (admin: AuthContext, requestId: string): Change => ({ adminId: admin.memberId, requestId });

function writeRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx, directory, lists } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/auth/createTeam',
    route(null, { body: CreateMemberBody }, { 201: MemberResponse }),
    async (request, reply) => {
      const admin = requireAdmin(request, ONLY_ADMINS);
      const input = newMemberInput(request.body);
      const user = await ctx.tx((tx) => createMember(deps, tx, input, changeBy(admin, request.id)));
      lists.invalidate();
      reply.status(201);
      return { message: 'Team member created successfully', user };
    },
  );
  r.patch(
    '/auth/:id',
    route(null, { params: IdParams, body: UpdateMemberBody }, { 200: MemberResponse }),
    async (request) => {
      const admin = requireAdmin(request, ONLY_ADMINS);
      checkSubModules(request.body.permissions);
      const id = request.params.id;
      const result = await ctx.tx((tx) =>
        updateMember(deps, tx, id, request.body, changeBy(admin, request.id)),
      );
      directory.forgetMember(id);
      lists.invalidate();
      return { message: 'Team member Updated successfully', user: result };
    },
  );
}

function statsRoute(app: FastifyInstance, { ctx, members }: AuthDeps): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/auth/stats',
    { schema: { tags: ['auth'], response: { 200: StatsResponse, 401: ErrorResponse } } },
    // Every signed-in member sees the dashboard counts.
    async () => ({ totalTeam: await members.count(ctx.db, 'active') }),
  );
}

export async function teamRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  readRoutes(app, deps);
  writeRoutes(app, deps);
  statsRoute(app, deps);
}

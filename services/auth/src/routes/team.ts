import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CreateMemberBody,
  ErrorResponse,
  IdParams,
  Member,
  MODULES,
  MemberResponse,
  MemberUpserted,
  StatsResponse,
  SessionRevoked,
  TeamListQuery,
  TeamListResponse,
  UpdateMemberBody,
  phoneSearchDigits,
  type ModuleKey,
  type PermissionsInput,
  type Role,
} from '@erp/contracts';
import {
  badRequest,
  conflict,
  notFound,
  requireAdmin,
  sendJsonText,
  toJsonText,
  type Queryable,
  type TypeBoxTypeProvider,
} from '@erp/service-kit';
import type { AuthDeps } from '../context.js';
import { memberUpsertedData, sessionRevokedData } from '../events.js';
import { normalizeStatus, resolvePermissions, type MemberInput } from '../repositories/members.js';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ONLY_ADMINS = 'Only an Admin can manage team members';

/** Team form rules of SPEC §5, applied to the trimmed input. */
function checkMember(input: MemberInput): void {
  if (input.name.length < 2) throw badRequest('Name must be at least 2 characters');
  if (!EMAIL.test(input.email)) throw badRequest('Please enter a valid email address');
}

/** The schema knows the modules; their sub-modules are checked here, so a misspelt one is not silently dropped. */
function checkSubModules(permissions: PermissionsInput | undefined): void {
  for (const [module, input] of Object.entries(permissions?.modules ?? {})) {
    const known = MODULES[module as ModuleKey].subModules;
    for (const sub of Object.keys(input?.subModules ?? {})) {
      if (!Object.hasOwn(known, sub)) throw badRequest(`Unknown field: ${sub}`);
    }
  }
}

function roleFrom(role: Role | undefined, isAdmin: boolean | undefined, current?: Role): Role {
  if (role) return role;
  if (isAdmin === true) return 'Admin';
  if (isAdmin === false && current === 'Admin') return 'Employee';
  return current ?? 'Employee';
}

/** Whether saving `input` would leave the stored member as it is. */
function sameMember(current: Member, input: MemberInput): boolean {
  const { name, email, phoneNumber, status, role, notes, permissions } = current;
  // Node's deep equality ignores key order, as stored (jsonb) permissions come back reordered.
  return isDeepStrictEqual({ name, email, phoneNumber, status, role, notes, permissions }, input);
}

export async function teamRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const { ctx, members, sessions, directory, lists } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  async function publishMember(tx: Queryable, id: string, request: FastifyRequest, actorId: string) {
    const m = (await members.byId(tx, id))!;
    await ctx.emit(tx, MemberUpserted, memberUpsertedData(m), { requestId: request.id, actorId });
    return m;
  }

  async function refuseClash(tx: Queryable, input: MemberInput, exceptId: string | null) {
    const clash = await members.findClash(tx, input.phoneNumber, input.email, exceptId);
    if (clash === 'phone') throw conflict('A team member with this mobile number already exists');
    if (clash === 'email') throw conflict('A team member with this email already exists');
  }

  r.get(
    '/auth/teamList',
    {
      config: { access: { module: 'team', sub: 'teamList', level: 'read' } },
      schema: { tags: ['team'], querystring: TeamListQuery, response: { 200: TeamListResponse, ...errors } },
    },
    async (request, reply) => {
      const q = request.query;
      const status = !q.status || q.status === 'all' ? null : normalizeStatus(q.status);
      const keyword = (q.keyword ?? '').trim();
      // A number typed as the list shows it ("+91 98765 43210") also finds the stored 10 digits.
      const query = {
        keyword,
        phoneDigits: phoneSearchDigits(keyword),
        status,
        role: q.role ?? null,
        limit: q.limit ?? 10,
        offset: q.offset ?? 0,
        cap: ctx.config.listCountCap,
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

  r.get(
    '/auth/details/:id',
    {
      config: { access: { module: 'team', sub: 'teamList', level: 'read' } },
      schema: { tags: ['team'], params: IdParams, response: { 200: Member, ...errors } },
    },
    async (request) => {
      const m = await members.byId(ctx.db, request.params.id);
      if (!m) throw notFound('Team member not found');
      return m;
    },
  );

  r.post(
    '/auth/createTeam',
    { schema: { tags: ['team'], body: CreateMemberBody, response: { 201: MemberResponse, ...errors } } },
    async (request, reply) => {
      const admin = requireAdmin(request, ONLY_ADMINS);
      const b = request.body;
      checkSubModules(b.permissions);
      const role = roleFrom(b.role, b.isAdmin);
      const input: MemberInput = {
        name: b.name.trim().replace(/\s+/g, ' '),
        email: b.email.trim(),
        phoneNumber: b.phoneNumber,
        status: normalizeStatus(b.status),
        role,
        notes: (b.notes ?? '').trim(),
        permissions: resolvePermissions(role, b.permissions),
      };
      checkMember(input);
      const user = await ctx.tx(async (tx) => {
        await refuseClash(tx, input, null);
        const id = await members.insert(tx, input, admin.memberId);
        await ctx.audit(tx, {
          actorId: admin.memberId,
          action: 'member_created',
          entity: 'member',
          entityId: id,
          requestId: request.id,
          details: { role },
        });
        return publishMember(tx, id, request, admin.memberId);
      });
      lists.invalidate();
      reply.status(201);
      return { message: 'Team member created successfully', user };
    },
  );

  r.patch(
    '/auth/:id',
    {
      schema: {
        tags: ['team'],
        params: IdParams,
        body: UpdateMemberBody,
        response: { 200: MemberResponse, ...errors },
      },
    },
    async (request) => {
      const admin = requireAdmin(request, ONLY_ADMINS);
      const b = request.body;
      checkSubModules(b.permissions);
      const id = request.params.id;
      // Changes that could take an active Admin away run one at a time, so two at once (each Admin
      // downgrading the other) cannot both see the other still there and leave none. The lock is taken
      // before any row is read or locked, so every such change takes locks in the same order.
      const mayRemoveAnAdmin = b.role !== undefined || b.isAdmin !== undefined || b.status !== undefined;
      const result = await ctx.tx(async (tx) => {
        if (mayRemoveAnAdmin) await tx.query('SELECT pg_advisory_xact_lock(3, 0)');
        const current = await members.byId(tx, id, true);
        if (!current) throw notFound('Team member not found');
        if (b.version !== undefined && b.version !== current.version) {
          throw conflict(
            'This member was changed by someone else. Reload to see the latest details, then make your change again.',
          );
        }
        const role = roleFrom(b.role, b.isAdmin, current.role);
        const input: MemberInput = {
          name: b.name !== undefined ? b.name.trim().replace(/\s+/g, ' ') : current.name,
          email: b.email !== undefined ? b.email.trim() : current.email,
          phoneNumber: b.phoneNumber ?? current.phoneNumber,
          status: b.status !== undefined ? normalizeStatus(b.status) : current.status,
          role,
          notes: b.notes !== undefined ? b.notes.trim() : current.notes,
          permissions: resolvePermissions(
            role,
            b.permissions,
            role === current.role ? current.permissions : undefined,
          ),
        };
        checkMember(input);
        if (id === admin.memberId && input.status !== 'active')
          throw conflict('You cannot deactivate your own account');
        if (id === admin.memberId && role !== 'Admin')
          throw conflict('You cannot remove your own Admin role');
        // A save that changes nothing stores nothing: no new version (another admin's open form stays valid), event or audit entry.
        if (sameMember(current, input)) return current;
        await refuseClash(tx, input, id);
        const losesAnAdmin =
          current.role === 'Admin' &&
          current.status === 'active' &&
          (role !== 'Admin' || input.status !== 'active');
        await members.update(tx, id, input, admin.memberId);
        if (losesAnAdmin && (await members.countActiveAdmins(tx)) === 0)
          throw conflict('At least one active Admin must remain');
        let revoked: string[] = [];
        if (input.status === 'inactive' && current.status === 'active') {
          const ended = await sessions.revoke(tx, { memberId: id }, 'deactivated');
          for (const sess of ended) {
            await ctx.emit(tx, SessionRevoked, sessionRevokedData(sess, 'deactivated'), {
              requestId: request.id,
              actorId: admin.memberId,
            });
          }
          revoked = ended.map((e) => e.id);
        }
        await ctx.audit(tx, {
          actorId: admin.memberId,
          action: 'member_updated',
          entity: 'member',
          entityId: id,
          requestId: request.id,
          details: { changed: Object.keys(b).filter((k) => k !== 'version'), sessionsEnded: revoked.length },
        });
        return publishMember(tx, id, request, admin.memberId);
      });
      directory.forgetMember(id);
      lists.invalidate();
      return { message: 'Team member Updated successfully', user: result };
    },
  );

  r.get(
    '/auth/stats',
    { schema: { tags: ['auth'], response: { 200: StatsResponse, 401: ErrorResponse } } },
    // Every signed-in member sees the dashboard counts.
    async () => ({ totalTeam: await members.count(ctx.db, 'active') }),
  );
}

import { randomUUID } from 'node:crypto';
import type { Member, ModulePermissions, Role, TeamListResponse } from '@erp/contracts';
import { containsPattern, onSchema, pagedSearch, totalCappedField, type Queryable } from '@erp/service-kit';
import { permissionsOf, type MemberInput } from '../domain/team.js';

interface MemberRow {
  id: string;
  name: string;
  email: string;
  phone_number: string;
  status: 'active' | 'inactive';
  role: Role;
  notes: string;
  all_projects: boolean;
  projects: string[];
  modules: ModulePermissions;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  created_by_name: string | null;
  last_login_at: Date | null;
  version: number;
}

const COLUMNS = `m.id, m.name, m.email, m.phone_number, m.status, m.role, m.notes, m.all_projects, m.projects, m.modules,
         m.created_at, m.updated_at, m.created_by, c.name AS created_by_name, m.last_login_at, m.version`;
const FROM = (schema: string) => `${schema}.members m LEFT JOIN ${schema}.members c ON c.id = m.created_by`;
const SELECT = (schema: string) => `SELECT ${COLUMNS} FROM ${FROM(schema)}`;

export function toMember(row: MemberRow): Member {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    status: row.status,
    role: row.role,
    isAdmin: row.role === 'Admin',
    notes: row.notes,
    permissions: permissionsOf(row),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    createdBy: row.created_by ? { _id: row.created_by, name: row.created_by_name ?? '' } : null,
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
    version: row.version,
  };
}

export interface MemberListQuery {
  keyword: string;
  phoneDigits?: string | null;
  status: 'active' | 'inactive' | null;
  role?: Role | null;
  limit: number;
  offset: number;
  cap?: number;
}

/** A page of the team list (newest first) with its capped total, as the API answers it (ARCHITECTURE "Data"). */
export async function listMembers(
  schema: string,
  db: Queryable,
  q: MemberListQuery,
): Promise<TeamListResponse> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.keyword) {
    params.push(containsPattern(q.keyword));
    const byText = `m.search LIKE $${params.length}`;
    if (q.phoneDigits) {
      // The keyword is a phone number as people write it: its digits are looked for in the stored number too.
      params.push(containsPattern(q.phoneDigits));
      where.push(`${byText} OR m.phone_number LIKE $${params.length}`);
    } else where.push(byText);
  }
  if (q.status) {
    params.push(q.status);
    where.push(`m.status = $${params.length}`);
  }
  if (q.role) {
    // Along members_role (migration 003), in list order.
    params.push(q.role);
    where.push(`m.role = $${params.length}`);
  }
  const page = await pagedSearch<MemberRow>(db, {
    select: COLUMNS,
    from: FROM(schema),
    where,
    params,
    orderBy: 'm.created_at DESC, m.id',
    limit: q.limit,
    offset: q.offset,
    cap: q.cap,
  });
  return { result: page.rows.map(toMember), totalItems: page.total, ...totalCappedField(page) };
}

export async function memberById(
  schema: string,
  db: Queryable,
  id: string,
  forUpdate = false,
): Promise<Member | null> {
  const res = await db.query<MemberRow>(
    `${SELECT(schema)} WHERE m.id = $1${forUpdate ? ' FOR UPDATE OF m' : ''}`,
    [id],
  );
  return res.rows[0] ? toMember(res.rows[0]) : null;
}

export async function memberByPhone(
  schema: string,
  db: Queryable,
  phoneNumber: string,
): Promise<Member | null> {
  const res = await db.query<MemberRow>(`${SELECT(schema)} WHERE m.phone_number = $1`, [phoneNumber]);
  return res.rows[0] ? toMember(res.rows[0]) : null;
}

export async function countMembers(schema: string, db: Queryable, status?: 'active'): Promise<number> {
  const res = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${schema}.members${status ? ' WHERE status = $1' : ''}`,
    status ? [status] : [],
  );
  return res.rows[0]!.n;
}

export async function countActiveAdmins(schema: string, db: Queryable): Promise<number> {
  const res = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${schema}.members WHERE role = 'Admin' AND status = 'active'`,
  );
  return res.rows[0]!.n;
}

/** The member owning this phone or email, other than `exceptId`, to explain a conflict. */
export async function findClash(
  schema: string,
  db: Queryable,
  phoneNumber: string,
  email: string,
  exceptId: string | null,
): Promise<'phone' | 'email' | null> {
  const res = await db.query<{ phone_number: string; email: string }>(
    `SELECT phone_number, email FROM ${schema}.members
      WHERE (phone_number = $1 OR lower(email) = lower($2)) AND ($3::uuid IS NULL OR id <> $3::uuid) LIMIT 1`,
    [phoneNumber, email, exceptId],
  );
  const row = res.rows[0];
  if (!row) return null;
  return row.phone_number === phoneNumber ? 'phone' : 'email';
}

/** A member's row values as $1…$11 of the INSERT and the UPDATE: id, fields, access, who wrote it. */
const memberValues = (id: string, input: MemberInput, actorId: string | null): unknown[] => [
  id,
  input.name,
  input.email,
  input.phoneNumber,
  input.status,
  input.role,
  input.notes,
  input.permissions.allProjects,
  input.permissions.projects,
  JSON.stringify(input.permissions.modules),
  actorId,
];
export async function insertMember(
  schema: string,
  db: Queryable,
  input: MemberInput,
  actorId: string | null,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO ${schema}.members (id, name, email, phone_number, status, role, notes, all_projects, projects, modules, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::uuid[], $10::jsonb, $11, $11)`,
    memberValues(id, input, actorId),
  );
  return id;
}

export async function updateMember(
  schema: string,
  db: Queryable,
  id: string,
  input: MemberInput,
  actorId: string,
): Promise<void> {
  await db.query(
    `UPDATE ${schema}.members SET name = $2, email = $3, phone_number = $4, status = $5, role = $6, notes = $7,
            all_projects = $8, projects = $9::uuid[], modules = $10::jsonb, updated_by = $11, updated_at = now(), version = version + 1
      WHERE id = $1`,
    memberValues(id, input, actorId),
  );
}

export async function touchLogin(schema: string, db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE ${schema}.members SET last_login_at = now() WHERE id = $1`, [id]);
}

/** The member queries on one schema. */
export function membersRepository(schema: string) {
  const on = <A extends unknown[], R>(fn: (schema: string, ...args: A) => R) => onSchema(schema, fn);
  return {
    list: on(listMembers),
    byId: on(memberById),
    byPhone: on(memberByPhone),
    count: on(countMembers),
    countActiveAdmins: on(countActiveAdmins),
    findClash: on(findClash),
    insert: on(insertMember),
    update: on(updateMember),
    touchLogin: on(touchLogin),
  };
}
export type MembersRepository = ReturnType<typeof membersRepository>;

/**
 * Team member rules (SPEC §5 "Team form", §6 roles and permissions) as plain functions: what a form
 * stores, what a role may see, and the changes an Admin may not make.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  defaultModulesForRole,
  MODULES,
  normalizeModules,
  type CreateMemberBody,
  type Member,
  type MemberAccess,
  type ModuleKey,
  type ModulePermissions,
  type Permissions,
  type PermissionsInput,
  type Role,
  type UpdateMemberBody,
} from '@erp/contracts';
import { badRequest, conflict } from '@erp/service-kit';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface MemberInput {
  name: string;
  email: string;
  phoneNumber: string;
  status: 'active' | 'inactive';
  role: Role;
  notes: string;
  permissions: Permissions;
}

/** The permissions as stored for a role: non-Employees see every project, whatever was kept. */
export function permissionsOf(row: {
  role: Role;
  all_projects: boolean;
  projects: string[];
  modules: ModulePermissions;
}): Permissions {
  return {
    allProjects: row.role !== 'Employee' || row.all_projects,
    projects: row.role === 'Employee' ? row.projects : [],
    modules: normalizeModules(row.modules),
  };
}

export function toAccess(m: Member): MemberAccess {
  return { memberId: m._id, name: m.name, role: m.role, status: m.status, permissions: m.permissions };
}

/** Status as the spec's clients write it (active / Active / inActive / Inactive / inactive). */
export function normalizeStatus(status: string): 'active' | 'inactive' {
  return status.toLowerCase() === 'active' ? 'active' : 'inactive';
}

/** The stored permission set for a role: non-Employees always see all projects. */
export function resolvePermissions(
  role: Role,
  input: PermissionsInput | undefined,
  current?: Permissions,
): Permissions {
  const modules = input?.modules
    ? normalizeModules(input.modules)
    : (current?.modules ?? defaultModulesForRole(role));
  if (role !== 'Employee') return { allProjects: true, projects: [], modules };
  const allProjects = input?.allProjects ?? current?.allProjects ?? false;
  const projects = allProjects ? [] : [...new Set(input?.projects ?? current?.projects ?? [])];
  return { allProjects, projects, modules };
}

/** Team form rules of SPEC §5, applied to the trimmed input. */
export function checkMember(input: MemberInput): void {
  if (input.name.length < 2) throw badRequest('Name must be at least 2 characters');
  if (!EMAIL.test(input.email)) throw badRequest('Please enter a valid email address');
}

/** The schema knows the modules; their sub-modules are checked here, so a misspelt one is not silently dropped. */
export function checkSubModules(permissions: PermissionsInput | undefined): void {
  for (const [module, input] of Object.entries(permissions?.modules ?? {})) {
    const known = MODULES[module as ModuleKey].subModules;
    for (const sub of Object.keys(input?.subModules ?? {})) {
      if (!Object.hasOwn(known, sub)) throw badRequest(`Unknown field: ${sub}`);
    }
  }
}

export function roleFrom(role: Role | undefined, isAdmin: boolean | undefined, current?: Role): Role {
  if (role) return role;
  if (isAdmin === true) return 'Admin';
  if (isAdmin === false && current === 'Admin') return 'Employee';
  return current ?? 'Employee';
}

const cleanName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** A new member's form as stored (400 when it breaks the form's rules). */
export function newMemberInput(b: CreateMemberBody): MemberInput {
  checkSubModules(b.permissions);
  const role = roleFrom(b.role, b.isAdmin);
  const input: MemberInput = {
    name: cleanName(b.name),
    email: b.email.trim(),
    phoneNumber: b.phoneNumber,
    status: normalizeStatus(b.status),
    role,
    notes: (b.notes ?? '').trim(),
    permissions: resolvePermissions(role, b.permissions),
  };
  checkMember(input);
  return input;
}

/** An edit as stored: the fields sent over the member's current ones (400 when it breaks the form's rules). */
export function editedMemberInput(b: UpdateMemberBody, current: Member): MemberInput {
  const role = roleFrom(b.role, b.isAdmin, current.role);
  const input: MemberInput = {
    name: b.name !== undefined ? cleanName(b.name) : current.name,
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
  return input;
}

/** Whether an edit could take an active Admin away (such edits run one at a time). */
export function mayRemoveAnAdmin(b: UpdateMemberBody): boolean {
  return b.role !== undefined || b.isAdmin !== undefined || b.status !== undefined;
}

/** An Admin keeps their own account active and Admin (409). */
export function checkSelfEdit(id: string, adminId: string, input: MemberInput): void {
  if (id === adminId && input.status !== 'active') throw conflict('You cannot deactivate your own account');
  if (id === adminId && input.role !== 'Admin') throw conflict('You cannot remove your own Admin role');
}

/** Whether saving `input` would leave the stored member as it is. */
export function sameMember(current: Member, input: MemberInput): boolean {
  const { name, email, phoneNumber, status, role, notes, permissions } = current;
  // Node's deep equality ignores key order, as stored (jsonb) permissions come back reordered.
  return isDeepStrictEqual({ name, email, phoneNumber, status, role, notes, permissions }, input);
}

/** Whether the edit takes an active Admin away (then one must remain). */
export function losesAnAdmin(current: Member, input: MemberInput): boolean {
  return (
    current.role === 'Admin' &&
    current.status === 'active' &&
    (input.role !== 'Admin' || input.status !== 'active')
  );
}

/** Whether the edit deactivates the member (their sessions end). */
export function deactivates(current: Member, input: MemberInput): boolean {
  return input.status === 'inactive' && current.status === 'active';
}

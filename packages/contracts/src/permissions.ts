/**
 * Roles, module permissions and project scope (SPEC §3 "Permission modules", §5 "Permission editor",
 * §6). Used by every service to authorise and by the front end to hide what a member may not use.
 */
export const ROLES = ['Admin', 'Purchaser', 'Accountant', 'Employee'] as const;
export type Role = (typeof ROLES)[number];

export const MODULES = {
  indent: {
    label: 'Indent',
    subModules: { list: 'Indent List', create: 'Create Indent', compare: 'Compare', approval: 'Approval' },
  },
  po: { label: 'Purchase Orders', subModules: { list: 'PO List', open: 'Open POs' } },
  items: { label: 'Items', subModules: { list: 'Item List', add: 'Add Item' } },
  vendors: {
    label: 'Vendors',
    subModules: { list: 'Vendor List', create: 'Create Vendor', accounts: 'Accounts' },
  },
  team: {
    label: 'Team and Project',
    subModules: {
      teamList: 'Team List',
      addMember: 'Add Member',
      projectList: 'Project List',
      addProject: 'Add Project',
      boqList: 'BOQ List',
      addBoq: 'Add BOQ',
    },
  },
} as const;

export type ModuleKey = keyof typeof MODULES;
export type SubModuleKey<M extends ModuleKey = ModuleKey> = M extends ModuleKey
  ? keyof (typeof MODULES)[M]['subModules'] & string
  : never;
export const MODULE_KEYS = Object.keys(MODULES) as ModuleKey[];

export function subModuleKeys<M extends ModuleKey>(module: M): SubModuleKey<M>[] {
  return Object.keys(MODULES[module].subModules) as SubModuleKey<M>[];
}

export interface Access {
  read: boolean;
  write: boolean;
}
export interface ModulePermission extends Access {
  subModules: Record<string, Access>;
}
export type ModulePermissions = Record<ModuleKey, ModulePermission>;
export interface Permissions {
  allProjects: boolean;
  projects: string[];
  modules: ModulePermissions;
}

export type AccessLevel = 'read' | 'write';

/** Write implies read; no read means no write (SPEC §5 "Permission editor"). */
export function coupleAccess(access: Access, changed: AccessLevel): Access {
  if (changed === 'write') return { read: access.read || access.write, write: access.write };
  return { read: access.read, write: access.read ? access.write : false };
}

function deriveModule(subModules: Record<string, Access>): ModulePermission {
  const values = Object.values(subModules);
  return { read: values.some((a) => a.read), write: values.some((a) => a.write), subModules };
}

function buildModules(pick: (module: ModuleKey, sub: string) => Access): ModulePermissions {
  const out = {} as ModulePermissions;
  for (const module of MODULE_KEYS) {
    const subs: Record<string, Access> = {};
    for (const sub of subModuleKeys(module)) subs[sub] = { ...pick(module, sub) };
    out[module] = deriveModule(subs);
  }
  return out;
}

export const clearAllModules = (): ModulePermissions => buildModules(() => ({ read: false, write: false }));
export const readOnlyModules = (): ModulePermissions => buildModules(() => ({ read: true, write: false }));
export const fullAccessModules = (): ModulePermissions => buildModules(() => ({ read: true, write: true }));

/** Loose input as a client may send it: module-level flags, sub-module flags, or both. */
export interface ModulePermissionsInput {
  [module: string]:
    | { read?: boolean; write?: boolean; subModules?: Record<string, { read?: boolean; write?: boolean }> }
    | undefined;
}

/**
 * Bring any permission input to the canonical shape: every module and sub-module present, write
 * implies read, module flags derived from sub-modules. Module-level flags without sub-modules apply
 * to all of that module's sub-modules. Unknown modules are ignored.
 */
export function normalizeModules(input: ModulePermissionsInput | undefined | null): ModulePermissions {
  return buildModules((module, sub) => {
    const m = input?.[module];
    const s = m?.subModules?.[sub];
    const write = Boolean(s ? s.write : m?.write);
    const read = Boolean(s ? s.read : m?.read) || write;
    return { read, write };
  });
}

/** Set one sub-module (or a whole module when sub is omitted), keeping the read/write coupling. */
export function setAccess(
  modules: ModulePermissions,
  module: ModuleKey,
  sub: string | null,
  level: AccessLevel,
  value: boolean,
): ModulePermissions {
  const next = structuredClone(modules);
  const targets = sub ? [sub] : Object.keys(next[module].subModules);
  for (const key of targets) {
    const current = next[module].subModules[key];
    if (!current) continue;
    next[module].subModules[key] = coupleAccess({ ...current, [level]: value }, level);
  }
  next[module] = deriveModule(next[module].subModules);
  return next;
}

/** Permissions a new member of this role starts with (the Admin can change them). */
export function defaultModulesForRole(role: Role): ModulePermissions {
  const grants: Record<Role, Record<string, AccessLevel | undefined>> = {
    Admin: {},
    Purchaser: {
      'indent.list': 'read',
      'indent.compare': 'write',
      'po.list': 'read',
      'po.open': 'read',
      'items.list': 'write',
      'items.add': 'write',
      'vendors.list': 'write',
      'vendors.create': 'write',
      'vendors.accounts': 'read',
      'team.teamList': 'read',
      'team.projectList': 'read',
      'team.boqList': 'read',
    },
    Accountant: {
      'indent.list': 'read',
      'po.list': 'read',
      'po.open': 'read',
      'items.list': 'read',
      'vendors.list': 'read',
      'vendors.accounts': 'write',
      'team.projectList': 'read',
    },
    Employee: {
      'indent.list': 'write',
      'indent.create': 'write',
      'po.list': 'read',
      'po.open': 'write',
      'items.list': 'read',
      'team.projectList': 'read',
      'team.boqList': 'write',
      'team.addBoq': 'write',
    },
  };
  if (role === 'Admin') return fullAccessModules();
  const grant = grants[role];
  return buildModules((module, sub) => {
    const level = grant[`${module}.${sub}`];
    return { read: level !== undefined, write: level === 'write' };
  });
}

/** What a signed-in member may do: the shape every service's auth context carries. */
export interface MemberAccess {
  memberId: string;
  name: string;
  role: Role;
  status: 'active' | 'inactive';
  permissions: Permissions;
}

export function isAdmin(access: Pick<MemberAccess, 'role'>): boolean {
  return access.role === 'Admin';
}

/** Read or write on a module (any of its sub-modules) or on one sub-module. Admins may do everything. */
export function can(
  access: Pick<MemberAccess, 'role' | 'permissions'>,
  module: ModuleKey,
  sub: string | null,
  level: AccessLevel,
): boolean {
  if (isAdmin(access)) return true;
  const m = access.permissions.modules[module];
  if (!m) return false;
  const a = sub ? m.subModules[sub] : m;
  return Boolean(a?.[level]);
}

/** Only Employees are scoped to a list of projects; every other role sees all projects (SPEC §6). */
export function hasAllProjects(access: Pick<MemberAccess, 'role' | 'permissions'>): boolean {
  return access.role !== 'Employee' || access.permissions.allProjects;
}

export function canAccessProject(
  access: Pick<MemberAccess, 'role' | 'permissions'>,
  projectId: string,
): boolean {
  return hasAllProjects(access) || access.permissions.projects.includes(projectId);
}

/** Number of top-level modules with read or write (the "m" of "{n} Projects / {m} Menu"). */
export function countModulesWithAccess(modules: ModulePermissions): number {
  return MODULE_KEYS.filter((k) => modules[k]?.read || modules[k]?.write).length;
}

/** Access label of the team list (SPEC §6): 'Admin', else '{n} Projects / {m} Menu'. */
export function accessLabel(member: Pick<MemberAccess, 'role' | 'permissions'>): string {
  if (isAdmin(member)) return 'Admin';
  const m = countModulesWithAccess(member.permissions.modules);
  const projects = hasAllProjects(member) ? 'All Projects' : `${member.permissions.projects.length} Projects`;
  return `${projects} / ${m} Menu`;
}

export type BadgeVariant = 'default' | 'secondary' | 'outline';

/** Badge of the access label: 3 or more projects default, 1-2 secondary, none outline; all projects counts as many. */
export function accessBadgeVariant(member: Pick<MemberAccess, 'role' | 'permissions'>): BadgeVariant {
  if (isAdmin(member) || hasAllProjects(member)) return 'default';
  const n = member.permissions.projects.length;
  if (n >= 3) return 'default';
  if (n >= 1) return 'secondary';
  return 'outline';
}

/** Summary line of the member form: 'Access to N projects and M modules'. */
export function accessSummary(member: Pick<MemberAccess, 'role' | 'permissions'>): string {
  const m = isAdmin(member) ? MODULE_KEYS.length : countModulesWithAccess(member.permissions.modules);
  const n = hasAllProjects(member) ? 'all' : String(member.permissions.projects.length);
  return `Access to ${n} projects and ${m} modules`;
}

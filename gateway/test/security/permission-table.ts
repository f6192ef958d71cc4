/**
 * The permission table: SPEC §6 and the issues' role rules as one table (issue 27, item 7), the
 * oracle the route suite checks every /api/v1 route against. It is written from the spec's words
 * and the decisions that put them in the permission model's terms, never from the routes'
 * declarations: a route missing here, or whose behaviour or declaration disagrees, fails the suite.
 *
 * Each row says, for one route:
 * - `roles`: which of the four roles, each with its role's default permissions, gets through (the
 *   spec speaks in roles: "Add Payment: Admin and Accountant");
 * - `needs`: what any member needs in the permission editor's terms (SPEC §3 "Permission modules",
 *   §6 "Admin assigns per member … read/write per module"): roles allowed at all, and module
 *   permissions, all of `all` and one of `any`. An Admin passes every module check (decision 0002);
 * - `scope`: the record the path names belongs to a project, and an Employee outside that project is
 *   answered 404, as for a record that does not exist (SPEC §6, decisions 0015, 0016, 0020, 0022);
 * - `inHandler`: why the route's declaration (`config.access`) cannot say the whole rule, and the
 *   handler makes the rest of the check;
 * - `source`: where the rule comes from.
 */
import { existsSync, readdirSync } from 'node:fs';
import type { AccessLevel, ModuleKey, Role } from '@erp/contracts';

export interface Perm {
  module: ModuleKey;
  sub: string;
  level: AccessLevel;
}

export interface MemberNeeds {
  /** The only roles that may call it (an Admin is always one of them); absent: any role. */
  roles?: readonly Role[];
  /** Module permissions the member must all hold. */
  all?: readonly Perm[];
  /** Module permissions of which the member must hold one. */
  any?: readonly Perm[];
}

export type Needs = 'public' | 'signed-in' | MemberNeeds;

/** What a path parameter names: a member of an Employee's projects reaches it, others get 404. */
export type Scope = 'project' | 'boq' | 'indent' | 'po';

export interface PermissionRow {
  roles: readonly Role[];
  needs: Needs;
  scope?: Scope;
  inHandler?: string;
  source: string;
}

export const ROLES_ALL: readonly Role[] = ['Admin', 'Purchaser', 'Accountant', 'Employee'];

const read = (module: ModuleKey, sub: string): Perm => ({ module, sub, level: 'read' });
const write = (module: ModuleKey, sub: string): Perm => ({ module, sub, level: 'write' });

const publicRow = (source: string): PermissionRow => ({ roles: ROLES_ALL, needs: 'public', source });
const everyone = (source: string, scope?: Scope): PermissionRow => ({
  roles: ROLES_ALL,
  needs: 'signed-in',
  source,
  ...(scope ? { scope } : {}),
});
const one = (perm: Perm, roles: readonly Role[], source: string, scope?: Scope): PermissionRow => ({
  roles,
  needs: { all: [perm] },
  source,
  ...(scope ? { scope } : {}),
});
const adminOnly = (source: string, inHandler?: string): PermissionRow => ({
  roles: ['Admin'],
  needs: { roles: ['Admin'] },
  source,
  ...(inHandler ? { inHandler } : {}),
});

// The rules, by module. Where the spec names roles, `roles` says them; where it does not, the row
// cites the decision that granted the module by role default (decision 0002).
const SIGN_IN = 'SPEC §2 "Sign-in", §7: every call but sign-in carries the bearer token';
const DASHBOARD =
  'SPEC §2 "Dashboard", §6 "only two access levels … signed in and not"; decisions 0002, 0033: every signed-in member sees the counts (those of modules they cannot read are 0)';
const TEAM_READ = 'SPEC §6 "Team list: view details for Admin and Purchaser"; decision 0002';
const TEAM_WRITE =
  'SPEC §1 "Admin … manages team and permissions", §6 "Add First Member shown only to Admin"; decisions 0002, 0044';
const ONLY_ADMINS_SAY = "requireAdmin in the handler, in the words 'Only an Admin can manage team members'";
const PROJECTS_READ =
  'SPEC §6 "Only Employees can be assigned to projects; Purchasers, Admins and Accountants have access to all projects", §7 notes (the indent and BOQ forms pick projects); decisions 0015, 0044';
const PROJECTS_WRITE =
  'SPEC §1 "Admin … manages team", §3 Team: Add Project; decision 0002 (no other role has it)';
const BOQ_READ =
  'SPEC §1 "Employee … builds BOQs", §3 Team: BOQ List; decisions 0002 (Purchaser reads, Accountant has none), 0016 (a BOQ is its project’s)';
const BOQ_WRITE = 'SPEC §1 "Employee … builds BOQs", §6 canCreateBoQ/canEditBoQ; decisions 0002, 0016';
const ITEMS_READ = 'SPEC §3 Items: Item List; decision 0002 (every role reads the item master)';
const ITEMS_WRITE =
  'SPEC §1 "Purchaser (maintains the item master)", §6 canManageItems, "Purchaser maintains the item master"; decision 0002';
const VENDORS_READ = 'SPEC §6 canViewVendors; §3 Vendors: Vendor List; decision 0002 (Employees have none)';
const VENDORS_WRITE =
  'SPEC §1 "Purchaser … compares and chooses vendors", §6 canCreateVendors; decision 0002';
const LEDGER_READ =
  'SPEC §6 "Vendor ledger list and detail: visible to Purchaser, Admin, Accountant"; decision 0025';
const PAYMENTS = 'SPEC §6 "Add Payment: Admin and Accountant"; decision 0025';
const CREDIT_NOTES = 'SPEC §6 "Add Credit Note: Purchaser and Admin"; decision 0025';
const OVERBILLING = 'SPEC §6 "Admin approves"; decision 0025 (overbilling decisions: an Admin)';
const INDENT_READ =
  'SPEC §1 main flow, §3 Indent: Indent List; decisions 0002, 0020 (an Employee: their projects)';
const INDENT_CREATE =
  'SPEC §1 "Employee … builds BOQs and indents", "a site user raises an indent"; decisions 0002, 0020';
const COMPARE =
  'SPEC §1 "Purchaser … compares and chooses vendors", §6 canCompareSelect; decision 0020 (Compare write and the Purchaser or Admin role)';
const APPROVAL =
  'SPEC §1 "Admin (approves, locks unit prices)", §6 "Admin approves and locks unit prices"; decision 0020 (Approval write and the Admin role)';
const ROLE_IN_HANDLER =
  'the role is checked in the handler (requireRole): a declaration names one permission';
const PO_READ =
  'SPEC §3 PO: PO List, Open POs; decisions 0022, 0023 (PO List read or Open POs read; Closed POs need PO List), issue 26 (the list’s rule on every PO route)';
const PO_READ_IN_HANDLER = 'requirePoRead in the handler: PO List read or Open POs read';
const RECEIVE =
  'SPEC §1 "employees … record receipts for assigned projects", §6 canRecordGRN; decisions 0002, 0022 (Open POs write)';

const compareOrApprovalRead: MemberNeeds = {
  any: [read('indent', 'compare'), read('indent', 'approval')],
};
const poRead: MemberNeeds = { any: [read('po', 'list'), read('po', 'open')] };
const approval: MemberNeeds = { roles: ['Admin'], all: [write('indent', 'approval')] };

/** Keyed "METHOD /api/v1/path" as Fastify's route table writes it. */
const SPEC_ROWS: Record<string, PermissionRow> = {
  // Sign-in and the session (SPEC §2 "Sign-in", §4 "Authentication").
  'POST /api/v1/auth/sendOtp': publicRow(SIGN_IN),
  'POST /api/v1/auth/verifyOtp': publicRow(SIGN_IN),
  'GET /api/v1/auth/jwks': publicRow('ARCHITECTURE §7: auth publishes its public keys'),
  'GET /api/v1/dev/sms': publicRow(
    'the development SMS outbox (issue 30 "GET /dev/sms"), answered on the machine itself only (its handler)',
  ),
  'POST /api/v1/auth/logout': everyone('SPEC §4 "Logout clears the user"'),
  'GET /api/v1/auth/me': everyone('SPEC §2 "Header user menu shows the stored user name"'),

  // The dashboard and its counts.
  'GET /api/v1/dashboard': everyone(DASHBOARD),
  'GET /api/v1/auth/stats': everyone(DASHBOARD),
  'GET /api/v1/vendors/stats': everyone(DASHBOARD),
  'GET /api/v1/indent/stats': everyone(DASHBOARD),
  'GET /api/v1/po/stats': everyone(DASHBOARD),
  'GET /api/v1/boq/stats': everyone(DASHBOARD),
  'GET /api/v1/items/stats': one(
    read('items', 'list'),
    ROLES_ALL,
    'SPEC §2 "Dashboard" Items card; decision 0033 (a card names the sub-module it needs: Items › Item List)',
  ),

  // Team (SPEC §2 "Team", §6).
  'GET /api/v1/auth/teamList': one(read('team', 'teamList'), ['Admin', 'Purchaser'], TEAM_READ),
  'GET /api/v1/auth/details/:id': one(read('team', 'teamList'), ['Admin', 'Purchaser'], TEAM_READ),
  'POST /api/v1/auth/createTeam': adminOnly(TEAM_WRITE, ONLY_ADMINS_SAY),
  'PATCH /api/v1/auth/:id': adminOnly(TEAM_WRITE, ONLY_ADMINS_SAY),

  // Projects (SPEC §2 "Projects", §6).
  'GET /api/v1/project': everyone(PROJECTS_READ),
  'GET /api/v1/project/nextCode': everyone(PROJECTS_READ),
  'GET /api/v1/project/:id': everyone(PROJECTS_READ, 'project'),
  'POST /api/v1/project': one(write('team', 'addProject'), ['Admin'], PROJECTS_WRITE),
  'PATCH /api/v1/project/:id': {
    roles: ['Admin'],
    needs: { any: [write('team', 'projectList'), write('team', 'addProject')] },
    scope: 'project',
    inHandler: 'requireEdit in the handler: Project List write or Add Project write',
    source: PROJECTS_WRITE,
  },

  // BOQs (SPEC §2 "BOQ").
  'GET /api/v1/boq/all': one(read('team', 'boqList'), ['Admin', 'Purchaser', 'Employee'], BOQ_READ),
  'GET /api/v1/boq/:id': one(read('team', 'boqList'), ['Admin', 'Purchaser', 'Employee'], BOQ_READ, 'boq'),
  'GET /api/v1/boq/items/:id': one(
    read('team', 'boqList'),
    ['Admin', 'Purchaser', 'Employee'],
    BOQ_READ,
    'boq',
  ),
  'GET /api/v1/boq/:id/export': one(
    read('team', 'boqList'),
    ['Admin', 'Purchaser', 'Employee'],
    BOQ_READ,
    'boq',
  ),
  'POST /api/v1/boq': one(write('team', 'addBoq'), ['Admin', 'Employee'], BOQ_WRITE),
  'POST /api/v1/boq/import': one(write('team', 'addBoq'), ['Admin', 'Employee'], BOQ_WRITE),
  'PUT /api/v1/boq/:id': one(write('team', 'addBoq'), ['Admin', 'Employee'], BOQ_WRITE, 'boq'),
  'DELETE /api/v1/boq/:id': one(write('team', 'addBoq'), ['Admin', 'Employee'], BOQ_WRITE, 'boq'),
  'POST /api/v1/boq/:id/revise': one(write('team', 'addBoq'), ['Admin', 'Employee'], BOQ_WRITE, 'boq'),

  // Items (SPEC §2 "Items").
  'GET /api/v1/items/all': one(read('items', 'list'), ROLES_ALL, ITEMS_READ),
  'GET /api/v1/items/:id': one(read('items', 'list'), ROLES_ALL, ITEMS_READ),
  'GET /api/v1/items/:id/priceHistory': one(read('items', 'list'), ROLES_ALL, ITEMS_READ),
  'GET /api/v1/items/export': one(read('items', 'list'), ROLES_ALL, ITEMS_READ),
  'GET /api/v1/items/vendor/:vendorId': one(read('items', 'list'), ROLES_ALL, ITEMS_READ),
  'POST /api/v1/items': one(write('items', 'add'), ['Admin', 'Purchaser'], ITEMS_WRITE),
  'PATCH /api/v1/items/:id': one(write('items', 'add'), ['Admin', 'Purchaser'], ITEMS_WRITE),
  'PATCH /api/v1/items/:id/vendors/:vendorId': one(
    write('items', 'add'),
    ['Admin', 'Purchaser'],
    ITEMS_WRITE,
  ),
  'DELETE /api/v1/items/:id/vendors/:vendorId': one(
    write('items', 'add'),
    ['Admin', 'Purchaser'],
    ITEMS_WRITE,
  ),
  'POST /api/v1/items/import': one(write('items', 'add'), ['Admin', 'Purchaser'], ITEMS_WRITE),
  // A member other than an Admin sees their own import jobs only (404 for another's).
  'GET /api/v1/items/import/:jobId': one(write('items', 'add'), ['Admin', 'Purchaser'], ITEMS_WRITE),

  // Vendors (SPEC §2 "Vendors").
  'GET /api/v1/vendors/all': one(read('vendors', 'list'), ['Admin', 'Purchaser', 'Accountant'], VENDORS_READ),
  'GET /api/v1/vendors/details/:id': one(
    read('vendors', 'list'),
    ['Admin', 'Purchaser', 'Accountant'],
    VENDORS_READ,
  ),
  'POST /api/v1/vendors': one(write('vendors', 'create'), ['Admin', 'Purchaser'], VENDORS_WRITE),
  'PATCH /api/v1/vendors/details/:id': one(write('vendors', 'list'), ['Admin', 'Purchaser'], VENDORS_WRITE),

  // Vendor account ledgers (SPEC §2 "Vendor ledger list/detail", §6).
  'GET /api/v1/vendorTransaction': one(
    read('vendors', 'accounts'),
    ['Admin', 'Purchaser', 'Accountant'],
    LEDGER_READ,
  ),
  'GET /api/v1/vendorTransaction/:id': one(
    read('vendors', 'accounts'),
    ['Admin', 'Purchaser', 'Accountant'],
    LEDGER_READ,
  ),
  'GET /api/v1/vendorTransaction/:id/statement': one(
    read('vendors', 'accounts'),
    ['Admin', 'Purchaser', 'Accountant'],
    LEDGER_READ,
  ),
  'GET /api/v1/vendorTransaction/overbilling': one(
    read('vendors', 'accounts'),
    ['Admin', 'Purchaser', 'Accountant'],
    LEDGER_READ,
  ),
  'POST /api/v1/vendorTransaction/:id/payments': one(
    write('vendors', 'accounts'),
    ['Admin', 'Accountant'],
    PAYMENTS,
  ),
  'POST /api/v1/vendorTransaction/:id/credit-notes': {
    roles: ['Admin', 'Purchaser'],
    needs: { all: [write('vendors', 'list'), read('vendors', 'accounts')] },
    inHandler: 'the second permission (Accounts read) is checked in the handler (mayAddCreditNotes)',
    source: CREDIT_NOTES,
  },
  // Who may reverse depends on the entry: the rows of REVERSALS below; the declaration is the ledger's read.
  'POST /api/v1/vendorTransaction/:id/entries/:entryId/reverse': {
    roles: ['Admin', 'Purchaser', 'Accountant'],
    needs: { all: [read('vendors', 'accounts')] },
    inHandler: 'by the reversed entry (REVERSALS): a payment’s as payments, a credit note’s as credit notes',
    source: 'decision 0025 ("a reversal: what adding the reversed entry needs")',
  },
  'POST /api/v1/vendorTransaction/overbilling/:id/approve': adminOnly(OVERBILLING),
  'POST /api/v1/vendorTransaction/overbilling/:id/reject': adminOnly(OVERBILLING),

  // Indents (SPEC §2 "Indent …", §4, §5).
  'GET /api/v1/indent': one(read('indent', 'list'), ROLES_ALL, INDENT_READ),
  'GET /api/v1/indent/:id': one(read('indent', 'list'), ROLES_ALL, INDENT_READ, 'indent'),
  'POST /api/v1/indent': one(write('indent', 'create'), ['Admin', 'Employee'], INDENT_CREATE),
  'PUT /api/v1/indent/:id': one(write('indent', 'create'), ['Admin', 'Employee'], INDENT_CREATE, 'indent'),
  'GET /api/v1/indent/compare/:id': {
    roles: ['Admin', 'Purchaser'],
    needs: compareOrApprovalRead,
    scope: 'indent',
    inHandler: 'checked in the handler: Compare read or Approval read (the approval review reads it too)',
    source: `${COMPARE}; decision 0020 ("the approval review reads GET /indent/compare/{id}")`,
  },
  'POST /api/v1/indent/compare/:id': {
    roles: ['Admin', 'Purchaser'],
    needs: { roles: ['Admin', 'Purchaser'], all: [write('indent', 'compare')] },
    scope: 'indent',
    inHandler: ROLE_IN_HANDLER,
    source: COMPARE,
  },
  'POST /api/v1/indent/approval/:id': {
    roles: ['Admin'],
    needs: approval,
    scope: 'indent',
    inHandler: ROLE_IN_HANDLER,
    source: APPROVAL,
  },
  'POST /api/v1/indent/rework/:id': {
    roles: ['Admin'],
    needs: approval,
    scope: 'indent',
    inHandler: ROLE_IN_HANDLER,
    source: `${APPROVAL}; decision 0020 ("Send back … Admin only")`,
  },
  'PUT /api/v1/indent/fleet/:id': {
    roles: ['Admin'],
    needs: approval,
    scope: 'indent',
    inHandler: ROLE_IN_HANDLER,
    source: `${APPROVAL}; decision 0020 ("fleet costs an Admin")`,
  },

  // Purchase orders and goods receipts (SPEC §2 "PO …", "Goods receipt").
  'GET /api/v1/po': { roles: ROLES_ALL, needs: poRead, inHandler: PO_READ_IN_HANDLER, source: PO_READ },
  'GET /api/v1/po/:id': {
    roles: ROLES_ALL,
    needs: poRead,
    scope: 'po',
    inHandler: PO_READ_IN_HANDLER,
    source: PO_READ,
  },
  'GET /api/v1/po/:id/pdf': {
    roles: ROLES_ALL,
    needs: poRead,
    scope: 'po',
    inHandler: PO_READ_IN_HANDLER,
    source: PO_READ,
  },
  'GET /api/v1/po/:id/photos/:photoId': {
    roles: ROLES_ALL,
    needs: poRead,
    scope: 'po',
    inHandler: PO_READ_IN_HANDLER,
    source: `${PO_READ}; decision 0022 (a photo is served to those who may see its PO)`,
  },
  'POST /api/v1/poReceipt': one(write('po', 'open'), ['Admin', 'Employee'], RECEIVE),
  'POST /api/v1/po/:id/photos': one(write('po', 'open'), ['Admin', 'Employee'], RECEIVE, 'po'),
  'POST /api/v1/po/:id/short-close': {
    roles: ['Admin'],
    needs: { roles: ['Admin'], all: [write('po', 'list')] },
    scope: 'po',
    inHandler: 'the Admin role is checked in the handler',
    source: 'decision 0022 ("An Admin (PO List write and the Admin role) may close a PO")',
  },
};

/**
 * The rows of the modules added with `npm run new:module` since (`./modules/<name>.ts`, each written
 * from its module's issue): a new module brings its rows without a line in this file.
 */
const MODULES_DIR = new URL('./modules/', import.meta.url);
const moduleRows: Record<string, PermissionRow>[] = existsSync(MODULES_DIR)
  ? await Promise.all(
      readdirSync(MODULES_DIR)
        .filter((f) => f.endsWith('.ts'))
        .map(
          async (f) =>
            ((await import(new URL(f, MODULES_DIR).href)) as { PERMISSIONS: Record<string, PermissionRow> })
              .PERMISSIONS,
        ),
    )
  : [];

export const PERMISSION_TABLE: Record<string, PermissionRow> = Object.assign({}, SPEC_ROWS, ...moduleRows);

/**
 * Who may reverse a ledger entry, by the entry's kind (decision 0025: what adding it needs). The
 * suite reverses a real payment and a real credit note of the fixture vendor as each role.
 */
export const REVERSALS: Record<'Payment' | 'Credit Note', { roles: readonly Role[]; source: string }> = {
  Payment: { roles: ['Admin', 'Accountant'], source: PAYMENTS },
  'Credit Note': { roles: ['Admin', 'Purchaser'], source: CREDIT_NOTES },
};

/** A member's module permissions as stored: module → sub-module → {read, write}. */
export type ModuleGrants = Record<string, { subModules: Record<string, { read: boolean; write: boolean }> }>;

const holds = (modules: ModuleGrants, p: Perm) => Boolean(modules[p.module]?.subModules[p.sub]?.[p.level]);

/** Whether a member of this role with these permissions meets the row's needs (written here, apart from the services' `can`). */
export function meets(needs: Needs, role: Role, modules: ModuleGrants): boolean {
  if (needs === 'public' || needs === 'signed-in') return true;
  if (role === 'Admin') return true;
  if (needs.roles && !needs.roles.includes(role)) return false;
  if (needs.all && !needs.all.every((p) => holds(modules, p))) return false;
  return !needs.any || needs.any.some((p) => holds(modules, p));
}

/** A route's access declaration (RouteAccess of service-kit), as the table compares it. */
export type Declared =
  'public' | 'signed-in' | 'admin' | { module: string; sub?: string; level: AccessLevel };

const samePerm = (d: Declared, p: Perm) =>
  typeof d === 'object' && d.module === p.module && d.sub === p.sub && d.level === p.level;

/** The one declaration that says the whole rule, or undefined when the rule needs the handler. */
export function exactDeclaration(needs: Needs): Declared | undefined {
  if (needs === 'public' || needs === 'signed-in') return needs;
  const { roles, all = [], any = [] } = needs;
  const adminOnlyRule = roles?.length === 1 && roles[0] === 'Admin';
  if (adminOnlyRule && all.length === 0 && any.length === 0) return 'admin';
  if (!roles && all.length === 1 && any.length === 0) return { ...all[0]! };
  return undefined;
}

/**
 * Whether a route's declaration agrees with its row. Without `inHandler` it must be the rule itself.
 * With it, the declaration is the first gate of a check the handler completes, so it must let through
 * everyone the rule lets through: signed-in, a permission the rule requires of all, or 'admin' for an
 * Admin-only rule. (Undeclared is the kit's default, signed-in.)
 */
export function declarationProblem(declared: Declared | undefined, row: PermissionRow): string | undefined {
  const d = declared ?? 'signed-in';
  const exact = exactDeclaration(row.needs);
  const show = (x: Declared | undefined) => JSON.stringify(x ?? 'signed-in (undeclared)');
  if (!row.inHandler) {
    if (exact === undefined)
      return 'the table’s rule needs a check in the handler, but the row gives no inHandler';
    return JSON.stringify(d) === JSON.stringify(exact)
      ? undefined
      : `declares ${show(declared)}, the table says ${JSON.stringify(exact)}`;
  }
  const needs = row.needs;
  if (needs === 'public')
    return d === 'public' ? undefined : `declares ${show(declared)}, the table says public`;
  if (d === 'signed-in') return undefined;
  if (needs === 'signed-in') return `declares ${show(declared)}, the table says signed-in`;
  if (d === 'admin' && exactDeclaration({ roles: needs.roles ?? [] }) === 'admin') return undefined;
  if ((needs.all ?? []).some((p) => samePerm(d, p))) return undefined;
  return `declares ${show(declared)}, which refuses members the table lets through (${describeNeeds(needs)})`;
}

const describePerm = (p: Perm) => `${p.level} ${p.module}.${p.sub}`;

export function describeNeeds(needs: Needs): string {
  if (typeof needs === 'string') return needs;
  const parts = [
    ...(needs.roles ? [`role ${needs.roles.join('/')}`] : []),
    ...(needs.all ?? []).map(describePerm),
    ...(needs.any ? [`(${needs.any.map(describePerm).join(' or ')})`] : []),
  ];
  return parts.join(' + ');
}

/** The member form's values and how they map to and from the API (SPEC §3 "Team member", §5 "Team form"). */
import {
  CreateMemberBody,
  defaultModulesForRole,
  normalizeModules,
  sanitizePersonName,
  UpdateMemberBody,
  type Member,
  type ModulePermissions,
  type Role,
} from '@erp/contracts';
import { formContract, type ConflictField, type FormProblem } from '@erp/ui/remote-form';

export interface MemberFormValues {
  name: string;
  email: string;
  phoneNumber: string;
  notes: string;
  role: Role;
  status: Member['status'];
  allProjects: boolean;
  projects: string[];
  modules: ModulePermissions;
}

const DEFAULT_ROLE: Role = 'Employee';

export function emptyMemberValues(): MemberFormValues {
  return {
    name: '',
    email: '',
    phoneNumber: '',
    notes: '',
    role: DEFAULT_ROLE,
    status: 'active',
    // A new Employee sees no project until the Admin chooses some (SPEC §6: Employees see the projects assigned to them).
    allProjects: false,
    projects: [],
    modules: defaultModulesForRole(DEFAULT_ROLE),
  };
}

export function memberToValues(member: Member): MemberFormValues {
  return {
    name: member.name,
    email: member.email,
    phoneNumber: member.phoneNumber,
    notes: member.notes,
    role: member.role,
    status: member.status,
    allProjects: member.role !== 'Employee' || member.permissions.allProjects,
    projects: member.permissions.projects,
    modules: normalizeModules(member.permissions.modules),
  };
}

/** What the API takes; only Employees keep a project list (SPEC §6). */
export function valuesToBody(values: MemberFormValues): CreateMemberBody {
  const employee = values.role === 'Employee';
  const allProjects = !employee || values.allProjects;
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phoneNumber: values.phoneNumber,
    status: values.status,
    notes: values.notes.trim(),
    role: values.role,
    isAdmin: values.role === 'Admin',
    permissions: { allProjects, projects: allProjects ? [] : values.projects, modules: values.modules },
  };
}

/** Save stays disabled until these are filled (SPEC §5). */
export function hasRequiredFields(values: MemberFormValues): boolean {
  return [values.name, values.email, values.phoneNumber, values.status].every((v) => v.trim() !== '');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What the auth service checks in code (checkMember in services/auth/src/routes/team.ts), in its
 * words; the schema (CreateMemberBody) says the rest: the name's letters (decision 0010), the
 * 10-digit mobile, the role and status.
 */
export function memberRules(values: MemberFormValues): FormProblem[] {
  const problems: FormProblem[] = [];
  if (values.name.trim().length < 2)
    problems.push({ field: 'name', message: 'Name must be at least 2 characters' });
  if (!EMAIL.test(values.email.trim()))
    problems.push({ field: 'email', message: 'Please enter a valid email address' });
  return problems;
}

/** A problem in the body's permissions shows on the part of the form that sets it. */
function memberField(bodyPath: string): string {
  if (bodyPath === 'isAdmin') return 'role';
  const [, part] = /^permissions\.(allProjects|projects|modules)/.exec(bodyPath) ?? [];
  return part ?? bodyPath;
}

/** The member form's check: the auth service's body schema (create, or edit with a version) and its rules. */
export const memberContract = {
  create: formContract({
    schema: CreateMemberBody,
    toBody: valuesToBody,
    fieldOf: memberField,
    rules: memberRules,
  }),
  update: formContract({
    schema: UpdateMemberBody,
    toBody: valuesToBody,
    fieldOf: memberField,
    rules: memberRules,
  }),
};

/** SPEC §5 "Team form": a destructive toast titled 'Validation Error' with the first problem. */
export const memberProblemToast = (problem: FormProblem) => ({
  title: 'Validation Error',
  description: problem.message,
});

/** The auth service's 409s about one field: a mobile number or an email another member has. */
export function memberConflict(message: string): ConflictField<MemberFormValues> | undefined {
  if (/mobile number/i.test(message))
    return { field: 'phoneNumber', advice: 'enter a different mobile number, then save again' };
  if (/email/i.test(message)) return { field: 'email', advice: 'enter a different email, then save again' };
  return undefined;
}

/**
 * Name keeps letters of any script with their marks, spaces, '.', apostrophes and '-' (decision
 * 0010: SPEC §5's "letters and spaces only" emptied names written in Devanagari or Kannada).
 */
export const sanitizeName = sanitizePersonName;

/** A role's own permissions: its default modules and, for an Employee, no project chosen yet. */
export function roleDefaults(role: Role): Pick<MemberFormValues, 'allProjects' | 'projects' | 'modules'> {
  return { allProjects: role !== 'Employee', projects: [], modules: defaultModulesForRole(role) };
}

/** Whether the form's permissions differ from its role's defaults: what a change of role would lose. */
export function hasCustomPermissions(values: MemberFormValues): boolean {
  if (values.role === 'Admin') return false;
  const defaults = roleDefaults(values.role);
  return (
    JSON.stringify(normalizeModules(values.modules)) !== JSON.stringify(defaults.modules) ||
    values.allProjects !== defaults.allProjects ||
    values.projects.length > 0
  );
}

/** The values with another role and that role's default permissions (after the Admin has agreed to the reset). */
export function withRole(values: MemberFormValues, role: Role): MemberFormValues {
  return { ...values, role, ...roleDefaults(role) };
}

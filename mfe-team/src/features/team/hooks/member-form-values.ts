/** The member form's values and how they map to and from the API (SPEC §3 "Team member", §5 "Team form"). */
import {
  defaultModulesForRole,
  isValidPhone,
  normalizeModules,
  type CreateMemberBody,
  type Member,
  type ModulePermissions,
  type Role,
} from '@erp/contracts';

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
    allProjects: true,
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

/** The first problem, in the spec's words, or null (checked when Save is pressed). */
export function validateMember(values: MemberFormValues): string | null {
  if (values.name.trim().length < 2) return 'Name must be at least 2 characters';
  if (!EMAIL.test(values.email.trim())) return 'Please enter a valid email address';
  if (!isValidPhone(values.phoneNumber)) return 'Enter a valid 10-digit mobile number';
  return null;
}

/** Name keeps letters and spaces only; phone keeps digits, at most 10 (SPEC §5). */
export const sanitizeName = (raw: string) => raw.replace(/[^A-Za-z ]+/g, '');

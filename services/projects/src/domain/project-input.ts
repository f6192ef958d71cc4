import { isDeepStrictEqual } from 'node:util';
import {
  PROJECT_CODE_PATTERN,
  PROJECT_CODE_RULE,
  START_AFTER_TARGET,
  type CreateProjectBody,
  type Project,
  type ProjectListQuery,
  type ProjectStatus,
  type UpdateProjectBody,
} from '@erp/contracts';
import { badRequest } from '@erp/service-kit';
import { toEmployee, type PendingChange, type ReplicaMember } from './project-team.js';

/** What the project form carries once trimmed and checked. */
export interface ProjectInput {
  projectCode: string;
  name: string;
  location: string;
  startDate: string;
  targetCompletionDate: string;
  status: ProjectStatus;
  notes: string;
}

/** A project as stored, before its team is added. */
export type StoredProject = Omit<Project, 'employees'> & {
  teamSequence: number;
  pendingTeam: PendingChange[];
};

export function toProject(p: StoredProject & { team: ReplicaMember[] }): Project {
  const { teamSequence: _s, pendingTeam: _p, team, ...rest } = p;
  return { ...rest, employees: team.map(toEmployee) };
}

/** The list's status filter: 'all' (or none) for every status, 'active' for the projects in progress. */
export function listStatus(status: ProjectListQuery['status']): ProjectStatus | null {
  if (!status || status === 'all') return null;
  return status === 'active' ? 'inProgress' : (status as ProjectStatus);
}

/** Project form rules of SPEC §5 ("Project form"), in the spec's words. */
const CODE = new RegExp(PROJECT_CODE_PATTERN);
const clean = (s: string) => s.trim().replace(/\s+/g, ' ');

function fromProject(p: StoredProject): ProjectInput {
  const { projectCode, name, location, startDate, targetCompletionDate, status, notes } = p;
  return { projectCode, name, location, startDate, targetCompletionDate, status, notes };
}

export function unchanged(current: StoredProject, input: ProjectInput): boolean {
  return isDeepStrictEqual(fromProject(current), input);
}

/** A real calendar date (the schema only checks its shape: 2026-02-30 is refused here). */
function isDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The input as stored: the body's fields over the current project's (edit is partial), trimmed. Throws 400. */
export function projectInput(
  body: CreateProjectBody | UpdateProjectBody,
  current?: StoredProject,
): ProjectInput {
  const b = body as UpdateProjectBody;
  const input: ProjectInput = {
    projectCode: (b.projectCode ?? current?.projectCode ?? '').trim(),
    name: clean(b.name ?? current?.name ?? ''),
    location: (b.location ?? current?.location ?? '').trim(),
    startDate: (b.startDate ?? current?.startDate ?? '').trim(),
    targetCompletionDate: (b.targetCompletionDate ?? current?.targetCompletionDate ?? '').trim(),
    status: b.status ?? current?.status ?? 'planning',
    notes: (b.notes ?? current?.notes ?? '').trim(),
  };
  if (!input.name) throw badRequest('Project name is required');
  if (!input.projectCode) throw badRequest('Project code is required');
  if (!CODE.test(input.projectCode)) throw badRequest(PROJECT_CODE_RULE);
  if (input.startDate && !isDate(input.startDate)) throw badRequest('Start date must be a date (YYYY-MM-DD)');
  if (input.targetCompletionDate && !isDate(input.targetCompletionDate))
    throw badRequest('Target completion date must be a date (YYYY-MM-DD)');
  if (input.startDate && input.targetCompletionDate && input.startDate > input.targetCompletionDate)
    throw badRequest(START_AFTER_TARGET);
  return input;
}

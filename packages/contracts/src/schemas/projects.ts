/**
 * Projects (SPEC §2 "Projects", §3 "Project", §5 "Project form"): the bodies and answers of the
 * projects service. Which Employees a project has is auth's fact (decision 0015): the project form's
 * `employees` asks auth to set it, and answers show what auth has recorded.
 */
import { Type, type Static } from 'typebox';
import { Actor, Paging, Uuid, ListPage } from './common.js';

export const PROJECT_STATUSES = ['planning', 'inProgress', 'onHold', 'completed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
/** Literals listed one by one: a mapped array would give TypeBox no tuple, and the static type would be never. */
const statusLiterals = () =>
  [
    Type.Literal('planning'),
    Type.Literal('inProgress'),
    Type.Literal('onHold'),
    Type.Literal('completed'),
  ] as const;
export const ProjectStatusSchema = Type.Union([...statusLiterals()]);
/** SPEC §4: planning is shown as 'Planned'. */
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planning: 'Planned',
  inProgress: 'In Progress',
  onHold: 'On Hold',
  completed: 'Completed',
};

/** PRJ-0001 upward; a code typed by the user may be any short code of letters, digits and dashes. */
export const PROJECT_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9-]{0,29}$';
export const PROJECT_CODE_RULE = 'Project code may use letters, digits and dashes (at most 30)';
/** A calendar date as the date inputs give it. */
export const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
export const START_AFTER_TARGET = 'Start date cannot be after target completion date';

/** An Employee assigned to the project, as the project screens show them. */
export const ProjectEmployee = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  status: Type.String(),
});
export type ProjectEmployee = Static<typeof ProjectEmployee>;

export const Project = Type.Object({
  _id: Type.String(),
  projectCode: Type.String({ description: 'PRJ-0001' }),
  name: Type.String(),
  location: Type.String(),
  /** YYYY-MM-DD, or '' when not set. */
  startDate: Type.String(),
  targetCompletionDate: Type.String(),
  status: ProjectStatusSchema,
  notes: Type.String(),
  employees: Type.Array(ProjectEmployee),
  /** How many BOQs the project has (the BOQ list is its own call). */
  boqCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  createdBy: Actor,
  version: Type.Integer(),
});
export type Project = Static<typeof Project>;

const optionalDate = (field: string) =>
  Type.Optional(
    Type.String({ pattern: `^$|${DATE_PATTERN}`, errorMessage: `${field} must be a date (YYYY-MM-DD)` }),
  );

const projectFields = {
  name: Type.String({ minLength: 1, maxLength: 200, errorMessage: 'Project name is required' }),
  projectCode: Type.String({ minLength: 1, maxLength: 30, errorMessage: 'Project code is required' }),
  location: Type.Optional(Type.String({ maxLength: 300 })),
  startDate: optionalDate('Start date'),
  targetCompletionDate: optionalDate('Target completion date'),
  status: Type.Optional(
    Type.Union([...statusLiterals()], {
      errorMessage: 'Status must be Planned, In Progress, On Hold or Completed',
    }),
  ),
  notes: Type.Optional(Type.String({ maxLength: 2000 })),
  /** The Employees assigned (SPEC §7: employees as a list of ids); only Employees can be assigned. */
  employees: Type.Optional(Type.Array(Uuid, { maxItems: 500 })),
};

export const CreateProjectBody = Type.Object(projectFields, { additionalProperties: false });
export type CreateProjectBody = Static<typeof CreateProjectBody>;

/** SPEC §7: PATCH sends the full form; `version` refuses a save over someone else's (409). */
export const UpdateProjectBody = Type.Object(
  {
    ...Type.Partial(Type.Object(projectFields)).properties,
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type UpdateProjectBody = Static<typeof UpdateProjectBody>;

/** status: a project status, 'active' (= inProgress, SPEC §2's chip), or all. */
export const ProjectListQuery = Type.Object({
  ...Paging,
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(
    Type.String({
      pattern: '^(all|active|planning|inProgress|onHold|completed|)$',
      errorMessage: 'Status must be all, planning, active, inProgress, onHold or completed',
    }),
  ),
});
export type ProjectListQuery = Static<typeof ProjectListQuery>;

export const ProjectListResponse = ListPage(Project);
export type ProjectListResponse = Static<typeof ProjectListResponse>;

export const ProjectResponse = Type.Object({ message: Type.String(), project: Project });
export type ProjectResponse = Static<typeof ProjectResponse>;

/** The next free code, suggested on the create form (editable). */
export const NextProjectCodeResponse = Type.Object({ projectCode: Type.String() });
export type NextProjectCodeResponse = Static<typeof NextProjectCodeResponse>;

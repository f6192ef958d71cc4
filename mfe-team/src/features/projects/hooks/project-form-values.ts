/** The project form's values and how they map to and from the API (SPEC §3 "Project", §5 "Project form"). */
import {
  CreateProjectBody,
  PROJECT_CODE_PATTERN,
  PROJECT_CODE_RULE,
  START_AFTER_TARGET,
  UpdateProjectBody,
  type Project,
  type ProjectEmployee,
  type ProjectStatus,
} from '@erp/contracts';
import { formContract, type ConflictField, type FormProblem } from '@erp/ui/remote-form';

/** In the order of the form's fields: the first problem in this order is the one toasted. */
export interface ProjectFormValues {
  name: string;
  projectCode: string;
  location: string;
  startDate: string;
  targetCompletionDate: string;
  status: ProjectStatus;
  notes: string;
  /** The Employees assigned, as the list on the form shows them; the body sends their ids. */
  employees: ProjectEmployee[];
}

export function emptyProjectValues(projectCode = ''): ProjectFormValues {
  return {
    name: '',
    projectCode,
    location: '',
    startDate: '',
    targetCompletionDate: '',
    status: 'planning',
    notes: '',
    employees: [],
  };
}

export function projectToValues(project: Project): ProjectFormValues {
  return {
    name: project.name,
    projectCode: project.projectCode,
    location: project.location,
    startDate: project.startDate,
    targetCompletionDate: project.targetCompletionDate,
    status: project.status,
    notes: project.notes,
    employees: project.employees.map(({ _id, name, email, status }) => ({ _id, name, email, status })),
  };
}

/** What the API takes (SPEC §7: the full form, employees as a list of ids). */
export function valuesToBody(values: ProjectFormValues): CreateProjectBody {
  return {
    name: values.name.trim(),
    projectCode: values.projectCode.trim(),
    location: values.location.trim(),
    startDate: values.startDate,
    targetCompletionDate: values.targetCompletionDate,
    status: values.status,
    notes: values.notes.trim(),
    employees: values.employees.map((e) => e._id),
  };
}

const CODE = new RegExp(PROJECT_CODE_PATTERN);

/**
 * What the schema cannot say: the dates' order (SPEC §5) and the code's letters, digits and dashes
 * (PROJECT_CODE_PATTERN, which the service checks in code), in the contracts' words.
 */
export function projectRules(values: ProjectFormValues): FormProblem[] {
  const problems: FormProblem[] = [];
  const code = values.projectCode.trim();
  if (code !== '' && !CODE.test(code)) problems.push({ field: 'projectCode', message: PROJECT_CODE_RULE });
  // A date field holds yyyy-mm-dd once what was typed is a date, else the text typed (decision 0038).
  const typed = (value: string) => value !== '' && !/^\d{4}-\d{2}-\d{2}/.test(value);
  if (typed(values.startDate))
    problems.push({ field: 'startDate', message: 'Enter the start date as dd-mm-yyyy' });
  if (typed(values.targetCompletionDate))
    problems.push({
      field: 'targetCompletionDate',
      message: 'Enter the target completion date as dd-mm-yyyy',
    });
  // YYYY-MM-DD compares as text.
  if (
    values.startDate &&
    values.targetCompletionDate &&
    !typed(values.startDate) &&
    !typed(values.targetCompletionDate) &&
    values.startDate > values.targetCompletionDate
  ) {
    problems.push({ field: 'startDate', message: START_AFTER_TARGET });
  }
  return problems;
}

/** A problem with one assigned Employee shows on the assignment card. */
const projectField = (bodyPath: string) => (bodyPath.startsWith('employees') ? 'employees' : bodyPath);

/** The project form's check: the projects service's body schema (create, or edit with a version) and its rules. */
export const projectContract = {
  create: formContract({
    schema: CreateProjectBody,
    toBody: valuesToBody,
    fieldOf: projectField,
    rules: projectRules,
  }),
  update: formContract({
    schema: UpdateProjectBody,
    toBody: valuesToBody,
    fieldOf: projectField,
    rules: projectRules,
  }),
};

/** SPEC §5 "Project form": only the first error, in a destructive toast titled 'Validation Error'. */
export const projectProblemToast = (problem: FormProblem) => ({
  title: 'Validation Error',
  description: problem.message,
});

/** The projects service's 409 about one field: a project code another project has. */
export function projectConflict(message: string): ConflictField<ProjectFormValues> | undefined {
  if (/code/i.test(message))
    return { field: 'projectCode', advice: 'enter a different project code, then save again' };
  return undefined;
}

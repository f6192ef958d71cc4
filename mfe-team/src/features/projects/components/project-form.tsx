import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type Project, type ProjectResponse } from '@erp/contracts';
import { Input, Select, Textarea, toast, useNavigate } from '@erp/ui';
import { DateInput, FormSection } from '@erp/ui/remote';
import { FormActions, FormField, FormShell, useFormKit } from '@erp/ui/remote-form';
import { useCreateProject, useUpdateProject } from '../api/save-project';
import {
  projectConflict,
  projectContract,
  projectProblemToast,
  projectToValues,
  valuesToBody,
  type ProjectFormValues,
} from '../hooks/project-form-values';
import { EmployeeAssignment } from './employee-assignment';

export type ProjectFormMode = 'add' | 'edit' | 'view';

export interface ProjectFormProps {
  mode: ProjectFormMode;
  project: Project | null;
  initial: ProjectFormValues;
  /** Admins change who is on the project; others save the project without touching its team. */
  canAssign: boolean;
  /** Fetches the project again (the stale-save banner's "Load latest version"). */
  reload?: () => Promise<{ data?: Project | undefined }>;
}

const LIST = '/team/projects';

/** The project form in its three modes (SPEC §2 "Project form"). */
export function ProjectForm({ mode, project, initial, canAssign, reload }: ProjectFormProps) {
  const navigate = useNavigate();
  const readOnly = mode === 'view';
  const create = useCreateProject();
  const update = useUpdateProject();
  const kit = useFormKit<ProjectFormValues, ProjectResponse, Project>({
    id: 'project',
    record: project,
    initial,
    contract: projectContract[mode === 'add' ? 'create' : 'update'],
    readOnly,
    problemToast: projectProblemToast,
    save: async (values, version) => {
      const { employees, ...fields } = valuesToBody(values);
      // Who is on the project is the Admin's to set (decision 0015); anyone else leaves it as it is.
      const body = canAssign ? { ...fields, employees } : fields;
      if (mode === 'add' || !project) return create.mutateAsync(body);
      return update.mutateAsync({ id: project._id, body: { ...body, version } });
    },
    onSaved: (result) => {
      toast({
        title: result.message,
        description: `${result.project.name} (${result.project.projectCode})`,
        variant: 'success',
      });
      void navigate(LIST);
    },
    conflictField: projectConflict,
    latest: project && reload ? { refetch: reload, toValues: projectToValues } : null,
  });

  const statusSelect = (
    <Select disabled={readOnly}>
      {PROJECT_STATUSES.map((status) => (
        <option key={status} value={status}>
          {PROJECT_STATUS_LABELS[status]}
        </option>
      ))}
    </Select>
  );

  return (
    <FormShell kit={kit} leaveDescription="You have unsaved changes. Are you sure you want to leave?">
      <FormSection
        title="Project Information"
        description="What the project is called, where it is and when it runs"
        grid
      >
        <FormField
          kit={kit}
          name="name"
          label="Project Name"
          required
          control={<Input placeholder="e.g. Skyline Residency, Pune" autoComplete="off" maxLength={200} />}
        />
        <FormField
          kit={kit}
          name="projectCode"
          label="Project Code"
          required
          hint={mode === 'add' ? 'The next free code is suggested; you may change it' : undefined}
          control={<Input placeholder="e.g. PRJ-0012" autoComplete="off" maxLength={30} />}
        />
        <FormField
          kit={kit}
          name="location"
          label="Location"
          className="span-2"
          control={<Input placeholder="e.g. Baner, Pune" autoComplete="off" maxLength={300} />}
        />
        <FormField
          kit={kit}
          name="startDate"
          label="Start Date"
          render={(p) => <DateInput {...p} value={String(p.value)} />}
        />
        <FormField
          kit={kit}
          name="targetCompletionDate"
          label="Target Completion Date"
          render={(p) => <DateInput {...p} value={String(p.value)} />}
        />
        <FormField kit={kit} name="status" label="Status" control={statusSelect} />
        <FormField
          kit={kit}
          name="notes"
          label="Notes"
          className="span-2"
          control={
            <Textarea
              placeholder={readOnly ? '' : 'Anything the team should know about this project'}
              maxLength={2000}
            />
          }
        />
      </FormSection>
      <EmployeeAssignment kit={kit} canAssign={canAssign} />
      <FormActions
        kit={kit}
        onCancel={() => void navigate(LIST)}
        saveLabel="Save & Close"
        backLabel="Back to List"
      />
    </FormShell>
  );
}

import { can, isAdmin } from '@erp/contracts';
import { Badge, EmptyState, PageHeader } from '@erp/ui';
import { PageSkeleton, useCurrentUser } from '@erp/ui/remote';
import { useMemo } from 'react';
import { useNextProjectCode } from '../api/get-next-project-code';
import { useProject } from '../api/get-project';
import { emptyProjectValues, projectToValues } from '../hooks/project-form-values';
import { ProjectForm, type ProjectFormMode } from './project-form';
import { backToProjects, ProjectLoadFailure } from './project-load-failure';

const DESCRIPTIONS: Record<ProjectFormMode, string> = {
  add: 'Create a project and assign the Employees who work on it',
  edit: "Update the project's details, status and team",
  view: "The project's details, status and team",
};

export interface ProjectFormPageProps {
  id: string | null;
  mode: ProjectFormMode;
}

/** /team/project-edit: loads the project (edit, view) or the next free code (add), and applies who may change projects. */
export function ProjectFormPage({ id, mode: requested }: ProjectFormPageProps) {
  const user = useCurrentUser();
  const canWrite = can(user, 'team', 'addProject', 'write');
  // Without write access a project opens read-only.
  const mode: ProjectFormMode = requested === 'edit' && !canWrite ? 'view' : requested;
  const project = useProject(mode === 'add' ? null : id);
  const nextCode = useNextProjectCode(mode === 'add' && canWrite);
  const initial = useMemo(
    () =>
      project.data ? projectToValues(project.data) : emptyProjectValues(nextCode.data?.projectCode ?? ''),
    [project.data, nextCode.data],
  );
  const badge = mode === 'view' ? <Badge variant="outline">Read Only</Badge> : undefined;
  const header = <PageHeader title="Project Details" description={DESCRIPTIONS[mode]} badge={badge} />;

  if (mode === 'add' && !canWrite) {
    return (
      <>
        <PageHeader title="Project Details" />
        <EmptyState
          icon="lock"
          title="Access denied"
          description="You don't have permission to add projects."
          action={backToProjects}
        />
      </>
    );
  }

  // The suggested code fills the form once it is known; without one (an error) the user types it.
  if (mode === 'add' && nextCode.isPending) return <PageSkeleton />;

  if (mode !== 'add') {
    if (project.isPending) return <PageSkeleton />;
    if (project.isError) {
      return (
        <ProjectLoadFailure
          title="Project Details"
          error={project.error}
          onRetry={() => void project.refetch()}
        />
      );
    }
  }

  return (
    <>
      {header}
      <ProjectForm
        mode={mode}
        project={project.data ?? null}
        initial={initial}
        canAssign={isAdmin(user)}
        reload={project.refetch}
      />
    </>
  );
}

import { Button, Checkbox, Skeleton, theme } from '@erp/ui';
import { errorMessage } from '@erp/sdk';
import styled from 'styled-components';
import { useProjectOptions } from '../../shared/api/get-project-options';

const Options = styled.div`
  display: grid;
  gap: 0.5rem;
`;

const Radio = styled.label<{ $disabled?: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: 0.625rem;
  padding: 0.75rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  cursor: ${(p) => (p.$disabled ? 'not-allowed' : 'pointer')};
  opacity: ${(p) => (p.$disabled ? 0.6 : 1)};
  &:has(input:checked) {
    border-color: ${theme.color.primary};
    background: ${theme.color.sidebar};
  }
  & > input {
    margin-top: 0.2rem;
    accent-color: ${theme.color.primary};
  }
  & small {
    display: block;
    color: ${theme.color.mutedForeground};
  }
`;

const ProjectList = styled.ul`
  list-style: none;
  margin: 0.25rem 0 0;
  padding: 0.5rem;
  max-height: 15rem;
  overflow-y: auto;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  display: grid;
  gap: 0.25rem;
  & label {
    display: flex;
    align-items: center;
    gap: 0.625rem;
    padding: 0.375rem;
    cursor: pointer;
  }
  & small {
    color: ${theme.color.mutedForeground};
  }
`;

const Note = styled.p`
  font-size: 0.8125rem;
  color: ${theme.color.mutedForeground};
  display: flex;
  align-items: center;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

export interface ProjectAccessProps {
  employee: boolean;
  allProjects: boolean;
  projects: string[];
  disabled: boolean;
  onChange: (next: { allProjects: boolean; projects: string[] }) => void;
}

/** All current and future projects, or (Employees only) a chosen list (SPEC §6). */
export function ProjectAccess({ employee, allProjects, projects, disabled, onChange }: ProjectAccessProps) {
  const options = useProjectOptions(employee);
  const list = options.data?.projects ?? [];
  const noProjects = options.isSuccess && list.length === 0;
  const chooseDisabled = disabled || !employee || noProjects;

  const toggle = (id: string, on: boolean) =>
    onChange({ allProjects: false, projects: on ? [...projects, id] : projects.filter((p) => p !== id) });

  return (
    <Options role="radiogroup" aria-label="Project access">
      <Radio $disabled={disabled}>
        <input
          type="radio"
          name="project-access"
          checked={allProjects}
          onChange={() => onChange({ allProjects: true, projects: [] })}
          disabled={disabled}
        />
        <span>
          All current and future projects
          {!employee && <small>Admins, Purchasers and Accountants always have access to all projects.</small>}
        </span>
      </Radio>
      <Radio $disabled={chooseDisabled}>
        <input
          type="radio"
          name="project-access"
          checked={!allProjects}
          onChange={() => onChange({ allProjects: false, projects })}
          disabled={chooseDisabled}
        />
        <span>
          Selected projects only
          <small>
            {employee
              ? 'The member sees only the projects ticked below.'
              : 'Only Employees can be limited to chosen projects.'}
          </small>
        </span>
      </Radio>
      {employee && options.isPending && <Skeleton $height="2.5rem" />}
      {employee && options.isError && (
        <Note role="alert">
          Could not load projects: {errorMessage(options.error)}
          <Button variant="outline" size="sm" onClick={() => void options.refetch()}>
            Retry
          </Button>
        </Note>
      )}
      {employee && noProjects && (
        <Note>No projects exist yet. Once projects are created they can be assigned here.</Note>
      )}
      {employee && list.length > 0 && (
        <ProjectList aria-label="Projects">
          {list.map((project) => (
            <li key={project._id}>
              <label>
                <Checkbox
                  checked={projects.includes(project._id)}
                  onCheckedChange={(on) => toggle(project._id, on)}
                  disabled={disabled || allProjects}
                />
                <span>
                  {project.name} {project.projectCode && <small>({project.projectCode})</small>}
                </span>
              </label>
            </li>
          ))}
        </ProjectList>
      )}
    </Options>
  );
}

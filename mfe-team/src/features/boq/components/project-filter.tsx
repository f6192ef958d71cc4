import { ChoiceFilter, ProjectChoiceFilter, type ProjectChoiceFilterProps } from '@erp/ui/remote';
import { useProjectOptions } from '../../shared/api/get-project-options';
import { projectOptionLabel } from '../../shared/hooks/boq-format';

export type ProjectFilterProps = Pick<ProjectChoiceFilterProps, 'value' | 'onChange'>;

/**
 * SPEC §5 "BOQ list": 'All Projects' and the projects (code and name), from the projects list
 * (limit 100, offset 0, as the spec's pickers ask). A project chosen in the URL that the list does
 * not hold (past the first 100) still shows as chosen.
 */
export function ProjectFilter(props: ProjectFilterProps) {
  const options = useProjectOptions(true);
  return (
    <ProjectChoiceFilter
      {...props}
      projects={options.data?.projects}
      pending={options.isPending}
      label={projectOptionLabel}
    />
  );
}

export interface StatusFilterProps {
  value: 'draft' | 'confirmed' | null;
  onChange: (status: string | undefined) => void;
}

const STATUS_CHOICES = [
  { value: 'draft', label: 'Draft' },
  { value: 'confirmed', label: 'Confirmed' },
];

/** SPEC §5 "BOQ list": All Status, Draft, Confirmed. */
export function StatusFilter({ value, onChange }: StatusFilterProps) {
  return (
    <ChoiceFilter
      aria-label="Filter by status"
      allLabel="All Status"
      value={value}
      onChange={onChange}
      choices={STATUS_CHOICES}
    />
  );
}

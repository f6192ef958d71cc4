import { Select, theme } from '@erp/ui';
import styled from 'styled-components';
import { useProjectOptions } from '../../shared/api/get-project-options';
import { projectOptionLabel } from '../../shared/hooks/boq-format';

/** Wider than the bar's other selects: its options carry a code and a name. */
const WideSelect = styled(Select)`
  && {
    width: 16rem;
    max-width: 100%;
  }
  ${theme.media.mobile} {
    && {
      width: 100%;
    }
  }
`;

export interface ProjectFilterProps {
  value: string | null;
  onChange: (projectId: string | undefined) => void;
}

/**
 * SPEC §5 "BOQ list": 'All Projects' and the projects (code and name), from the projects list
 * (limit 100, offset 0, as the spec's pickers ask). A project chosen in the URL that the list does
 * not hold (past the first 100) still shows as chosen.
 */
export function ProjectFilter({ value, onChange }: ProjectFilterProps) {
  const options = useProjectOptions(true);
  const projects = options.data?.projects ?? [];
  const known = value === null || projects.some((p) => p._id === value);
  return (
    <WideSelect
      aria-label="Filter by project"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    >
      <option value="">All Projects</option>
      {!known && (
        <option value={value}>{options.isPending ? 'Loading projects...' : 'Selected project'}</option>
      )}
      {projects.map((p) => (
        <option key={p._id} value={p._id}>
          {projectOptionLabel(p)}
        </option>
      ))}
    </WideSelect>
  );
}

export interface StatusFilterProps {
  value: 'draft' | 'confirmed' | null;
  onChange: (status: string | undefined) => void;
}

/** SPEC §5 "BOQ list": All Status, Draft, Confirmed. */
export function StatusFilter({ value, onChange }: StatusFilterProps) {
  return (
    <Select
      aria-label="Filter by status"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    >
      <option value="">All Status</option>
      <option value="draft">Draft</option>
      <option value="confirmed">Confirmed</option>
    </Select>
  );
}

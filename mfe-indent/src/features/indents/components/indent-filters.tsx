import { Select, theme } from '@erp/ui';
import { ProjectChoiceFilter, type ProjectChoiceFilterProps } from '@erp/ui/remote';
import styled from 'styled-components';
import type { IndentSort } from '../api/get-indent-list';
import { useProjectOptions } from '../api/get-project-options';
import { SORT_OPTIONS } from '../hooks/indent-list-filters';

export type ProjectFilterProps = Pick<ProjectChoiceFilterProps, 'value' | 'onChange'>;

/**
 * SPEC §2 "Indent list": 'All Projects' and the member's projects as "code — name" (projects list,
 * limit 100). A project in the URL that the list does not hold still shows as chosen.
 */
export function ProjectFilter(props: ProjectFilterProps) {
  const options = useProjectOptions();
  return <ProjectChoiceFilter {...props} projects={options.data} pending={options.isPending} />;
}

const SortLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  font-size: 0.875rem;
  color: ${theme.color.mutedForeground};
  white-space: nowrap;
  & > select {
    width: 10rem;
    color: ${theme.color.foreground};
  }
  ${theme.media.mobile} {
    width: 100%;
    & > select {
      flex: 1;
      width: auto;
    }
  }
`;

export interface SortFilterProps {
  value: IndentSort;
  onChange: (sort: string | undefined) => void;
}

/** SPEC §2 "Indent list": the sort filter, All, Last Updated, Created Date. */
export function SortFilter({ value, onChange }: SortFilterProps) {
  return (
    <SortLabel>
      Sort by
      <Select value={value} onChange={(e) => onChange(e.target.value || undefined)}>
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </SortLabel>
  );
}

import { Button, SearchInput, Select, theme } from '@erp/ui';
import styled from 'styled-components';
import type { TeamStatusFilter } from '../api/get-team-list';

const Bar = styled.div`
  display: flex;
  gap: 0.75rem;
  align-items: center;
  flex-wrap: wrap;
  margin-bottom: 1rem;
  & > select { width: 11rem; }
  ${theme.media.mobile} {
    & > div:first-child { flex-basis: 100%; }
    & > select { flex: 1; width: auto; }
  }
`;

export const STATUS_OPTIONS: { value: TeamStatusFilter; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'inActive', label: 'Inactive' },
];

export interface TeamFiltersProps {
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  status: TeamStatusFilter;
  onStatusChange: (status: TeamStatusFilter) => void;
  onClear: () => void;
}

export function TeamFilters({ keyword, onKeywordChange, status, onStatusChange, onClear }: TeamFiltersProps) {
  const filtered = keyword !== '' || status !== 'all';
  return (
    <Bar role="search">
      <SearchInput
        value={keyword}
        onValueChange={onKeywordChange}
        placeholder="Search by name, email or phone..."
        aria-label="Search team members"
      />
      <Select value={status} onChange={(e) => onStatusChange(e.target.value as TeamStatusFilter)} aria-label="Filter by status">
        {STATUS_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      {filtered && (
        <Button variant="ghost" onClick={onClear}>
          Clear Filters
        </Button>
      )}
    </Bar>
  );
}

import { theme } from '@erp/ui';
import { parseChoice } from '@erp/ui/remote';
import styled from 'styled-components';
import type { ProjectStatusFilter } from '../api/get-project-list';

/** SPEC §2 "Projects": the chips planning, active, onHold, completed ('active' = in progress). */
export const STATUS_CHIPS: { value: ProjectStatusFilter; label: string }[] = [
  { value: 'planning', label: 'Planned' },
  { value: 'active', label: 'In Progress' },
  { value: 'onHold', label: 'On Hold' },
  { value: 'completed', label: 'Completed' },
];

export function parseStatusFilter(value: string | null): ProjectStatusFilter | null {
  return parseChoice(value, STATUS_CHIPS) ?? null;
}

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const Chip = styled.button`
  height: 2rem;
  padding: 0 0.875rem;
  border-radius: ${theme.radius.full};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.background};
  color: ${theme.color.foreground};
  font: inherit;
  font-size: 0.8125rem;
  font-weight: 500;
  cursor: pointer;
  &:hover {
    background: ${theme.color.accent};
  }
  &[aria-pressed='true'] {
    border-color: ${theme.color.primary};
    background: ${theme.color.primary};
    color: ${theme.color.primaryForeground};
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.ring};
    outline-offset: 2px;
  }
`;

export interface StatusChipsProps {
  value: ProjectStatusFilter | null;
  /** null: the selected chip was clicked again, which clears it. */
  onChange: (value: ProjectStatusFilter | null) => void;
}

/** One status at a time, as toggle buttons: clicking the selected one clears the filter. */
export function StatusChips({ value, onChange }: StatusChipsProps) {
  return (
    <Chips role="group" aria-label="Filter by status">
      {STATUS_CHIPS.map((chip) => (
        <Chip
          key={chip.value}
          type="button"
          aria-pressed={value === chip.value}
          onClick={() => onChange(value === chip.value ? null : chip.value)}
        >
          {chip.label}
        </Chip>
      ))}
    </Chips>
  );
}

import type { ProjectEmployee } from '@erp/contracts';
import { theme } from '@erp/ui';
import styled from 'styled-components';

const Row = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  white-space: nowrap;
`;

const Stack = styled.span`
  display: inline-flex;
  & > span + span { margin-left: -0.5rem; }
`;

const Avatar = styled.span`
  display: inline-grid;
  place-items: center;
  width: 1.75rem;
  height: 1.75rem;
  border-radius: 999px;
  border: 2px solid ${theme.color.background};
  background: ${theme.color.muted};
  color: ${theme.color.foreground};
  font-size: 0.6875rem;
  font-weight: 600;
`;

const Muted = styled.span`
  color: ${theme.color.mutedForeground};
  font-size: 0.875rem;
`;

const SHOWN = 3;

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** The assigned Employees as up to three initials and their count ("2 employees"), names in the tooltip. */
export function TeamAvatars({ employees }: { employees: ProjectEmployee[] }) {
  if (employees.length === 0) return <Muted>No employees</Muted>;
  const names = employees.map((e) => e.name).join(', ');
  return (
    <Row title={names} aria-label={`${employees.length} assigned: ${names}`}>
      <Stack aria-hidden="true">
        {employees.slice(0, SHOWN).map((e) => (
          <Avatar key={e._id}>{initials(e.name)}</Avatar>
        ))}
        {employees.length > SHOWN && <Avatar>+{employees.length - SHOWN}</Avatar>}
      </Stack>
      <Muted aria-hidden="true">{employees.length === 1 ? '1 employee' : `${employees.length} employees`}</Muted>
    </Row>
  );
}

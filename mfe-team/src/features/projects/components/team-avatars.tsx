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
  & > span + span {
    margin-left: -0.5rem;
  }
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

/** One person's initials in a circle (the project form's and detail's team lists). */
export const PersonAvatar = styled.span`
  display: grid;
  place-items: center;
  flex: none;
  width: 2rem;
  height: 2rem;
  border-radius: 999px;
  background: ${theme.color.muted};
  font-size: 0.75rem;
  font-weight: 600;
`;

/** A team member's row: initials, then name and email (.who), then what follows. */
export const PersonRow = styled.li`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  & > .who {
    flex: 1;
    min-width: 0;
    display: grid;
  }
  & small {
    color: ${theme.color.mutedForeground};
    overflow-wrap: anywhere;
  }
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
    <Row role="group" title={names} aria-label={`${employees.length} assigned: ${names}`}>
      <Stack aria-hidden="true">
        {employees.slice(0, SHOWN).map((e) => (
          <Avatar key={e._id}>{initials(e.name)}</Avatar>
        ))}
        {employees.length > SHOWN && <Avatar>+{employees.length - SHOWN}</Avatar>}
      </Stack>
      <Muted aria-hidden="true">
        {employees.length === 1 ? '1 employee' : `${employees.length} employees`}
      </Muted>
    </Row>
  );
}

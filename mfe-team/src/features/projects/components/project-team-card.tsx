import type { Project } from '@erp/contracts';
import { Icon, LinkButton, theme } from '@erp/ui';
import { SectionCard } from '@erp/ui/remote';
import styled from 'styled-components';
import { initials, PersonAvatar, PersonRow } from './team-avatars';

const People = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.5rem;
`;

const Person = PersonRow;

const Note = styled.p`
  color: ${theme.color.mutedForeground};
  font-size: 0.875rem;
  margin: 0.75rem 0 0;
`;

const AssignRow = styled.div`
  margin-top: 0.75rem;
`;

const Status = styled.span<{ $active: boolean }>`
  font-size: 0.75rem;
  font-weight: 500;
  color: ${(p) => (p.$active ? theme.color.success : theme.color.mutedForeground)};
`;

export interface ProjectTeamCardProps {
  project: Project;
  /** The Admin may assign employees (decision 0015); others are told whom to ask. */
  canAssign: boolean;
}

/** The project detail's Team Members card: who is on the project, and how to change that. */
export function ProjectTeamCard({ project: p, canAssign }: ProjectTeamCardProps) {
  return (
    <SectionCard
      titleId="project-team"
      title="Team Members"
      description={
        p.employees.length === 1 ? '1 employee assigned' : `${p.employees.length} employees assigned`
      }
    >
      {p.employees.length > 0 && (
        <People aria-label="Team members">
          {p.employees.map((e) => (
            <Person key={e._id}>
              <PersonAvatar aria-hidden="true">{initials(e.name)}</PersonAvatar>
              <span className="who">
                <span>{e.name}</span>
                <small>{e.email}</small>
              </span>
              <Status $active={e.status === 'active'}>{e.status === 'active' ? 'Active' : 'Inactive'}</Status>
            </Person>
          ))}
        </People>
      )}
      {canAssign ? (
        <>
          {p.employees.length === 0 && <Note>No employees are assigned to this project yet.</Note>}
          <AssignRow>
            <LinkButton to={`/team/project-edit?id=${encodeURIComponent(p._id)}`} variant="outline" size="sm">
              <Icon name="users" />
              Assign Employees
            </LinkButton>
          </AssignRow>
        </>
      ) : (
        <Note>
          {p.employees.length === 0 ? 'No employees are assigned to this project yet. ' : ''}
          To assign employees to this project, contact an administrator.
        </Note>
      )}
    </SectionCard>
  );
}

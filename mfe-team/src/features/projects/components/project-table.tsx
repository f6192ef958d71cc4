import type { Project } from '@erp/contracts';
import { formatDateShort, Link, theme, useIsMobile } from '@erp/ui';
import { DataTable, NameWithCode, RowActions, type Column } from '@erp/ui/remote';
import styled from 'styled-components';
import { ProjectStatusBadge } from './project-status-badge';
import { TeamAvatars } from './team-avatars';

const Muted = styled.span`
  color: ${theme.color.mutedForeground};
  font-size: 0.875rem;
`;

const Dates = styled.span`
  display: grid;
  font-size: 0.875rem;
  white-space: nowrap;
  & > span:last-child {
    color: ${theme.color.mutedForeground};
  }
`;

const Links = styled.span`
  display: inline-flex;
  gap: 0.75rem;
  white-space: nowrap;
  font-size: 0.875rem;
  & a {
    color: ${theme.color.primary};
    text-decoration: underline;
    text-underline-offset: 2px;
  }
`;

const dateOr = (value: string) => formatDateShort(value) || 'Not set';

const columns: Column<Project>[] = [
  {
    id: 'project',
    header: 'Project',
    primary: true,
    cell: (p) => (
      <NameWithCode>
        {p.name}
        <small>{p.projectCode}</small>
      </NameWithCode>
    ),
  },
  {
    id: 'location',
    header: 'Location',
    cell: (p) => (p.location ? p.location : <Muted>Not specified</Muted>),
  },
  {
    id: 'dates',
    header: 'Dates',
    cell: (p) => (
      <Dates>
        <span>Start: {dateOr(p.startDate)}</span>
        <span>Target: {dateOr(p.targetCompletionDate)}</span>
      </Dates>
    ),
  },
  { id: 'status', header: 'Status', cell: (p) => <ProjectStatusBadge status={p.status} /> },
  { id: 'team', header: 'Assigned Team', cell: (p) => <TeamAvatars employees={p.employees} /> },
  {
    id: 'links',
    header: 'Quick Links',
    cell: (p) => (
      <Links>
        <Link to={`/indent/list?project=${encodeURIComponent(p._id)}`} aria-label={`BoQs of ${p.name}`}>
          BoQs
        </Link>
        <Link to={`/po/list?project=${encodeURIComponent(p._id)}`} aria-label={`POs of ${p.name}`}>
          POs
        </Link>
      </Links>
    ),
  },
];

export interface ProjectTableProps {
  projects: Project[];
  canEdit: boolean;
}

/** Projects as a table on desktops and cards on phones, with Open (and Edit for those who may). */
export function ProjectTable({ projects, canEdit }: ProjectTableProps) {
  const compact = !useIsMobile();
  return (
    <DataTable
      caption="Projects"
      columns={columns}
      rows={projects}
      actions={(p) => (
        <RowActions
          name={p.name}
          iconOnly={compact}
          actions={[
            { to: `/team/project/${encodeURIComponent(p._id)}`, icon: 'eye', label: 'Open' },
            canEdit && {
              to: `/team/project-edit?id=${encodeURIComponent(p._id)}`,
              icon: 'pencil',
              label: 'Edit',
            },
          ]}
        />
      )}
    />
  );
}

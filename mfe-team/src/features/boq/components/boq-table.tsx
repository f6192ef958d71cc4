import type { BoqSummary } from '@erp/contracts';
import { Button, formatDate, formatNumber, Icon, Link, LinkButton, theme, useIsMobile } from '@erp/ui';
import { DataTable, type Column } from '@erp/ui/remote';
import styled from 'styled-components';
import { actorName, revisionLabel } from '../../shared/hooks/boq-format';
import { BoqStatusBadge } from '../../shared/components/boq-status-badge';

const Name = styled.span`
  display: grid;
  font-weight: 500;
  & > small {
    font-weight: 400;
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
  }
`;

const ProjectLink = styled(Link)`
  color: ${theme.color.primary};
  text-decoration: underline;
  text-underline-offset: 2px;
`;

const Nowrap = styled.span`
  white-space: nowrap;
`;

const columns: Column<BoqSummary>[] = [
  {
    id: 'name',
    header: 'BOQ Name',
    primary: true,
    cell: (b) => (
      <Name>
        {b.name}
        <small>
          {b.boqId}
          {b.revision > 1 && ` · ${revisionLabel(b.revision)}`}
        </small>
      </Name>
    ),
  },
  {
    id: 'project',
    header: 'Project',
    cell: (b) => (
      <ProjectLink to={`/team/project/${encodeURIComponent(b.projectId._id)}`}>
        {b.projectId.name}
      </ProjectLink>
    ),
  },
  { id: 'status', header: 'Status', cell: (b) => <BoqStatusBadge status={b.status} /> },
  { id: 'items', header: 'Items', align: 'right', cell: (b) => formatNumber(b.itemCount) },
  { id: 'indents', header: 'Indents', align: 'right', cell: (b) => formatNumber(b.indentCount) },
  { id: 'created', header: 'Created Date', cell: (b) => <Nowrap>{formatDate(b.createdAt)}</Nowrap> },
  { id: 'createdBy', header: 'Created By', cell: (b) => actorName(b.createdBy) },
];

export interface BoqTableProps {
  boqs: BoqSummary[];
  /** May edit and delete drafts (Add BOQ write, as the service checks). */
  canWrite: boolean;
  onDelete: (boq: BoqSummary) => void;
}

/** BOQs as a table on desktops and cards on phones: View; Edit and Delete for a draft. */
export function BoqTable({ boqs, canWrite, onDelete }: BoqTableProps) {
  const compact = !useIsMobile();
  const size = compact ? 'icon' : 'sm';
  return (
    <DataTable
      caption="BOQs"
      columns={columns}
      rows={boqs}
      rowKey={(b) => b._id}
      actions={(b) => (
        <>
          <LinkButton
            to={`/boq/${encodeURIComponent(b._id)}`}
            variant="outline"
            size={size}
            aria-label={`View ${b.name}`}
            title={compact ? 'View' : undefined}
          >
            <Icon name="eye" />
            {!compact && 'View'}
          </LinkButton>
          {canWrite && b.status === 'draft' && (
            <>
              <LinkButton
                to={`/boq/edit/${encodeURIComponent(b._id)}`}
                variant="outline"
                size={size}
                aria-label={`Edit ${b.name}`}
                title={compact ? 'Edit' : undefined}
              >
                <Icon name="pencil" />
                {!compact && 'Edit'}
              </LinkButton>
              <Button
                variant="outline"
                size={size}
                aria-label={`Delete ${b.name}`}
                title={compact ? 'Delete' : undefined}
                onClick={() => onDelete(b)}
              >
                <Icon name="trash" />
                {!compact && 'Delete'}
              </Button>
            </>
          )}
        </>
      )}
    />
  );
}

import type { IndentSummary, Member } from '@erp/contracts';
import { formatDate, formatNumber, formatRelative, Icon, LinkButton, theme } from '@erp/ui';
import { DataTable, type Column } from '@erp/ui/remote';
import styled from 'styled-components';
import { canEditIndent } from '../../shared/hooks/indent-access';
import { actorName } from '../../shared/hooks/indent-format';
import { IndentStatusBadge } from '../../shared/components/indent-status-badge';
import { OverBoqMarker } from '../../shared/components/over-boq';

const Stack = styled.span`
  display: grid;
  gap: 0.125rem;
  min-width: 0;
  /* On desktops the number and title, and the project's name, get room enough not to break every word. */
  ${theme.media.desktop} {
    &.indent {
      min-width: 8.5rem;
    }
    &.project {
      min-width: 7rem;
    }
  }
  & > strong {
    font-weight: 600;
    white-space: nowrap;
  }
  & > small {
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
    overflow-wrap: anywhere;
  }
`;

const Items = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  flex-wrap: wrap;
  justify-content: flex-end;
  font-variant-numeric: tabular-nums;
`;

const Nowrap = styled.span`
  white-space: nowrap;
`;

/** Eight columns fit a laptop's width: the cells keep a little less padding than the kit's default. */
const Fit = styled.div`
  ${theme.media.desktop} {
    & th,
    & td {
      padding-left: 0.5rem;
      padding-right: 0.5rem;
    }
    & th:first-child,
    & td:first-child {
      padding-left: 0.875rem;
    }
    & th:last-child,
    & td:last-child {
      padding-right: 0.875rem;
    }
  }
`;

const columns: Column<IndentSummary>[] = [
  {
    id: 'indent',
    header: 'Indent #',
    primary: true,
    cell: (i) => (
      <Stack className="indent">
        <strong>{i.indentId}</strong>
        {i.title && <small>{i.title}</small>}
      </Stack>
    ),
  },
  {
    id: 'project',
    header: 'Project',
    cell: (i) => (
      <Stack className="project">
        <span>{i.projectId.name}</span>
        <small>{i.projectId.projectCode}</small>
      </Stack>
    ),
  },
  { id: 'createdOn', header: 'Created On', cell: (i) => <Nowrap>{formatDate(i.createdAt)}</Nowrap> },
  { id: 'createdBy', header: 'Created By', cell: (i) => actorName(i.createdBy) },
  {
    id: 'items',
    header: 'Items',
    align: 'right',
    cell: (i) => (
      <Items>
        {formatNumber(i.items.count)}
        <OverBoqMarker lines={i.overBoqLines} />
      </Items>
    ),
  },
  { id: 'status', header: 'Status', cell: (i) => <IndentStatusBadge status={i.status} /> },
  {
    id: 'updated',
    header: 'Last Update',
    cell: (i) => <Nowrap title={formatRelative(i.updatedAt)}>{formatDate(i.updatedAt)}</Nowrap>,
  },
];

export interface IndentTableProps {
  indents: IndentSummary[];
  user: Pick<Member, '_id' | 'role' | 'permissions'>;
}

/**
 * Indents as a table on desktops and cards on phones (SPEC §2 "Indent list"). A draft its member may
 * edit shows 'Open' (to the edit form); any other indent shows 'View' (to its page).
 */
export function IndentTable({ indents, user }: IndentTableProps) {
  return (
    <Fit>
      <DataTable
        caption="Indents"
        columns={columns}
        rows={indents}
        rowKey={(i) => i._id}
        actions={(i) =>
          canEditIndent(user, i) ? (
            <LinkButton
              to={`/indent/edit/${encodeURIComponent(i._id)}`}
              variant="outline"
              size="sm"
              aria-label={`Open ${i.indentId}`}
            >
              <Icon name="pencil" />
              Open
            </LinkButton>
          ) : (
            <LinkButton
              to={`/indent/${encodeURIComponent(i._id)}`}
              variant="outline"
              size="sm"
              aria-label={`View ${i.indentId}`}
            >
              <Icon name="eye" />
              View
            </LinkButton>
          )
        }
      />
    </Fit>
  );
}

import type { IndentSummary, Member } from '@erp/contracts';
import { formatDate, formatNumber, formatRelative, theme } from '@erp/ui';
import { DataTable, Nowrap, RowAction, TwoLines, type Column } from '@erp/ui/remote';
import styled from 'styled-components';
import { canEditIndent } from '../../shared/hooks/indent-access';
import { actorName } from '../../shared/hooks/indent-format';
import { IndentStatusBadge } from '../../shared/components/indent-status-badge';
import { OverBoqMarker } from '../../shared/components/over-boq';

const Stack = styled(TwoLines)`
  /* On desktops the number and title, and the project's name, get room enough not to break every word. */
  ${theme.media.desktop} {
    &.indent {
      min-width: 8.5rem;
    }
    &.project {
      min-width: 7rem;
    }
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
    // Eight columns fit a laptop's width.
    <DataTable
      caption="Indents"
      columns={columns}
      rows={indents}
      dense
      actions={(i) =>
        canEditIndent(user, i) ? (
          <RowAction
            to={`/indent/edit/${encodeURIComponent(i._id)}`}
            icon="pencil"
            label="Open"
            name={i.indentId}
          />
        ) : (
          <RowAction to={`/indent/${encodeURIComponent(i._id)}`} icon="eye" label="View" name={i.indentId} />
        )
      }
    />
  );
}

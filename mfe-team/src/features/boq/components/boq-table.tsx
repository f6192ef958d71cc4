import type { BoqSummary } from '@erp/contracts';
import { formatDate, formatNumber, useIsMobile } from '@erp/ui';
import { CellLink, DataTable, NameWithCode, Nowrap, RowActions, type Column } from '@erp/ui/remote';
import { actorName, revisionLabel } from '../../shared/hooks/boq-format';
import { BoqStatusBadge } from '../../shared/components/boq-status-badge';

const columns: Column<BoqSummary>[] = [
  {
    id: 'name',
    header: 'BOQ Name',
    primary: true,
    cell: (b) => (
      <NameWithCode>
        {b.name}
        <small>
          {b.boqId}
          {b.revision > 1 && ` · ${revisionLabel(b.revision)}`}
        </small>
      </NameWithCode>
    ),
  },
  {
    id: 'project',
    header: 'Project',
    cell: (b) => (
      <CellLink to={`/team/project/${encodeURIComponent(b.projectId._id)}`}>{b.projectId.name}</CellLink>
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
  return (
    <DataTable
      caption="BOQs"
      columns={columns}
      rows={boqs}
      actions={(b) => {
        const draft = canWrite && b.status === 'draft';
        return (
          <RowActions
            name={b.name}
            iconOnly={compact}
            actions={[
              { to: `/boq/${encodeURIComponent(b._id)}`, icon: 'eye', label: 'View' },
              draft && { to: `/boq/edit/${encodeURIComponent(b._id)}`, icon: 'pencil', label: 'Edit' },
              draft && { onClick: () => onDelete(b), icon: 'trash', label: 'Delete' },
            ]}
          />
        );
      }}
    />
  );
}

import { can, type IndentSummary } from '@erp/contracts';
import { formatDate, Icon, LinkButton } from '@erp/ui';
import { useCurrentUser, type Column } from '@erp/ui/remote';
import { actorName, formatQty } from '../../shared/hooks/indent-format';
import { useCompareQueue } from '../api/get-compare-queue';
import { QueuePage, Stacked } from './queue-page';

export const compareQueueColumns: Column<IndentSummary>[] = [
  {
    id: 'indent',
    header: 'Indent #',
    primary: true,
    cell: (r) => (
      <Stacked>
        {r.indentId}
        <small>{r.title}</small>
      </Stacked>
    ),
  },
  {
    id: 'project',
    header: 'Project',
    cell: (r) => (
      <Stacked>
        {r.projectId.name}
        <small>{r.projectId.projectCode}</small>
      </Stacked>
    ),
  },
  {
    id: 'created',
    header: 'Created By / On',
    cell: (r) => (
      <Stacked>
        {actorName(r.createdBy)}
        <small>{formatDate(r.createdAt)}</small>
      </Stacked>
    ),
  },
  {
    id: 'items',
    header: 'Items',
    align: 'right',
    cell: (r) => (
      <Stacked>
        {formatQty(r.items.totalQuantity)}
        <small>
          {r.items.count} {r.items.count === 1 ? 'item' : 'items'}
        </small>
      </Stacked>
    ),
  },
];

/** /indent/compare (SPEC §2 "Compare queue"): indents waiting for a purchaser to choose vendors. */
export function CompareQueuePage() {
  const user = useCurrentUser();
  const allowed = can(user, 'indent', 'compare', 'read');
  const query = useCompareQueue(allowed);
  return (
    <QueuePage
      title="Compare Queue"
      description="Indents waiting for vendor comparison"
      allowed={allowed}
      deniedText="You don't have permission to compare vendor prices."
      query={query}
      columns={compareQueueColumns}
      actions={(r) => (
        <LinkButton to={`/indent/compare/${encodeURIComponent(r._id)}`} size="sm" aria-label={`Compare ${r.indentId}`}>
          <Icon name="clipboard" />
          Compare
        </LinkButton>
      )}
      empty={{ icon: 'clipboard', title: 'No Indent are waiting for comparison', description: 'Indent that are "Sent to Compare" will appear here.' }}
    />
  );
}

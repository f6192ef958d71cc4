import { can, type IndentSummary } from '@erp/contracts';
import { formatDate, Icon, LinkButton, theme } from '@erp/ui';
import { useCurrentUser, type Column } from '@erp/ui/remote';
import styled from 'styled-components';
import { QueuePage, Stacked } from '../../compare/components/queue-page';
import { WarningBadge } from '../../compare/components/item-parts';
import { actorName, formatQty } from '../../shared/hooks/indent-format';
import { useApprovalQueue } from '../api/get-approval-queue';

const None = styled.span`
  color: ${theme.color.mutedForeground};
`;

/** Exceptions: the lines beyond their BOQ balance (the list row carries their count). */
function Exceptions({ row }: { row: IndentSummary }) {
  const n = row.overBoqLines;
  if (!(n > 0)) return <None>None</None>;
  return (
    <WarningBadge title={`${n} ${n === 1 ? 'line is' : 'lines are'} beyond the BOQ balance`}>
      <Icon name="alert" size={12} />
      {n} Over BOQ
    </WarningBadge>
  );
}

export const approvalQueueColumns: Column<IndentSummary>[] = [
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
    id: 'submitted',
    header: 'Submitted By/On',
    cell: (r) => (
      <Stacked>
        {actorName(r.submittedBy)}
        <small>{formatDate(r.submittedAt)}</small>
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
  { id: 'exceptions', header: 'Exceptions', cell: (r) => <Exceptions row={r} /> },
];

/** /indent/approval (SPEC §2 "Approval queue"): indents waiting for an approver. */
export function ApprovalQueuePage() {
  const user = useCurrentUser();
  const allowed = can(user, 'indent', 'approval', 'read');
  const query = useApprovalQueue(allowed);
  return (
    <QueuePage
      title="Approval Queue"
      description="Indents waiting for approval"
      allowed={allowed}
      deniedText="You don't have permission to review indents for approval."
      query={query}
      columns={approvalQueueColumns}
      actions={(r) => (
        <LinkButton to={`/indent/approval/${encodeURIComponent(r._id)}`} size="sm" aria-label={`Review ${r.indentId}`}>
          <Icon name="eye" />
          Review
        </LinkButton>
      )}
      empty={{ icon: 'check', title: 'No BoQs are currently pending approval.' }}
    />
  );
}

import { can, type IndentSummary } from '@erp/contracts';
import { Icon, theme } from '@erp/ui';
import { RowAction, useCurrentUser, type Column } from '@erp/ui/remote';
import styled from 'styled-components';
import { QueuePage, queueColumns } from '../../shared/components/queue-page';
import { WarningBadge } from '../../shared/components/item-parts';
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
  ...queueColumns({ header: 'Submitted By/On', who: (r) => r.submittedBy, when: (r) => r.submittedAt }),
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
        <RowAction
          to={`/indent/approval/${encodeURIComponent(r._id)}`}
          variant="default"
          icon="eye"
          label="Review"
          name={r.indentId}
        />
      )}
      empty={{ icon: 'check', title: 'No BoQs are currently pending approval.' }}
    />
  );
}

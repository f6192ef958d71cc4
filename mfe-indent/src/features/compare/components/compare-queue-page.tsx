import { can } from '@erp/contracts';
import { RowAction, useCurrentUser } from '@erp/ui/remote';
import { useCompareQueue } from '../../shared/api/get-compare-queue';
import { QueuePage, queueColumns } from '../../shared/components/queue-page';

export const compareQueueColumns = queueColumns({
  header: 'Created By / On',
  who: (r) => r.createdBy,
  when: (r) => r.createdAt,
});

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
        <RowAction
          to={`/indent/compare/${encodeURIComponent(r._id)}`}
          variant="default"
          icon="clipboard"
          label="Compare"
          name={r.indentId}
        />
      )}
      empty={{
        icon: 'clipboard',
        title: 'No Indent are waiting for comparison',
        description: 'Indent that are "Sent to Compare" will appear here.',
      }}
    />
  );
}

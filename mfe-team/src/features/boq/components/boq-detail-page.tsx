import { can } from '@erp/contracts';
import { EmptyState, Icon, LinkButton, PageHeader, useNavigate } from '@erp/ui';
import { LoadFailure, PageSkeleton, useCurrentUser } from '@erp/ui/remote';
import styled from 'styled-components';
import { useBoq } from '../../shared/api/get-boq';
import { boqNumberLabel } from '../../shared/hooks/boq-format';
import { BoqStatusBadge } from '../../shared/components/boq-status-badge';
import { useBoqDetailActions } from '../hooks/use-boq-detail-actions';
import { BoqDetailButtons, ReviseBoqDialog } from './boq-detail-actions';
import { BoqFacts, BoqItemsCard, BoqTextCard } from './boq-detail-sections';
import { BoqRevisionsCard, RevisionNotice } from './boq-revisions';
import { DeleteBoqDialog } from './delete-boq-dialog';

const Sections = styled.div`
  display: grid;
  gap: 1rem;
`;

const backToList = (
  <LinkButton to="/boq/list" variant="outline">
    <Icon name="arrowLeft" />
    Back to BOQ List
  </LinkButton>
);

/** /boq/{boqId} (SPEC §5 "BOQ detail"): the BOQ's facts, its lines with planned, consumed and balance, its revisions. */
export function BoqDetailPage({ id }: { id: string }) {
  const user = useCurrentUser();
  const allowed = can(user, 'team', 'boqList', 'read');
  // The service changes BOQs for Add BOQ write (editing, deleting and revising alike).
  const canWrite = can(user, 'team', 'addBoq', 'write');
  const navigate = useNavigate();
  const boq = useBoq(allowed ? id : '');
  const actions = useBoqDetailActions();

  if (!allowed) {
    return (
      <>
        <PageHeader title="BOQ" />
        <EmptyState icon="lock" title="Access denied" description="You don't have permission to view BOQs." />
      </>
    );
  }
  if (boq.isPending) return <PageSkeleton />;
  if (boq.isError) {
    return (
      <LoadFailure
        title="BOQ"
        back={backToList}
        error={boq.error}
        icon="file"
        notFound={{ title: 'BOQ Not Found', description: 'The requested BOQ could not be found.' }}
        errorTitle="Could not load this BOQ"
        onRetry={() => void boq.refetch()}
      />
    );
  }

  const b = boq.data;
  return (
    <>
      <PageHeader
        title={b.name}
        description={boqNumberLabel(b)}
        badge={<BoqStatusBadge status={b.status} />}
        actions={<BoqDetailButtons boq={b} canWrite={canWrite} actions={actions} back={backToList} />}
      />
      <RevisionNotice boq={b} />
      <BoqFacts boq={b} />
      <Sections>
        <BoqTextCard boq={b} />
        <BoqItemsCard boq={b} />
        <BoqRevisionsCard boq={b} />
      </Sections>
      <ReviseBoqDialog boq={b} actions={actions} />
      <DeleteBoqDialog
        boq={actions.deleting ? b : null}
        onClose={() => actions.setDeleting(false)}
        onDeleted={() => void navigate('/boq/list')}
      />
    </>
  );
}

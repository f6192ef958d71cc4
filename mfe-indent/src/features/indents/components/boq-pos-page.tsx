import { errorMessage } from '@erp/sdk';
import { EmptyState, ErrorPanel, Icon, LinkButton, PageHeader } from '@erp/ui';
import { LoadFailure, PageSkeleton, SectionCard, useCurrentUser } from '@erp/ui/remote';
import { useBoq, useBoqPos } from '../api/get-boq-pos';
import { canReceivePos } from '../../shared/hooks/indent-access';
import { IndentPosTable } from './indent-pos';

const backToList = (
  <LinkButton to="/indent/list" variant="outline">
    <Icon name="arrowLeft" />
    Back to Indent List
  </LinkButton>
);

/** SPEC §2 "BoQ detail with generated POs": its not-found wording (§8 writes 'BOQ' elsewhere). */
const BOQ_NOT_FOUND = 'The requested BoQ could not be found.';

/**
 * indent/{boqId}/pos with a BOQ's id (SPEC §2 "BoQ detail with generated POs"): the BOQ and the
 * purchase orders generated from its indents, with 'Receive' or 'History' on each, from the PO
 * service (the spec's screen showed samples). An indent's id opens the indent's page instead.
 */
export function BoqPosPage({ id }: { id: string }) {
  const user = useCurrentUser();
  const boq = useBoq(id, true);
  const pos = useBoqPos(id, boq.isSuccess);
  if (boq.isPending) return <PageSkeleton />;
  if (boq.isError) {
    return (
      <LoadFailure
        title="BoQ Purchase Orders"
        back={backToList}
        error={boq.error}
        icon="file"
        notFound={{ title: 'BOQ Not Found', description: BOQ_NOT_FOUND }}
        errorTitle="Could not load this BOQ"
        onRetry={() => void boq.refetch()}
      />
    );
  }
  const b = boq.data;
  return (
    <>
      <PageHeader
        title={`${b.boqId} · ${b.name}`}
        description={`${b.projectId.name} · purchase orders generated from this BoQ's indents`}
        actions={backToList}
      />
      <SectionCard
        titleId="boq-pos"
        title="Purchase Orders"
        description={
          pos.data
            ? `${pos.data.total} purchase order${pos.data.total === 1 ? '' : 's'}`
            : 'Loading the purchase orders'
        }
      >
        {pos.isError ? (
          <ErrorPanel
            title="Could not load the purchase orders"
            message={errorMessage(pos.error)}
            onRetry={() => void pos.refetch()}
          />
        ) : pos.data && pos.data.pos.length === 0 ? (
          <EmptyState
            icon="inbox"
            title="No Purchase Orders found"
            description="None of this BoQ's indents has been approved yet."
          />
        ) : pos.data ? (
          <IndentPosTable pos={pos.data.pos} canReceive={canReceivePos(user)} />
        ) : (
          <PageSkeleton />
        )}
      </SectionCard>
    </>
  );
}

import type { Boq } from '@erp/contracts';
import { Button, ConfirmDialog, Icon, LinkButton, Spinner } from '@erp/ui';
import type { ReactNode } from 'react';
import type { BoqDetailActions } from '../hooks/use-boq-detail-actions';

export interface BoqDetailButtonsProps {
  boq: Boq;
  /** Add BOQ write: the service changes BOQs for it (editing, deleting and revising alike). */
  canWrite: boolean;
  actions: BoqDetailActions;
  /** The Back to BOQ List link, first of the buttons. */
  back: ReactNode;
}

/** The BOQ detail header's buttons: export always; a draft is deleted or edited, a confirmed BOQ revised. */
export function BoqDetailButtons({ boq: b, canWrite, actions, back }: BoqDetailButtonsProps) {
  // A number has one draft revision at a time (decision 0016): it is opened rather than made again.
  const draftRevision =
    b.status === 'confirmed'
      ? b.revisions.find((r) => r.revision > b.revision && r.status === 'draft')
      : undefined;
  return (
    <>
      {back}
      <Button variant="outline" onClick={() => actions.runExport(b)} disabled={actions.exporting}>
        {actions.exporting ? <Spinner /> : <Icon name="file" />}
        Export to Excel
      </Button>
      {canWrite && b.status === 'draft' && (
        <>
          <Button variant="outline" onClick={() => actions.setDeleting(true)}>
            <Icon name="trash" />
            Delete
          </Button>
          <LinkButton to={`/boq/edit/${encodeURIComponent(b._id)}`}>
            <Icon name="pencil" />
            Edit
          </LinkButton>
        </>
      )}
      {canWrite && b.status === 'confirmed' && !draftRevision && (
        <Button onClick={() => actions.setConfirmRevise(true)}>
          <Icon name="refresh" />
          Revise
        </Button>
      )}
      {canWrite && draftRevision && (
        <LinkButton to={`/boq/edit/${encodeURIComponent(draftRevision._id)}`}>
          <Icon name="pencil" />
          Edit Draft Revision
        </LinkButton>
      )}
    </>
  );
}

/** The question before a confirmed BOQ gets a new draft revision (numbered after every revision it has). */
export function ReviseBoqDialog({ boq: b, actions }: { boq: Boq; actions: BoqDetailActions }) {
  const nextRevision = Math.max(...b.revisions.map((r) => r.revision), b.revision) + 1;
  return (
    <ConfirmDialog
      open={actions.confirmRevise}
      title="Revise this BOQ?"
      description={`A new draft revision (Rev ${nextRevision}) of ${b.boqId} is made with the same items for you to change. This confirmed revision stays in force until the new revision is confirmed.`}
      confirmLabel={actions.revising ? 'Creating revision...' : 'Create Revision'}
      busy={actions.revising}
      onConfirm={() => actions.runRevise(b)}
      onCancel={() => actions.setConfirmRevise(false)}
    />
  );
}

import { errorMessage } from '@erp/sdk';
import { ConfirmDialog, toast } from '@erp/ui';
import { useForgetBoq, useRemoveBoq } from '../api/change-boq';
import { boqNumberLabel } from '../../shared/hooks/boq-format';

/** What the dialog needs of the BOQ being deleted. */
export interface BoqToDelete {
  _id: string;
  boqId: string;
  revision: number;
  name: string;
}

export interface DeleteBoqDialogProps {
  /** The draft to delete; null: the dialog is closed. */
  boq: BoqToDelete | null;
  onClose: () => void;
  /** After the service deleted it (the success toast is shown already). */
  onDeleted?: () => void;
}

/**
 * The question before a draft BOQ is deleted (the spec's list shows a delete button that does
 * nothing; here it asks, then deletes), with the success or the service's refusal as a toast.
 */
export function DeleteBoqDialog({ boq, onClose, onDeleted }: DeleteBoqDialogProps) {
  const remove = useRemoveBoq();
  const forget = useForgetBoq();
  const confirm = () => {
    if (!boq) return;
    remove.mutate(boq._id, {
      onSuccess: () => {
        toast({
          title: 'BOQ deleted',
          description: `${boq.name} (${boqNumberLabel(boq)}) was deleted`,
          variant: 'success',
        });
        onClose();
        onDeleted?.();
        forget(boq._id);
      },
      onError: (error) => {
        toast({
          title: 'Could not delete the BOQ',
          description: errorMessage(error),
          variant: 'destructive',
        });
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open={boq !== null}
      title="Delete BOQ?"
      description={
        boq
          ? `${boq.name} (${boqNumberLabel(boq)}) is a draft. Deleting it removes the draft and its items; this cannot be undone.`
          : undefined
      }
      confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
      destructive
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}

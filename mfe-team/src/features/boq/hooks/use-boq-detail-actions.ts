import type { Boq } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { toast, useNavigate } from '@erp/ui';
import { useState } from 'react';
import { useExportBoq, useReviseBoq } from '../api/change-boq';
import { boqNumberLabel } from '../../shared/hooks/boq-format';

/** What the BOQ detail page's buttons and dialogs do, and which dialog is open. */
export interface BoqDetailActions {
  /** The Revise confirmation is open. */
  confirmRevise: boolean;
  setConfirmRevise: (open: boolean) => void;
  /** The revision is being created. */
  revising: boolean;
  runRevise: (boq: Boq) => void;
  /** The spreadsheet is being built. */
  exporting: boolean;
  runExport: (boq: Boq) => void;
  /** The Delete confirmation is open. */
  deleting: boolean;
  setDeleting: (open: boolean) => void;
}

/**
 * The BOQ detail page's changes to its BOQ: revising (behind a confirmation, then to the new draft),
 * exporting to a spreadsheet, and whether the delete confirmation is open. Each failure is a toast.
 */
export function useBoqDetailActions(): BoqDetailActions {
  const navigate = useNavigate();
  const revise = useReviseBoq();
  const exporting = useExportBoq();
  const [confirmRevise, setConfirmRevise] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const runRevise = (b: Boq) =>
    revise.mutate(b._id, {
      onSuccess: ({ message, boq: draft }) => {
        setConfirmRevise(false);
        toast({
          title: message,
          description: `${draft.name} (${boqNumberLabel(draft)}) is a draft`,
          variant: 'success',
        });
        void navigate(`/boq/edit/${encodeURIComponent(draft._id)}`);
      },
      onError: (error) => {
        setConfirmRevise(false);
        toast({
          title: 'Could not revise the BOQ',
          description: errorMessage(error),
          variant: 'destructive',
        });
      },
    });

  const runExport = (b: Boq) =>
    exporting.mutate(
      { id: b._id, boqId: b.boqId },
      {
        onError: (error) =>
          toast({
            title: 'Could not export the BOQ',
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    );

  return {
    confirmRevise,
    setConfirmRevise,
    revising: revise.isPending,
    runRevise,
    exporting: exporting.isPending,
    runExport,
    deleting,
    setDeleting,
  };
}

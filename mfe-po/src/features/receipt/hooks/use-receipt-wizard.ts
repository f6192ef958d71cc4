/**
 * Everything the receipt wizard does, apart from drawing it: the values' store and the screen state
 * (one shape, receipt-wizard-state.ts), the draft kept on this device, the leave question, focus
 * between the steps, and sending.
 */
import type { PurchaseOrder } from '@erp/contracts';
import { useNavigate } from '@erp/ui';
import { useUnsavedChanges } from '@erp/ui/remote';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { poPath } from '../../shared/hooks/po-format';
import { createReceiptStore, type ReceiptStore } from './receipt-store';
import { checkStepOne, receiptExpectedAmount, receivableLines, type ReceiptLineInfo } from './receipt-values';
import { initialWizardState, readStart, useWizardState, type WizardDispatch } from './receipt-wizard-state';
import { useConfirmReceipt, type RefetchPo } from './use-confirm-receipt';
import { photoChooser, useDraftKeeper, useStartOver } from './use-draft-keeper';
import { useOnline } from './use-online';
import { useStepFocus } from './use-step-focus';

// A receipt sent earlier whose answer was lost is on the PO now (its id is this receipt's): it was
// recorded, so this one starts afresh rather than be sent again (which would record nothing).
function useRecordedAlready(
  po: PurchaseOrder,
  receiptId: string,
  finished: RefObject<boolean>,
  startOver: () => void,
  dispatch: WizardDispatch,
) {
  useEffect(() => {
    if (finished.current) return;
    const recorded = po.receipts.find((r) => r._id.toLowerCase() === receiptId.toLowerCase());
    if (!recorded) return;
    startOver();
    dispatch({ type: 'recordedAlready', invoiceNumber: recorded.invoice.invoiceNumber });
  }, [po, receiptId, startOver, finished, dispatch]);
}

// Typed lines that are no longer pending (the PO was read again): left out of the receipt, and said so.
function useDroppedLines(
  lines: readonly ReceiptLineInfo[],
  names: ReadonlyMap<string, string>,
  store: ReceiptStore,
  restoredDropped: readonly string[],
): string[] {
  const droppedNow = useMemo(() => {
    const receivable = new Set(lines.map((l) => l.itemId));
    return Object.entries(store.get().lines)
      .filter(
        ([itemId, l]) => !receivable.has(itemId) && (l.received.trim() !== '' || l.rejected.trim() !== ''),
      )
      .map(([itemId]) => names.get(itemId) ?? 'An item');
  }, [lines, names, store]);
  return [...new Set([...restoredDropped, ...droppedNow])];
}

export function useReceiptWizard(po: PurchaseOrder, refetch: RefetchPo) {
  const navigate = useNavigate();
  const online = useOnline();
  const lines = useMemo(() => receivableLines(po), [po]);
  const names = useMemo(() => new Map(po.items.map((l) => [l.itemId, l.item.name])), [po]);
  // What this device kept of a receipt on this PO, put back over the PO as it is now.
  const [start] = useState(() => readStart(po._id, lines, names));
  const [store] = useState(() => createReceiptStore(start.values));
  const [state, dispatch] = useWizardState(() => initialWizardState(start, lines));
  const stepRef = useRef<HTMLLIElement | null>(null);
  /** Sent (or discarded): nothing more to keep. */
  const finished = useRef(false);
  /** The kept photo has been read back (until then the draft keeps saying it has one). */
  const photoReady = useRef(!start.draft?.photo);
  const { dialog, allowLeave } = useUnsavedChanges(state.dirty);

  const keeper = { poId: po._id, store, start, state, dispatch, finished, photoReady };
  useDraftKeeper(keeper);
  const startOver = useStartOver({ ...keeper, lines });
  useRecordedAlready(po, state.receiptId, finished, startOver, dispatch);
  const dropped = useDroppedLines(lines, names, store, state.restoredDropped);
  useStepFocus({ step: state.step, stepRef, focusRequest: state.focusRequest, lines, dispatch });

  // What the invoice should come to (decision 0037); the lines cannot change on step 2, so it is worked out per step.
  const expected = useMemo(
    () => (state.step === 2 ? receiptExpectedAmount(po, store.get(), lines) : null),
    [po, store, lines, state.step],
  );
  const confirm = useConfirmReceipt({ po, refetch, store, lines, state, dispatch, finished, allowLeave });
  return {
    state,
    dispatch,
    store,
    lines,
    online,
    stepRef,
    dialog,
    dropped,
    expected,
    confirm,
    startOver,
    choosePhoto: photoChooser(keeper),
    goToDetails: () => {
      if (checkStepOne(store.get(), lines).ok) dispatch({ type: 'step', step: 2 });
    },
    cancel: () => void navigate(poPath(po._id)),
  };
}

export type ReceiptWizardModel = ReturnType<typeof useReceiptWizard>;

/**
 * Confirm Receipt (decision 0022): the values checked (the first problem shown and focused), an
 * invoice far from the expected amount asked about once, then the photo and the receipt sent
 * (submit-receipt.ts). Sent: the draft is forgotten and the user is taken to the PO list. Not sent:
 * offline, it stays on the device to send again; a photo refused or a PO changed meanwhile is said so.
 */
import { PO_MESSAGES, type PoResponse, type PurchaseOrder } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import { toast, useNavigate } from '@erp/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type RefObject } from 'react';
import { poKeys } from '../../shared/api/po-keys';
import { receiptRecordedState } from '../../shared/components/receipt-recorded-notice';
import { receivePo } from '../api/receive-po';
import { uploadPhoto } from '../api/upload-photo';
import { forgetDraft } from './receipt-draft';
import type { ReceiptStore } from './receipt-store';
import {
  checkStepOne,
  invoiceWarning,
  receiptContract,
  receiptExpectedAmount,
  receivableLines,
  type ReceiptLineInfo,
} from './receipt-values';
import type { WizardDispatch, WizardState } from './receipt-wizard-state';
import { isNetworkError, OFFLINE_WORDS, sendReceipt } from './submit-receipt';

const LIST = '/po/list';

const PHOTO_ERRORS: readonly string[] = [
  PO_MESSAGES.photoKind,
  PO_MESSAGES.photoTooLarge,
  PO_MESSAGES.photoMissing,
];

/** Reads the PO again (after a 409: the pending quantities changed). */
export type RefetchPo = () => Promise<{ data?: PurchaseOrder | undefined }>;

export interface ConfirmInput {
  po: PurchaseOrder;
  refetch: RefetchPo;
  store: ReceiptStore;
  lines: readonly ReceiptLineInfo[];
  state: WizardState;
  dispatch: WizardDispatch;
  /** Set once sent: nothing more to keep. */
  finished: RefObject<boolean>;
  /** Lets the page go without the leave question. */
  allowLeave: () => void;
}

/** Recorded: nothing more kept, the PO's queries updated, and on to /po/list. */
function useReceiptSent({ po, finished, allowLeave }: Pick<ConfirmInput, 'po' | 'finished' | 'allowLeave'>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (answer: PoResponse) => {
    finished.current = true;
    forgetDraft(po._id);
    allowLeave();
    toast({
      title: PO_MESSAGES.receiptCreated,
      description: `${po.poNumber} · ${po.vendor.name}`,
      variant: 'success',
    });
    queryClient.setQueryData(poKeys('po', po._id), answer.po);
    void queryClient.invalidateQueries({ queryKey: poKeys() });
    void queryClient.invalidateQueries({ queryKey: ['indent'] });
    // SPEC: on to /po/list; the list offers the PO just received ('View PO', decision 0037).
    void navigate(LIST, { state: receiptRecordedState(po._id, po.poNumber) });
  };
}

/** Not recorded: offline said so (the receipt stays on the device); otherwise the service's message. */
async function receiptFailed(
  error: unknown,
  { refetch, store, dispatch }: Pick<ConfirmInput, 'refetch' | 'store' | 'dispatch'>,
): Promise<void> {
  if (isNetworkError(error)) {
    dispatch({ type: 'sendFailed' });
    toast({ title: OFFLINE_WORDS.toast, description: OFFLINE_WORDS.toastDetail, variant: 'destructive' });
    return;
  }
  const message = errorMessage(error);
  toast({ title: message, variant: 'destructive' });
  if (PHOTO_ERRORS.includes(message)) dispatch({ type: 'photoError', message });
  if (error instanceof ApiError && error.status === 409) {
    // Another receipt was recorded meanwhile (or the PO closed): the pending quantities change on
    // screen, what was typed stays, and a line now above its pending shows why.
    const { data } = await refetch().catch(() => ({ data: undefined }));
    if (data && !checkStepOne(store.get(), receivableLines(data)).ok) dispatch({ type: 'step', step: 1 });
  }
}

/** The Confirm Receipt action; `amountChecked`: the amount question was answered 'Send Anyway'. */
export function useConfirmReceipt(input: ConfirmInput) {
  const { po, store, lines, state, dispatch } = input;
  const { receiptId, sending, photo } = state;
  const sent = useReceiptSent(input);
  const contract = useMemo(() => receiptContract(po._id, receiptId, lines), [po._id, receiptId, lines]);

  return async (amountChecked = false) => {
    if (sending) return;
    const values = store.get();
    const [first] = contract.problems(values);
    if (first) {
      toast({ title: first.message, variant: 'destructive' });
      dispatch({ type: 'invalid', field: first.field });
      return;
    }
    // An invoice far from the expected amount: asked once before sending; sending stays allowed.
    const warning = amountChecked
      ? null
      : invoiceWarning(values.invoiceAmount, receiptExpectedAmount(po, values, lines));
    if (warning) {
      dispatch({ type: 'askAmount', warning });
      return;
    }
    dispatch({ type: 'sendStarted' });
    try {
      const answer = await sendReceipt(
        {
          poId: po._id,
          receiptId,
          values,
          lines,
          photo: photo ? { blob: photo.blob, uploadedId: photo.uploadedId } : null,
          onUploaded: (id) => dispatch({ type: 'photoUploaded', id }),
        },
        { upload: uploadPhoto, receive: receivePo },
      );
      sent(answer);
    } catch (error) {
      await receiptFailed(error, input);
    } finally {
      dispatch({ type: 'sendEnded' });
    }
  };
}

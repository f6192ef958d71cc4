/**
 * The goods receipt wizard (SPEC §2 "Goods receipt", §5 "Receipt"): step 1 'Select Items &
 * Quantities', step 2 'Invoices & Receipt Details', then 'Confirm Receipt' uploads the photo and
 * records the receipt (decision 0022).
 *
 * Why not the form kit (useFormKit): its form re-renders as a whole on every keystroke (watch()),
 * which a 300-line PO on a phone cannot afford, and its drafts live in sessionStorage without the
 * photo. Here the values live in a small store (hooks/receipt-store.ts) that rows subscribe to one by
 * one, the check is the kit's formContract over the contract's ReceiptBody, the leave question is
 * the kit's useUnsavedChanges, and the draft (text, photo, receiptId) stays on the device per PO until
 * the receipt is sent.
 */
import { PO_MESSAGES, type PurchaseOrder } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import { Button, ConfirmDialog, Icon, keepClear, Spinner, theme, toast, useNavigate } from '@erp/ui';
import { FormSection, useUnsavedChanges } from '@erp/ui/remote';
import { focusField } from '@erp/ui/remote-form';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { poKeys } from '../../shared/api/po-keys';
import { receiptRecordedState } from '../../shared/components/receipt-recorded-notice';
import { poPath } from '../../shared/hooks/po-format';
import { receivePo } from '../api/receive-po';
import { uploadPhoto } from '../api/upload-photo';
import {
  draftText,
  DRAFT_FORMAT,
  forgetDraft,
  forgetPhoto,
  keepPhoto,
  keptPhoto,
  newReceiptId,
  restoreValues,
  type DraftPhotoMeta,
} from '../hooks/receipt-draft';
import { createReceiptStore, useReceiptValues, type ReceiptStore } from '../hooks/receipt-store';
import {
  checkStepOne,
  emptyReceiptValues,
  hasEntries,
  invoiceWarning,
  receiptContract,
  receiptExpectedAmount,
  receiptFieldId,
  receivableLines,
  type ReceiptLineInfo,
} from '../hooks/receipt-values';
import { isNetworkError, sendReceipt } from '../hooks/submit-receipt';
import { useOnline } from '../hooks/use-online';
import { InvoicePhoto, type ChosenPhoto } from './invoice-photo';
import { InvoiceFields, ReceiptSummary } from './receipt-details';
import { ReceiptLines } from './receipt-lines';
import { revealField } from './reveal-field';

const LIST = '/po/list';
const LINES_ID = 'receipt-lines';

export const OFFLINE_WORDS = {
  offline: 'You are offline: the receipt is kept on this device; send it when you are back online.',
  sendFailed:
    'The receipt could not be sent: the server could not be reached. It is kept on this device; press Confirm Receipt to send it again when the connection is back.',
  toast: 'Not sent: you appear to be offline',
  toastDetail: 'The receipt is kept on this device. Press Confirm Receipt again when you are back online.',
} as const;

const PHOTO_ERRORS: readonly string[] = [
  PO_MESSAGES.photoKind,
  PO_MESSAGES.photoTooLarge,
  PO_MESSAGES.photoMissing,
];

const Layout = styled.div`
  display: grid;
  gap: 1.25rem;
`;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0.5rem;
  & > li {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.5rem 0.75rem;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.md};
    background: ${theme.color.card};
    font-size: 0.875rem;
    font-weight: 500;
    color: ${theme.color.mutedForeground};
    min-width: 0;
    outline: none;
  }
  & > li[aria-current='step'] {
    border-color: ${theme.color.primary};
    color: ${theme.color.foreground};
    font-weight: 600;
  }
  & .dot {
    display: inline-grid;
    place-items: center;
    flex-shrink: 0;
    width: 1.5rem;
    height: 1.5rem;
    border-radius: 50%;
    font-size: 0.75rem;
    font-weight: 700;
    background: ${theme.color.muted};
  }
  & > li[aria-current='step'] .dot {
    background: ${theme.color.primary};
    color: ${theme.color.primaryForeground};
  }
  & > li.done .dot {
    background: ${theme.color.success};
    color: ${theme.color.successForeground};
  }
  ${theme.media.mobile} {
    & > li {
      padding: 0.375rem 0.5rem;
      font-size: 0.8125rem;
      line-height: 1.25;
    }
  }
`;

const Banner = styled.div<{ $tone: 'error' | 'info' | 'warning' }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  flex-wrap: wrap;
  padding: 0.75rem 1rem;
  border: 1px solid
    ${(p) => (p.$tone === 'error' ? '#fecaca' : p.$tone === 'warning' ? '#fde68a' : '#bfdbfe')};
  border-radius: ${theme.radius.md};
  background: ${(p) => (p.$tone === 'error' ? '#fef2f2' : p.$tone === 'warning' ? '#fffbeb' : '#eff6ff')};
  font-size: 0.875rem;
  & > p {
    flex: 1 1 18rem;
  }
`;

/**
 * The step's buttons stay on screen while a long PO scrolls. Desktops: at the bottom, the buttons
 * at its left (the toasts appear bottom-right). Phones: first, sticking under the header, clear of
 * the toasts and the bottom navigation, as the indent form's bar does; the buttons are full height
 * touch targets.
 */
const Bar = styled.div.attrs(keepClear)`
  position: sticky;
  bottom: 0.75rem;
  z-index: ${theme.z.sticky};
  display: flex;
  align-items: center;
  gap: 0.5rem;
  flex-wrap: wrap;
  padding: 0.75rem 1rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.color.card};
  box-shadow: ${theme.shadow.lg};
  & > .summary {
    margin-left: 0.5rem;
    font-size: 0.875rem;
    color: ${theme.color.mutedForeground};
  }
  & > .summary.problem {
    color: ${theme.color.destructive};
  }
  ${theme.media.mobile} {
    order: -1;
    top: calc(${theme.layout.header} + 0.5rem);
    bottom: auto;
    padding: 0.5rem 0.625rem;
    gap: 0.375rem 0.5rem;
    box-shadow: ${theme.shadow.md};
    & > .summary {
      order: -1;
      flex-basis: 100%;
      margin: 0;
      font-size: 0.8125rem;
      line-height: 1.3;
    }
    & > .summary:empty {
      display: none;
    }
    /* One row: the step's main button takes the width, the other beside it. */
    & > button {
      flex: 0 0 auto;
      padding: 0 0.875rem;
    }
    & > .primary {
      flex: 1 1 0;
      min-width: 0;
    }
  }
`;

const ShowLink = styled.button`
  border: 0;
  padding: 0.25rem;
  margin: -0.25rem 0;
  background: none;
  font: inherit;
  font-weight: 600;
  color: inherit;
  text-decoration: underline;
  cursor: pointer;
`;

const STEP_TITLES = { 1: 'Select Items & Quantities', 2: 'Invoices & Receipt Details' } as const;

function Stepper({ step, stepRef }: { step: 1 | 2; stepRef: RefObject<HTMLLIElement | null> }) {
  return (
    <nav aria-label="Receipt steps">
      <Steps>
        {([1, 2] as const).map((n) => (
          <li
            key={n}
            ref={n === step ? stepRef : undefined}
            tabIndex={n === step ? -1 : undefined}
            aria-current={n === step ? 'step' : undefined}
            className={n < step ? 'done' : undefined}
          >
            <span className="dot" aria-hidden="true">
              {n < step ? <Icon name="check" size={12} /> : n}
            </span>
            <span>
              <span
                style={{
                  position: 'absolute',
                  width: 1,
                  height: 1,
                  overflow: 'hidden',
                  clip: 'rect(0 0 0 0)',
                }}
              >
                Step {n}:{' '}
              </span>
              {STEP_TITLES[n]}
            </span>
          </li>
        ))}
      </Steps>
    </nav>
  );
}

/** Step 1's bar: the only part that looks at every line on each keystroke (to enable the button), and it only counts. */
function StepOneBar({
  store,
  lines,
  onNext,
  onCancel,
  onShow,
}: {
  store: ReceiptStore;
  lines: readonly ReceiptLineInfo[];
  onNext: () => void;
  onCancel: () => void;
  /** Brings a field with a problem on screen (a long PO's red line may be far away). */
  onShow: (field: string) => void;
}) {
  const values = useReceiptValues(store);
  const check = useMemo(() => checkStepOne(values, lines), [values, lines]);
  return (
    <Bar role="region" aria-label="Receipt actions">
      <Button
        className="primary"
        size="lg"
        onClick={onNext}
        disabled={!check.ok}
        aria-describedby="receipt-step-one-status"
      >
        Add Invoices & Photos
        <Icon name="arrowRight" />
      </Button>
      <Button variant="outline" size="lg" onClick={onCancel}>
        Cancel
      </Button>
      <span
        id="receipt-step-one-status"
        className={check.problems > 0 ? 'summary problem' : 'summary'}
        aria-live="polite"
      >
        {check.counted} of {lines.length} {lines.length === 1 ? 'item' : 'items'} received
        {check.reason ? ` · ${check.reason}` : ''}
        {check.firstProblem && (
          <>
            {' '}
            <ShowLink type="button" onClick={() => onShow(check.firstProblem!)}>
              Show
            </ShowLink>
          </>
        )}
      </span>
    </Bar>
  );
}

interface WizardPhoto extends ChosenPhoto {
  uploadedId: string | null;
}

const metaOf = (photo: WizardPhoto | null): DraftPhotoMeta | null =>
  photo
    ? { type: photo.blob.type, size: photo.blob.size, source: photo.source, uploadedId: photo.uploadedId }
    : null;

export interface ReceiptWizardProps {
  po: PurchaseOrder;
  /** Reads the PO again (after a 409: the pending quantities changed). */
  refetch: () => Promise<{ data?: PurchaseOrder | undefined }>;
}

export function ReceiptWizard({ po, refetch }: ReceiptWizardProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const online = useOnline();
  const lines = useMemo(() => receivableLines(po), [po]);
  const names = useMemo(() => new Map(po.items.map((l) => [l.itemId, l.item.name])), [po]);

  // What this device kept of a receipt on this PO, put back over the PO as it is now.
  const [start] = useState(() => {
    const draft = draftText.read(po._id);
    if (!draft) return { draft: null, values: emptyReceiptValues(lines), dropped: [] as string[] };
    const restored = restoreValues(draft, lines, names);
    return { draft, values: restored.values, dropped: restored.dropped };
  });
  const [store] = useState(() => createReceiptStore(start.values));
  const [receiptId, setReceiptId] = useState(() => start.draft?.receiptId ?? newReceiptId());
  const [step, setStep] = useState<1 | 2>(() =>
    start.draft?.step === 2 && checkStepOne(start.values, lines).ok ? 2 : 1,
  );
  const [photo, setPhotoState] = useState<WizardPhoto | null>(null);
  const [photoKept, setPhotoKept] = useState(true);
  const [photoLost, setPhotoLost] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [restored, setRestored] = useState(start.draft !== null);
  const [restoredDropped, setRestoredDropped] = useState(start.dropped);
  const [dirty, setDirty] = useState(start.draft !== null);
  const [keepFailed, setKeepFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendFailed, setSendFailed] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [recordedAlready, setRecordedAlready] = useState<string | null>(null);
  const [askDiscard, setAskDiscard] = useState(false);
  /** The invoice differs from the expected amount beyond the tolerance: asked once more before sending. */
  const [askAmount, setAskAmount] = useState<ReturnType<typeof invoiceWarning>>(null);
  const [generation, setGeneration] = useState(0);
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);
  const stepRef = useRef<HTMLLIElement | null>(null);
  /** Sent (or discarded): nothing more to keep. */
  const finished = useRef(false);
  /** The kept photo has been read back (until then the draft keeps saying it has one). */
  const photoReady = useRef(!start.draft?.photo);

  const { dialog, allowLeave } = useUnsavedChanges(dirty);

  // --- Keeping the draft ----------------------------------------------------------------------
  const latest = useRef({ step, photo, receiptId });
  latest.current = { step, photo, receiptId };
  const startPhoto = start.draft?.photo ?? null;

  const persist = useCallback(() => {
    if (finished.current) return;
    const values = store.get();
    const { step: s, photo: p, receiptId: id } = latest.current;
    const meta = photoReady.current ? metaOf(p) : startPhoto;
    const entered = hasEntries(values) || meta !== null;
    setDirty(entered);
    if (!entered) {
      draftText.remove(po._id);
      setKeepFailed(false);
      return;
    }
    const kept = draftText.write({
      format: DRAFT_FORMAT,
      poId: po._id,
      receiptId: id,
      step: s,
      savedAt: Date.now(),
      values,
      photo: meta,
    });
    setKeepFailed(!kept);
  }, [store, po._id, startPhoto]);

  // Written shortly after each change, at once when the page goes away (reload, tab closed) or the screen does.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      persist();
    };
    const unsubscribe = store.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(persist, 300);
    });
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [store, persist]);

  useEffect(() => {
    persist();
  }, [persist, step, photo, receiptId]);

  // The kept photo comes back from IndexedDB (or is gone: said so). With no draft, a photo left behind is removed.
  useEffect(() => {
    if (!startPhoto) {
      if (!start.draft) void forgetPhoto(po._id);
      return;
    }
    let live = true;
    void keptPhoto(po._id).then((blob) => {
      if (!live) return;
      photoReady.current = true;
      if (blob)
        setPhotoState(
          (current) => current ?? { blob, source: startPhoto.source, uploadedId: startPhoto.uploadedId },
        );
      else setPhotoLost(true);
    });
    return () => {
      live = false;
    };
  }, [po._id, start.draft, startPhoto]);

  const setPhoto = (next: ChosenPhoto | null) => {
    photoReady.current = true;
    setPhotoError(null);
    setPhotoLost(false);
    setPhotoState(next ? { ...next, uploadedId: null } : null);
    if (next) void keepPhoto(po._id, next.blob).then(setPhotoKept, () => setPhotoKept(false));
    else {
      setPhotoKept(true);
      void forgetPhoto(po._id);
    }
  };

  const startOver = useCallback(() => {
    forgetDraft(po._id);
    store.replace(emptyReceiptValues(lines));
    photoReady.current = true;
    setPhotoState(null);
    setPhotoLost(false);
    setPhotoError(null);
    setReceiptId(newReceiptId());
    setStep(1);
    setRestored(false);
    setRestoredDropped([]);
    setShowErrors(false);
    setSendFailed(false);
    setGeneration((g) => g + 1);
  }, [po._id, store, lines]);

  // A receipt sent earlier whose answer was lost is on the PO now (its id is this receipt's): it was
  // recorded, so this one starts afresh rather than be sent again (which would record nothing).
  useEffect(() => {
    if (finished.current) return;
    const recorded = po.receipts.find((r) => r._id.toLowerCase() === receiptId.toLowerCase());
    if (!recorded) return;
    startOver();
    setRecordedAlready(recorded.invoice.invoiceNumber);
  }, [po, receiptId, startOver]);

  // Typed lines that are no longer pending (the PO was read again): left out of the receipt, and said so.
  const droppedNow = useMemo(() => {
    const receivable = new Set(lines.map((l) => l.itemId));
    return Object.entries(store.get().lines)
      .filter(
        ([itemId, l]) => !receivable.has(itemId) && (l.received.trim() !== '' || l.rejected.trim() !== ''),
      )
      .map(([itemId]) => names.get(itemId) ?? 'An item');
  }, [lines, names, store]);
  const dropped = [...new Set([...restoredDropped, ...droppedNow])];

  // --- Steps and focus ----------------------------------------------------------------------------
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
    stepRef.current?.focus({ preventScroll: true });
  }, [step]);

  useEffect(() => {
    if (!focusRequest) return;
    const { field } = focusRequest;
    const id = receiptFieldId(field);
    const line = /^lines\.([^.]+)\./.exec(field);
    if (line) {
      const index = lines.findIndex((l) => l.itemId === line[1]);
      if (step === 1) revealField(id, Math.max(0, index), lines.length, LINES_ID);
    } else if (step === 2) requestAnimationFrame(() => focusField(id));
    setFocusRequest(null);
  }, [focusRequest, step, lines]);

  const goToDetails = () => {
    if (!checkStepOne(store.get(), lines).ok) return;
    setStep(2);
  };

  // --- Sending ------------------------------------------------------------------------------------
  const contract = useMemo(() => receiptContract(po._id, receiptId, lines), [po._id, receiptId, lines]);
  // What the invoice should come to (decision 0037); the lines cannot change on step 2, so it is worked out per step.
  const expected = useMemo(
    () => (step === 2 ? receiptExpectedAmount(po, store.get(), lines) : null),
    [po, store, lines, step],
  );

  const confirm = async (amountChecked = false) => {
    if (sending) return;
    const values = store.get();
    const [first] = contract.problems(values);
    if (first) {
      setShowErrors(true);
      toast({ title: first.message, variant: 'destructive' });
      if (first.field.startsWith('lines')) setStep(1);
      setFocusRequest({ field: first.field });
      return;
    }
    // An invoice far from the expected amount: asked once before sending; sending stays allowed.
    const warning = amountChecked
      ? null
      : invoiceWarning(values.invoiceAmount, receiptExpectedAmount(po, values, lines));
    if (warning) {
      setAskAmount(warning);
      return;
    }
    setSending(true);
    setSendFailed(false);
    setPhotoError(null);
    try {
      const answer = await sendReceipt(
        {
          poId: po._id,
          receiptId,
          values,
          lines,
          photo: photo ? { blob: photo.blob, uploadedId: photo.uploadedId } : null,
          onUploaded: (id) => setPhotoState((p) => (p ? { ...p, uploadedId: id } : p)),
        },
        { upload: uploadPhoto, receive: receivePo },
      );
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
    } catch (error) {
      if (isNetworkError(error)) {
        setSendFailed(true);
        toast({ title: OFFLINE_WORDS.toast, description: OFFLINE_WORDS.toastDetail, variant: 'destructive' });
        return;
      }
      const message = errorMessage(error);
      toast({ title: message, variant: 'destructive' });
      if (PHOTO_ERRORS.includes(message)) setPhotoError(message);
      if (error instanceof ApiError && error.status === 409) {
        // Another receipt was recorded meanwhile (or the PO closed): the pending quantities change on
        // screen, what was typed stays, and a line now above its pending shows why.
        const { data } = await refetch().catch(() => ({ data: undefined }));
        if (data && !checkStepOne(store.get(), receivableLines(data)).ok) setStep(1);
      }
    } finally {
      setSending(false);
    }
  };

  // --- Screen ---------------------------------------------------------------------------------------
  const banners: ReactNode[] = [];
  if (!online || sendFailed)
    banners.push(
      <Banner key="offline" $tone="warning" role="status">
        <p>
          <strong>{online ? 'Not sent. ' : 'Offline. '}</strong>
          {online ? OFFLINE_WORDS.sendFailed : OFFLINE_WORDS.offline}
        </p>
      </Banner>,
    );
  if (recordedAlready !== null)
    banners.push(
      <Banner key="recorded" $tone="info" role="status">
        <p>
          The receipt you were sending (invoice {recordedAlready || 'without a number'}) was recorded on this
          purchase order; the pending quantities below already count it. Enter a new receipt only for another
          delivery.
        </p>
        <Button variant="outline" size="sm" onClick={() => setRecordedAlready(null)}>
          OK
        </Button>
      </Banner>,
    );
  if (restored)
    banners.push(
      <Banner key="restored" $tone="info" role="status">
        <p>The receipt you started on this device was restored. It has not been sent yet.</p>
        <Button variant="outline" size="sm" onClick={() => setAskDiscard(true)} disabled={sending}>
          Start Over
        </Button>
      </Banner>,
    );
  if (dropped.length > 0)
    banners.push(
      <Banner key="dropped" $tone="warning" role="status">
        <p>No longer pending on this purchase order, so left out of this receipt: {dropped.join(', ')}.</p>
      </Banner>,
    );
  if (photoLost)
    banners.push(
      <Banner key="photo" $tone="warning" role="status">
        <p>The invoice photo could not be restored on this device: take or choose it again.</p>
      </Banner>,
    );
  if (keepFailed)
    banners.push(
      <Banner key="keep" $tone="error" role="alert">
        <p>
          This device could not keep a copy of the receipt (its storage is full or turned off): send it before
          you reload or leave the page.
        </p>
      </Banner>,
    );

  return (
    <Layout>
      <Stepper step={step} stepRef={stepRef} />
      {banners}
      {step === 1 ? (
        <>
          <FormSection
            title="Pending Items"
            description="Enter what arrived on this delivery; leave an item empty if none of it came. Accepted = received − rejected."
          >
            <div id={LINES_ID}>
              <ReceiptLines key={generation} store={store} lines={lines} disabled={sending} />
            </div>
          </FormSection>
          <StepOneBar
            store={store}
            lines={lines}
            onNext={goToDetails}
            onCancel={() => void navigate(poPath(po._id))}
            onShow={(field) => setFocusRequest({ field })}
          />
        </>
      ) : (
        <>
          <ReceiptSummary store={store} lines={lines} />
          <InvoiceFields
            key={generation}
            store={store}
            showErrors={showErrors}
            disabled={sending}
            expected={expected}
          />
          <InvoicePhoto
            store={store}
            photo={photo}
            onPhoto={setPhoto}
            kept={photoKept}
            disabled={sending}
            serverError={photoError}
          />
          <Bar role="region" aria-label="Receipt actions">
            <Button
              className="primary"
              size="lg"
              onClick={() => void confirm()}
              disabled={sending}
              aria-busy={sending || undefined}
            >
              {sending ? <Spinner /> : <Icon name="check" />}
              {sending ? 'Sending...' : 'Confirm Receipt'}
            </Button>
            <Button variant="outline" size="lg" onClick={() => setStep(1)} disabled={sending}>
              <Icon name="arrowLeft" />
              Back to Items
            </Button>
            <span className="summary">{online ? '' : 'Offline: kept on this device'}</span>
          </Bar>
        </>
      )}
      <ConfirmDialog
        {...dialog}
        title="Leave this receipt?"
        description="It has not been sent yet. What you entered stays on this device and comes back when you open this receipt again."
        cancelLabel="Stay"
        confirmLabel="Leave"
      />
      <ConfirmDialog
        open={askAmount !== null}
        title={askAmount?.title ?? ''}
        description={`${askAmount?.text ?? ''} Send the receipt with this amount?`}
        cancelLabel="Check Amount"
        confirmLabel="Send Anyway"
        onCancel={() => {
          setAskAmount(null);
          setFocusRequest({ field: 'invoiceAmount' });
        }}
        onConfirm={() => {
          setAskAmount(null);
          void confirm(true);
        }}
      />
      <ConfirmDialog
        open={askDiscard}
        title="Start over?"
        description="The quantities, invoice details and photo entered for this receipt are removed from this device."
        cancelLabel="Keep Them"
        confirmLabel="Start Over"
        destructive
        onCancel={() => setAskDiscard(false)}
        onConfirm={() => {
          setAskDiscard(false);
          startOver();
        }}
      />
    </Layout>
  );
}

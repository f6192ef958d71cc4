/**
 * The receipt wizard's screen state in one shape (what used to be some twenty separate useStates):
 * the step, the photo and what became of it, the banners' reasons, the sending state, the questions
 * open and the field to bring on screen. The values typed live in the receipt store
 * (receipt-store.ts), the draft on the device (receipt-draft.ts); this is only what the screen shows.
 *
 * Every change goes through wizardReducer, which answers the same object when nothing changed, so a
 * change to the same value re-renders nothing (as a useState set to its own value did): the draft
 * keeper reports `dirty` and `keepFailed` after every keystroke.
 */
import { useCallback, useState } from 'react';
import {
  draftText,
  newReceiptId,
  restoreValues,
  type DraftPhotoMeta,
  type ReceiptDraft,
} from './receipt-draft';
import {
  checkStepOne,
  emptyReceiptValues,
  type InvoiceWarning,
  type ReceiptLineInfo,
  type ReceiptValues,
} from './receipt-values';

/** A photo taken or chosen for the invoice. */
export interface ChosenPhoto {
  blob: Blob;
  source: 'camera' | 'file';
}

export interface WizardPhoto extends ChosenPhoto {
  uploadedId: string | null;
}

export type WizardStep = 1 | 2;

/** What this device kept of a receipt on this PO, put back over the PO as it is now. */
export interface WizardStart {
  draft: ReceiptDraft | null;
  values: ReceiptValues;
  dropped: string[];
}

export interface WizardState {
  receiptId: string;
  step: WizardStep;
  photo: WizardPhoto | null;
  /** The photo's bytes are kept on this device (false: lost on a reload). */
  photoKept: boolean;
  /** The draft had a photo that could not be read back. */
  photoLost: boolean;
  /**
   * The draft's photo is being read back from the device. A photo chosen meanwhile, or a Start Over
   * (the draft's receipt found recorded already, say), makes what comes back stale: it is dropped.
   */
  photoPending: boolean;
  /** A problem the service reported about the photo. */
  photoError: string | null;
  /** The draft was put back (the 'restored' banner, with Start Over). */
  restored: boolean;
  /** Lines of the restored draft that are no longer pending. */
  restoredDropped: string[];
  /** Something was entered (the leave question is asked). */
  dirty: boolean;
  /** The device refused to keep the draft. */
  keepFailed: boolean;
  sending: boolean;
  /** The last send could not reach the server. */
  sendFailed: boolean;
  showErrors: boolean;
  /** The invoice number of a receipt recorded earlier whose answer was lost (null: none). */
  recordedAlready: string | null;
  askDiscard: boolean;
  /** The invoice differs from the expected amount beyond the tolerance: asked once more before sending. */
  askAmount: InvoiceWarning | null;
  /** Bumped on Start Over: uncontrolled inputs use it in their key. */
  generation: number;
  /** A field to bring on screen (and focus) once the step shows it. */
  focusRequest: { field: string } | null;
}

export type WizardAction =
  | { type: 'step'; step: WizardStep }
  | { type: 'kept'; dirty: boolean; keepFailed: boolean }
  | { type: 'photoChosen'; photo: ChosenPhoto | null }
  | { type: 'photoKept'; kept: boolean }
  | { type: 'photoRestored'; photo: WizardPhoto }
  | { type: 'photoLost' }
  | { type: 'photoUploaded'; id: string | null }
  | { type: 'photoError'; message: string }
  | { type: 'startOver'; receiptId: string }
  | { type: 'recordedAlready'; invoiceNumber: string | null }
  | { type: 'invalid'; field: string }
  | { type: 'focus'; field: string }
  | { type: 'focusDone' }
  | { type: 'askAmount'; warning: InvoiceWarning | null }
  | { type: 'askDiscard'; open: boolean }
  | { type: 'sendStarted' }
  | { type: 'sendFailed' }
  | { type: 'sendEnded' };

/** The draft kept on this device for this PO, over the PO as it is now (none: empty values). */
export function readStart(
  poId: string,
  lines: readonly ReceiptLineInfo[],
  names: ReadonlyMap<string, string>,
): WizardStart {
  const draft = draftText.read(poId);
  if (!draft) return { draft: null, values: emptyReceiptValues(lines), dropped: [] };
  const restored = restoreValues(draft, lines, names);
  return { draft, values: restored.values, dropped: restored.dropped };
}

/** A restored draft opens on step 2 only when its step 1 is still complete. */
export function initialWizardState(
  start: WizardStart,
  lines: readonly ReceiptLineInfo[],
  newId: () => string = newReceiptId,
): WizardState {
  return {
    receiptId: start.draft?.receiptId ?? newId(),
    step: start.draft?.step === 2 && checkStepOne(start.values, lines).ok ? 2 : 1,
    photo: null,
    photoKept: true,
    photoLost: false,
    photoPending: start.draft?.photo != null,
    photoError: null,
    restored: start.draft !== null,
    restoredDropped: start.dropped,
    dirty: start.draft !== null,
    keepFailed: false,
    sending: false,
    sendFailed: false,
    showErrors: false,
    recordedAlready: null,
    askDiscard: false,
    askAmount: null,
    generation: 0,
    focusRequest: null,
  };
}

/** The state with these changes; the same object when none of them changes anything. */
function patch(state: WizardState, changes: Partial<WizardState>): WizardState {
  const keys = Object.keys(changes) as (keyof WizardState)[];
  return keys.every((k) => Object.is(state[k], changes[k])) ? state : { ...state, ...changes };
}

/** What a photo event changes; null when the action is not about the photo. */
function photoChanges(state: WizardState, action: WizardAction): Partial<WizardState> | null {
  switch (action.type) {
    case 'photoChosen': {
      const next = action.photo;
      return {
        photoError: null,
        photoLost: false,
        photoPending: false,
        photo: next ? { ...next, uploadedId: null } : null,
        // A new photo is kept (or not) once the device answers; no photo has nothing to lose.
        ...(next ? {} : { photoKept: true }),
      };
    }
    case 'photoKept':
      return { photoKept: action.kept };
    case 'photoRestored':
      // A photo taken meanwhile wins over the one read back, and nothing comes back after a Start Over.
      return state.photoPending ? { photo: state.photo ?? action.photo, photoPending: false } : {};
    case 'photoLost':
      return state.photoPending ? { photoLost: true, photoPending: false } : {};
    case 'photoUploaded':
      return { photo: state.photo ? { ...state.photo, uploadedId: action.id } : state.photo };
    case 'photoError':
      return { photoError: action.message };
    default:
      return null;
  }
}

/** Start Over: empty values (in the store), a new receipt id, step 1, nothing restored or failed. */
const startOver = (state: WizardState, receiptId: string): Partial<WizardState> => ({
  photo: null,
  photoLost: false,
  photoPending: false,
  photoError: null,
  receiptId,
  step: 1,
  restored: false,
  restoredDropped: [],
  showErrors: false,
  sendFailed: false,
  generation: state.generation + 1,
});

function changesOf(state: WizardState, action: WizardAction): Partial<WizardState> {
  switch (action.type) {
    case 'step':
      return { step: action.step };
    case 'kept':
      return { dirty: action.dirty, keepFailed: action.keepFailed };
    case 'startOver':
      return startOver(state, action.receiptId);
    case 'recordedAlready':
      return { recordedAlready: action.invoiceNumber };
    case 'invalid':
      // The first problem: every message shows, its step is opened and the field brought on screen.
      return {
        showErrors: true,
        step: action.field.startsWith('lines') ? 1 : state.step,
        focusRequest: { field: action.field },
      };
    case 'focus':
      return { focusRequest: { field: action.field } };
    case 'focusDone':
      return { focusRequest: null };
    case 'askAmount':
      return { askAmount: action.warning };
    case 'askDiscard':
      return { askDiscard: action.open };
    case 'sendStarted':
      return { sending: true, sendFailed: false, photoError: null };
    case 'sendFailed':
      return { sendFailed: true };
    case 'sendEnded':
      return { sending: false };
    default:
      return photoChanges(state, action) ?? {};
  }
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  return patch(state, changesOf(state, action));
}

export type WizardDispatch = (action: WizardAction) => void;

/**
 * The wizard's state and its dispatch. Built on useState with an updater (not useReducer) so that an
 * action changing nothing is dropped before any render, as the separate useStates did.
 */
export function useWizardState(init: () => WizardState): [WizardState, WizardDispatch] {
  const [state, setState] = useState(init);
  const dispatch = useCallback<WizardDispatch>(
    (action) => setState((current) => wizardReducer(current, action)),
    [],
  );
  return [state, dispatch];
}

/** What the draft keeps of the photo (its bytes are in IndexedDB). */
export const metaOf = (photo: WizardPhoto | null): DraftPhotoMeta | null =>
  photo
    ? { type: photo.blob.type, size: photo.blob.size, source: photo.source, uploadedId: photo.uploadedId }
    : null;

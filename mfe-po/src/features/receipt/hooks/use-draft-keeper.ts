/**
 * Keeping the receipt being entered on this device until it is sent (receipt-draft.ts): the text is
 * written shortly after each change, at once when the page goes away; the photo's bytes are kept on
 * their own and read back when the wizard opens again. What the wizard shows of it (dirty, kept or
 * not, photo lost) goes to its state.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import {
  draftText,
  DRAFT_FORMAT,
  forgetDraft,
  forgetPhoto,
  keepPhoto,
  keptPhoto,
  newReceiptId,
} from './receipt-draft';
import type { ReceiptStore } from './receipt-store';
import { emptyReceiptValues, hasEntries, type ReceiptLineInfo } from './receipt-values';
import {
  metaOf,
  type ChosenPhoto,
  type WizardDispatch,
  type WizardStart,
  type WizardState,
} from './receipt-wizard-state';

export interface DraftKeeperInput {
  poId: string;
  store: ReceiptStore;
  start: WizardStart;
  state: WizardState;
  dispatch: WizardDispatch;
  /** Sent (or discarded): nothing more to keep. */
  finished: RefObject<boolean>;
  /** The kept photo has been read back (until then the draft keeps saying it has one). */
  photoReady: RefObject<boolean>;
}

/** Writes the draft (or removes it when nothing is entered) after each change of the values, step, photo or id. */
export function useDraftKeeper({
  poId,
  store,
  start,
  state,
  dispatch,
  finished,
  photoReady,
}: DraftKeeperInput) {
  const { step, photo, receiptId } = state;
  const latest = useRef({ step, photo, receiptId });
  latest.current = { step, photo, receiptId };
  const startPhoto = start.draft?.photo ?? null;

  const persist = useCallback(() => {
    if (finished.current) return;
    const values = store.get();
    const { step: s, photo: p, receiptId: id } = latest.current;
    const meta = photoReady.current ? metaOf(p) : startPhoto;
    const entered = hasEntries(values) || meta !== null;
    if (!entered) {
      dispatch({ type: 'kept', dirty: false, keepFailed: false });
      draftText.remove(poId);
      return;
    }
    const kept = draftText.write({
      format: DRAFT_FORMAT,
      poId,
      receiptId: id,
      step: s,
      savedAt: Date.now(),
      values,
      photo: meta,
    });
    dispatch({ type: 'kept', dirty: true, keepFailed: !kept });
  }, [store, poId, startPhoto, dispatch, finished, photoReady]);

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

  useKeptPhotoBack({ poId, start, dispatch, photoReady });
}

/** The kept photo comes back from IndexedDB (or is gone: said so). With no draft, a photo left behind is removed. */
function useKeptPhotoBack({
  poId,
  start,
  dispatch,
  photoReady,
}: Pick<DraftKeeperInput, 'poId' | 'start' | 'dispatch' | 'photoReady'>) {
  const startPhoto = start.draft?.photo ?? null;
  useEffect(() => {
    if (!startPhoto) {
      if (!start.draft) void forgetPhoto(poId);
      return;
    }
    let live = true;
    void keptPhoto(poId).then((blob) => {
      if (!live) return;
      photoReady.current = true;
      if (blob)
        dispatch({
          type: 'photoRestored',
          photo: { blob, source: startPhoto.source, uploadedId: startPhoto.uploadedId },
        });
      else dispatch({ type: 'photoLost' });
    });
    return () => {
      live = false;
    };
  }, [poId, start.draft, startPhoto, dispatch, photoReady]);
}

/** A photo taken or chosen (null: removed): shown at once, its bytes kept on this device (or removed). */
export function photoChooser({
  poId,
  dispatch,
  photoReady,
}: Pick<DraftKeeperInput, 'poId' | 'dispatch' | 'photoReady'>) {
  return (next: ChosenPhoto | null) => {
    photoReady.current = true;
    dispatch({ type: 'photoChosen', photo: next });
    if (next)
      void keepPhoto(poId, next.blob).then(
        (kept) => dispatch({ type: 'photoKept', kept }),
        () => dispatch({ type: 'photoKept', kept: false }),
      );
    else void forgetPhoto(poId);
  };
}

export interface StartOverInput extends Pick<DraftKeeperInput, 'poId' | 'store' | 'dispatch' | 'photoReady'> {
  lines: readonly ReceiptLineInfo[];
}

/** Start Over: everything kept is removed, the values emptied, a new receipt id. */
export function useStartOver({ poId, store, dispatch, photoReady, lines }: StartOverInput) {
  return useCallback(() => {
    forgetDraft(poId);
    store.replace(emptyReceiptValues(lines));
    photoReady.current = true;
    dispatch({ type: 'startOver', receiptId: newReceiptId() });
  }, [poId, store, lines, dispatch, photoReady]);
}

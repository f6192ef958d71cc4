import { ApiError, errorMessage } from '@erp/sdk';
import { toast, type ConfirmDialogProps, type ToastOptions } from '@erp/ui';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type BaseSyntheticEvent,
  type RefObject,
} from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import type { FormContract, FormProblem } from './contract';
// Through the shared remote kit, so the drafts and the navigation guard are the page's one copy.
import { formDrafts, useUnsavedChanges, type DraftAddress } from '@erp/ui/remote';

/** The record a form edits, as the API gives it: its id and the version it was read at (a save sends that version; stale -> 409). */
export interface FormRecord {
  _id: string;
  version: number;
}

/** A 409 about one field (a name already taken): which field, and what to do about it. */
export interface ConflictField<V extends FieldValues> {
  field: FieldPath<V>;
  advice?: string;
}

/** Where the record's latest version comes from (the record's query), and how it becomes the form's values. */
export interface LatestRecord<V, T extends { version: number }> {
  refetch: () => Promise<{ data?: T | undefined }>;
  toValues: (record: T) => V;
}

export interface UseFormKitOptions<
  V extends FieldValues,
  R,
  T extends { version: number } = { version: number },
> {
  /** Names the form: its fields' ids are `${id}-${path}` ('vendor-name', 'item-vendors-0-price'), and its drafts. */
  id: string;
  /** The record edited; null for a new one. */
  record: FormRecord | null;
  /** The values the form starts from (read once; again only when the latest version is loaded). */
  initial: V;
  /** The form's check: its rules and the contract's schema (formContract). */
  contract: FormContract<V>;
  readOnly?: boolean;
  /** Save stays refused (silently, its button disabled) until this holds, e.g. SPEC §5's required fields. */
  canSubmit?: (values: V) => boolean;
  /** The toast for the first problem on Save, in the screen's words (default: the message as its title). */
  problemToast?: (problem: FormProblem, values: V) => Omit<ToastOptions, 'variant'>;
  /** Sends the values; `version` is the version the form was read at. Throw (ApiError) to fail. */
  save: (values: V, version: number | undefined) => Promise<R>;
  /** After a save: the success toast and where to go. Leaving asks nothing from then on. */
  onSaved: (result: R) => void;
  /** A 409 whose message is about one field (e.g. /name/ -> 'name'); that field is marked. */
  conflictField?: (message: string) => ConflictField<V> | undefined;
  /** The record's latest version, for the stale-save banner's "Load latest version". */
  latest?: LatestRecord<V, T> | null | undefined;
}

export type FormBanner =
  { kind: 'stale'; message: string } | { kind: 'conflict'; message: string; advice?: string | undefined };

export interface FormKit<V extends FieldValues> {
  id: string;
  form: UseFormReturn<V>;
  /** The current values (the form re-renders as they change). */
  values: V;
  /** Something differs from what was loaded (react-hook-form's isDirty); leaving asks first. */
  dirty: boolean;
  saving: boolean;
  readOnly: boolean;
  /** The version the form was read at, which a save sends. */
  version: number | undefined;
  /** The id of a field's control: `${id}-${path with dots as dashes}`. */
  fieldId: (name: string) => string;
  /** Sets a value as the user's change (dirty; checked again once Save was pressed). */
  set: <N extends FieldPath<V>>(name: N, value: PathValue<V, N>) => void;
  patch: (partial: Partial<V>) => void;
  /** The form's onSubmit: the check, then the first problem as a toast with its field marked and focused, or the save. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** Cancel that does not navigate (an edit mode closing): asks 'Discard Changes?' first when there are changes. */
  discard: (then: () => void) => void;
  /** For FormShell: the 409 banner, the restored-draft notice, and the two questions. */
  banner: FormBanner | null;
  restored: boolean;
  loadingLatest: boolean;
  loadLatest: (() => void) | undefined;
  forgetRestored: () => void;
  leaveDialog: Pick<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel'>;
  discardDialog: Pick<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel'>;
}

/** The services' words for a stale save ("This item was changed by someone else. Reload to see …"). */
const STALE = /changed by someone else/i;
const DRAFT_DELAY_MS = 300;

/**
 * The first problem's field on screen: scrolled into view clear of the sticky header (the Field's
 * scroll-margin) and focused. Fields without their own control (a list) take their first control's.
 */
export function focusField(id: string): void {
  if (typeof document === 'undefined') return;
  const el = document.getElementById(id) ?? document.querySelector<HTMLElement>(`[id^="${CSS.escape(id)}-"]`);
  if (!el) return;
  (el.closest('[data-form-field]') ?? el).scrollIntoView({ block: 'nearest' });
  el.focus({ preventScroll: true });
}

/** Put back what was typed before a crash (Retry) or a reload, still unsaved (dirty). */
function useRestoredDraft<V extends FieldValues>(
  form: UseFormReturn<V>,
  readOnly: boolean,
  addressRef: RefObject<DraftAddress>,
) {
  const [restored, setRestored] = useState(false);
  useLayoutEffect(() => {
    if (readOnly) return;
    formDrafts.pruneOtherVersions(addressRef.current);
    const draft = formDrafts.restorable(addressRef.current, form.getValues());
    if (draft) {
      form.reset(draft, { keepDefaultValues: true });
      setRestored(true);
    }
  }, [form, readOnly, addressRef]);
  return [restored, setRestored] as const;
}

/**
 * Keep the draft: written shortly after each change, and at once when the form goes away (an
 * error boundary replacing it) or the page does (reload). Nothing once `finished` (saved or discarded).
 */
function useDraftKeeping<V extends FieldValues>(
  form: UseFormReturn<V>,
  readOnly: boolean,
  refs: { dirty: RefObject<boolean>; address: RefObject<DraftAddress>; finished: RefObject<boolean> },
): void {
  useEffect(() => {
    if (readOnly) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (refs.finished.current) return;
      if (refs.dirty.current) formDrafts.write(refs.address.current, form.getValues());
      else formDrafts.remove(refs.address.current);
    };
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: () => {
        clearTimeout(timer);
        timer = setTimeout(flush, DRAFT_DELAY_MS);
      },
    });
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [form, readOnly, refs]);
}

/** Focuses a field (by its control's id) once the form has rendered it enabled again (after the check, or a failed save). */
function useFocusRequest(saving: boolean): (id: string) => void {
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (!focusRequest || saving) return;
    focusField(focusRequest.id);
    setFocusRequest(null);
  }, [focusRequest, saving]);
  return (id) => setFocusRequest({ id });
}

/**
 * A failed save: a stale version (409) shows the banner that offers the latest version; a 409 about
 * one field marks it; every failure is a toast with the service's message. The form keeps everything
 * typed, so the user can correct and save again.
 */
function showSaveFailure<V extends FieldValues>(
  error: unknown,
  options: { conflictField?: UseFormKitOptions<V, unknown>['conflictField']; latest?: unknown },
  on: {
    form: UseFormReturn<V>;
    setBanner: (banner: FormBanner) => void;
    requestFocus: (name: string) => void;
  },
): void {
  if (error instanceof ApiError && error.status === 409) {
    if (options.latest && STALE.test(error.message)) {
      on.setBanner({ kind: 'stale', message: error.message });
    } else {
      const conflict = options.conflictField?.(error.message);
      if (conflict) {
        on.form.setError(conflict.field, { type: 'conflict', message: error.message });
        on.requestFocus(conflict.field);
      }
      on.setBanner({ kind: 'conflict', message: error.message, advice: conflict?.advice });
    }
  }
  toast({ title: errorMessage(error), variant: 'destructive' });
}

/** "Load latest version" of the stale-save banner: the record read again, the form reset to it, the draft dropped. */
function useLoadLatest<V extends FieldValues, T extends { version: number }>(
  latest: LatestRecord<V, T> | null | undefined,
  form: UseFormReturn<V>,
  addressRef: RefObject<DraftAddress>,
  loaded: (values: V, version: number) => void,
) {
  const [loadingLatest, setLoadingLatest] = useState(false);
  const loadLatest = latest
    ? () => {
        setLoadingLatest(true);
        latest
          .refetch()
          .then(({ data }) => {
            if (!data) return;
            const values = latest.toValues(data);
            formDrafts.remove(addressRef.current);
            form.reset(values);
            loaded(values, data.version);
          })
          .catch((error: unknown) => toast({ title: errorMessage(error), variant: 'destructive' }))
          .finally(() => setLoadingLatest(false));
      }
    : undefined;
  return { loadingLatest, loadLatest };
}

/** The form's state and its draft's address, from the values and version it was (last) loaded at. */
function useFormBase<V extends FieldValues, R, T extends { version: number }>(
  options: UseFormKitOptions<V, R, T>,
) {
  const { id, record, contract, readOnly = false } = options;
  const [base, setBase] = useState(() => ({ values: options.initial, version: record?.version }));
  const address: DraftAddress = useMemo(
    () => ({ form: id, record: record?._id ?? null, version: base.version }),
    [id, record?._id, base.version],
  );
  const addressRef = useRef(address);
  addressRef.current = address;
  const form = useForm<V>({
    defaultValues: base.values as DefaultValues<V>,
    resolver: contract.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const dirty = !readOnly && form.formState.isDirty;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  /** Saved or discarded: nothing left to keep as a draft. */
  const finished = useRef(false);
  const refs = useMemo(() => ({ dirty: dirtyRef, address: addressRef, finished }), []);
  return { base, setBase, form, dirty, refs };
}

/**
 * The form's submit: the contract check, then the save (a failure shown, what was typed kept) or the
 * first problem as a toast in the screen's words with its field focused.
 */
function submitHandler<V extends FieldValues, R, T extends { version: number }>(
  form: UseFormReturn<V>,
  options: RefObject<UseFormKitOptions<V, R, T>>,
  on: {
    version: number | undefined;
    setBanner: (banner: FormBanner | null) => void;
    setSaving: (saving: boolean) => void;
    requestFocus: (name: string) => void;
    saved: () => void;
  },
) {
  return form.handleSubmit(
    async (valid) => {
      on.setBanner(null);
      on.setSaving(true);
      let result: R;
      try {
        result = await options.current.save(valid, on.version);
      } catch (error) {
        showSaveFailure(error, options.current, {
          form,
          setBanner: on.setBanner,
          requestFocus: on.requestFocus,
        });
        return;
      } finally {
        on.setSaving(false);
      }
      on.saved();
      options.current.onSaved(result);
    },
    () => {
      const current = form.getValues();
      const [first] = options.current.contract.problems(current);
      if (!first) return;
      const words = options.current.problemToast?.(first, current) ?? { title: first.message };
      toast({ ...words, variant: 'destructive' });
      on.requestFocus(first.field);
    },
  );
}

/** The two questions: leaving with changes, and discarding them (Cancel in an edit mode). */
function formDialogs(
  leave: Pick<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel'>,
  discardThen: (() => void) | null,
  setDiscardThen: (then: (() => void) | null) => void,
  discarded: () => void,
  left: () => void,
): Pick<FormKit<FieldValues>, 'leaveDialog' | 'discardDialog'> {
  return {
    leaveDialog: {
      ...leave,
      onConfirm: () => {
        left();
        leave.onConfirm();
      },
    },
    discardDialog: {
      open: discardThen !== null,
      onConfirm: () => {
        discarded();
        setDiscardThen(null);
        discardThen?.();
      },
      onCancel: () => setDiscardThen(null),
    },
  };
}

/**
 * A form on react-hook-form with what every form of the remotes needs: dirty tracking and the leave
 * guard ('Discard Changes?' before the shell's links, Back, reload), the contract check with the
 * spec's first-error toast and the field marked and focused, 409 handling (stale save: a banner that
 * keeps what was typed and offers the latest version; a name taken: the field marked), other errors
 * as the service's message, and a draft in sessionStorage so an error boundary's Retry or a reload
 * gives back what was typed.
 */
export function useFormKit<V extends FieldValues, R, T extends { version: number } = { version: number }>(
  options: UseFormKitOptions<V, R, T>,
): FormKit<V> {
  const { id, readOnly = false } = options;
  const latestOptions = useRef(options);
  latestOptions.current = options;
  const { base, setBase, form, dirty, refs } = useFormBase(options);
  const values = form.watch();
  // Saving is the request only, not the check before it: a field disabled while saving cannot take the focus.
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<FormBanner | null>(null);
  const [discardThen, setDiscardThen] = useState<(() => void) | null>(null);
  const { dialog, allowLeave } = useUnsavedChanges(dirty);
  const [restored, setRestored] = useRestoredDraft(form, readOnly, refs.address);
  useDraftKeeping(form, readOnly, refs);
  const forgetDraft = () => {
    refs.finished.current = true;
    formDrafts.remove(refs.address.current);
  };
  /** Saved or discarded: no draft, and leaving asks nothing from then on. */
  const finish = () => {
    forgetDraft();
    allowLeave();
  };
  const fieldId = (name: string) => `${id}-${name.replace(/\./g, '-')}`;
  const focusId = useFocusRequest(saving);
  const requestFocus = (name: string) => focusId(fieldId(name));

  const submit = submitHandler(form, latestOptions, {
    version: base.version,
    setBanner,
    setSaving,
    requestFocus,
    saved: finish,
  });

  const set = <N extends FieldPath<V>>(name: N, value: PathValue<V, N>) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const { loadingLatest, loadLatest } = useLoadLatest(options.latest, form, refs.address, (v, version) => {
    setBase({ values: v, version });
    setBanner(null);
    setRestored(false);
  });

  return {
    id,
    form,
    values,
    dirty,
    saving,
    readOnly,
    version: base.version,
    fieldId,
    set,
    patch: (partial) => {
      for (const [key, value] of Object.entries(partial))
        set(key as FieldPath<V>, value as PathValue<V, FieldPath<V>>);
    },
    onSubmit: async (event) => {
      event?.preventDefault();
      if (readOnly || saving || form.formState.isSubmitting) return;
      const { canSubmit } = latestOptions.current;
      if (canSubmit && !canSubmit(form.getValues())) return;
      await submit(event);
    },
    discard: (then) => {
      if (!dirty) then();
      else setDiscardThen(() => then);
    },
    banner,
    restored,
    loadingLatest,
    loadLatest,
    forgetRestored: () => {
      formDrafts.remove(refs.address.current);
      form.reset();
      setRestored(false);
    },
    ...formDialogs(dialog, discardThen, setDiscardThen, finish, forgetDraft),
  };
}

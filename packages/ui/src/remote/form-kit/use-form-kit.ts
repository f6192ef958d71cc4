import { ApiError, errorMessage } from '@erp/sdk';
import { toast, type ConfirmDialogProps, type ToastOptions } from '@erp/ui';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
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
  const { id, record, contract, readOnly = false } = options;
  const latestOptions = useRef(options);
  latestOptions.current = options;

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
  const values = form.watch();
  const dirty = !readOnly && form.formState.isDirty;
  // Saving is the request only, not the check before it: a field disabled while saving cannot take the focus.
  const [saving, setSaving] = useState(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const [banner, setBanner] = useState<FormBanner | null>(null);
  const [restored, setRestored] = useState(false);
  const [loadingLatest, setLoadingLatest] = useState(false);
  const [discardThen, setDiscardThen] = useState<(() => void) | null>(null);
  /** Saved or discarded: nothing left to keep as a draft. */
  const finished = useRef(false);

  const { dialog, allowLeave } = useUnsavedChanges(dirty);

  // Put back what was typed before a crash (Retry) or a reload, still unsaved (dirty).
  useLayoutEffect(() => {
    if (readOnly) return;
    formDrafts.pruneOtherVersions(addressRef.current);
    const draft = formDrafts.restorable(addressRef.current, form.getValues());
    if (draft) {
      form.reset(draft, { keepDefaultValues: true });
      setRestored(true);
    }
  }, [form, readOnly]);

  // Keep the draft: written shortly after each change, and at once when the form goes away (an
  // error boundary replacing it) or the page does (reload).
  useEffect(() => {
    if (readOnly) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (finished.current) return;
      if (dirtyRef.current) formDrafts.write(addressRef.current, form.getValues());
      else formDrafts.remove(addressRef.current);
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
  }, [form, readOnly]);

  const forgetDraft = () => {
    finished.current = true;
    formDrafts.remove(addressRef.current);
  };

  const fieldId = (name: string) => `${id}-${name.replace(/\./g, '-')}`;

  // The field to focus once the form has rendered it enabled again (after the check, or a failed save).
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (!focusRequest || saving) return;
    focusField(focusRequest.id);
    setFocusRequest(null);
  }, [focusRequest, saving]);
  const requestFocus = (name: string) => setFocusRequest({ id: fieldId(name) });

  const fail = (error: unknown) => {
    const { conflictField, latest } = latestOptions.current;
    if (error instanceof ApiError && error.status === 409) {
      if (latest && STALE.test(error.message)) {
        setBanner({ kind: 'stale', message: error.message });
      } else {
        const conflict = conflictField?.(error.message);
        if (conflict) {
          form.setError(conflict.field, { type: 'conflict', message: error.message });
          requestFocus(conflict.field);
        }
        setBanner({ kind: 'conflict', message: error.message, advice: conflict?.advice });
      }
    }
    // On failure the form keeps everything typed, so the user can correct and save again.
    toast({ title: errorMessage(error), variant: 'destructive' });
  };

  const submit = form.handleSubmit(
    async (valid) => {
      setBanner(null);
      setSaving(true);
      let result: R;
      try {
        result = await latestOptions.current.save(valid, base.version);
      } catch (error) {
        fail(error);
        return;
      } finally {
        setSaving(false);
      }
      forgetDraft();
      allowLeave();
      latestOptions.current.onSaved(result);
    },
    () => {
      const current = form.getValues();
      const [first] = contract.problems(current);
      if (!first) return;
      const words = latestOptions.current.problemToast?.(first, current) ?? { title: first.message };
      toast({ ...words, variant: 'destructive' });
      requestFocus(first.field);
    },
  );

  const set = <N extends FieldPath<V>>(name: N, value: PathValue<V, N>) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const latest = options.latest;
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
            setBase({ values, version: data.version });
            setBanner(null);
            setRestored(false);
          })
          .catch((error: unknown) => toast({ title: errorMessage(error), variant: 'destructive' }))
          .finally(() => setLoadingLatest(false));
      }
    : undefined;

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
      formDrafts.remove(addressRef.current);
      form.reset();
      setRestored(false);
    },
    leaveDialog: {
      ...dialog,
      onConfirm: () => {
        forgetDraft();
        dialog.onConfirm();
      },
    },
    discardDialog: {
      open: discardThen !== null,
      onConfirm: () => {
        forgetDraft();
        allowLeave();
        setDiscardThen(null);
        discardThen?.();
      },
      onCancel: () => setDiscardThen(null),
    },
  };
}

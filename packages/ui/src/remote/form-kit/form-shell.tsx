import { Button, ConfirmDialog, Field, Icon, keepClear, Spinner, theme } from '@erp/ui';
import { cloneElement, type ChangeEvent, type ReactElement, type ReactNode } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import styled from 'styled-components';
import { Banner } from '../bars';
import type { FormKit } from './use-form-kit';

const Form = styled.form`
  display: grid;
  gap: 1.25rem;
`;

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The 409 banner: what the service said, that nothing typed is lost, and what to do next. */
function SaveBanner<V extends FieldValues>({ kit }: { kit: FormKit<V> }) {
  const banner = kit.banner;
  if (!banner) return null;
  return (
    <Banner $tone="error" role="alert">
      <p>
        <strong>Not saved: </strong>
        {sentence(banner.message)}{' '}
        {banner.kind === 'stale'
          ? 'Your changes are still here until you load the latest version.'
          : banner.advice
            ? `Your changes are still here; ${banner.advice}.`
            : 'Your changes are still here.'}
      </p>
      {banner.kind === 'stale' && kit.loadLatest && (
        <Button
          variant="outline"
          size="sm"
          onClick={kit.loadLatest}
          disabled={kit.loadingLatest || kit.saving}
        >
          {kit.loadingLatest && <Spinner />}
          Load latest version
        </Button>
      )}
    </Banner>
  );
}

export interface FormShellProps<V extends FieldValues> {
  kit: FormKit<V>;
  children: ReactNode;
  /** The leave question's words when a form's spec has its own (the project form: '… Are you sure you want to leave?'). */
  leaveDescription?: string;
}

const LEAVE_DESCRIPTION = 'You have unsaved changes. Are you sure you want to leave without saving?';

/**
 * The <form> of a kit form: submit through the kit, the 409 banner and the restored-draft notice on
 * top, and the 'Discard Changes?' questions (leaving with unsaved changes; Cancel of an edit mode).
 */
export function FormShell<V extends FieldValues>({
  kit,
  children,
  leaveDescription = LEAVE_DESCRIPTION,
}: FormShellProps<V>) {
  return (
    <Form onSubmit={(event) => void kit.onSubmit(event)} noValidate aria-busy={kit.saving}>
      <SaveBanner kit={kit} />
      {kit.restored && (
        <Banner $tone="info" role="status">
          <p>Your unsaved changes were restored.</p>
          <Button variant="outline" size="sm" onClick={kit.forgetRestored} disabled={kit.saving}>
            Discard them
          </Button>
        </Banner>
      )}
      {children}
      <ConfirmDialog
        {...kit.leaveDialog}
        title="Discard Changes?"
        description={leaveDescription}
        cancelLabel="Keep Editing"
        confirmLabel="Discard Changes"
        destructive
      />
      <ConfirmDialog
        {...kit.discardDialog}
        title="Discard Changes?"
        description="You have unsaved changes. Are you sure you want to discard them?"
        cancelLabel="Keep Editing"
        confirmLabel="Discard Changes"
        destructive
      />
    </Form>
  );
}

/**
 * The row of a form's buttons: right-aligned, stacked full width on phones (the primary on top).
 * Toasts never cover it (data-keep-clear, decision 0038).
 */
export const FormButtons = styled.div.attrs(keepClear)`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: 0.5rem;
  ${theme.media.mobile} {
    flex-direction: column-reverse;
    & > * {
      width: 100%;
    }
  }
`;

export interface FormActionsProps<V extends FieldValues> {
  kit: FormKit<V>;
  onCancel: () => void;
  /** 'Save', 'Save & Close', 'Save Vendor', 'Save Changes'; 'Saving...' while saving (SPEC §2). */
  saveLabel: string;
  /** Save refused besides while saving (SPEC §5: until the required fields are filled). */
  saveDisabled?: boolean;
  /** A read-only form (kit.readOnly) shows only this button, back where Cancel goes ('Back to List'). */
  backLabel?: string;
}

/** Cancel and Save; a read-only form given a backLabel, only the way back. */
export function FormActions<V extends FieldValues>({
  kit,
  onCancel,
  saveLabel,
  saveDisabled,
  backLabel,
}: FormActionsProps<V>) {
  if (kit.readOnly && backLabel) {
    return (
      <FormButtons>
        <Button variant="outline" onClick={onCancel}>
          <Icon name="arrowLeft" />
          {backLabel}
        </Button>
      </FormButtons>
    );
  }
  return (
    <FormButtons>
      <Button variant="outline" onClick={onCancel} disabled={kit.saving}>
        Cancel
      </Button>
      <Button type="submit" disabled={kit.saving || saveDisabled}>
        {kit.saving && <Spinner />}
        {kit.saving ? 'Saving...' : saveLabel}
      </Button>
    </FormButtons>
  );
}

export interface FormFieldProps<V extends FieldValues> {
  kit: FormKit<V>;
  name: FieldPath<V>;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  /** The control: <Input />, <Textarea />, <Select>…</Select>; the field gives it id, value, events and its error state. */
  control?: ReactElement<Record<string, unknown>>;
  /** Or a control of its own kind (a picker), given the same props. */
  render?: (props: FieldControlProps) => ReactNode;
  /** Cleans what is typed before it is kept (a name's letters, a phone's digits, an amount). */
  clean?: (raw: string) => string;
  /** Checks the field as soon as it is left with something in it, not only on Save. */
  checkOnBlur?: boolean;
  /** A message shown while typing, before any Save (an amount above the maximum). */
  liveError?: string | undefined;
  /** Something around the control (a +91 prefix). */
  wrap?: (control: ReactNode) => ReactNode;
}

/** What a field gives its control. */
export interface FieldControlProps {
  id: string;
  name: string;
  ref: (element: HTMLElement | null) => void;
  value: unknown;
  /** An input's change event, or the new value itself. */
  onChange: (change: unknown) => void;
  onBlur: () => void;
  readOnly: boolean | undefined;
  disabled: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string;
}

const isChangeEvent = (change: unknown): change is ChangeEvent<HTMLInputElement> =>
  typeof change === 'object' &&
  change !== null &&
  'target' in change &&
  typeof (change as { target: unknown }).target === 'object';

/**
 * A labelled field bound to the kit's form: its message under it, the control marked (aria-invalid,
 * red border) and described by the message. The control's id is kit.fieldId(name).
 */
export function FormField<V extends FieldValues>({
  kit,
  name,
  label,
  required,
  hint,
  className,
  control,
  render,
  clean,
  checkOnBlur,
  liveError,
  wrap,
}: FormFieldProps<V>) {
  const { field, fieldState } = useController({ name, control: kit.form.control });
  const id = kit.fieldId(name);
  const error = fieldState.error?.message ?? liveError;
  const own = control?.props ?? {};
  const props: FieldControlProps = {
    id,
    name,
    ref: field.ref,
    value: field.value ?? '',
    onChange: (change) => {
      const value = isChangeEvent(change) ? change.target.value : change;
      field.onChange(clean && typeof value === 'string' ? clean(value) : value);
    },
    onBlur: () => {
      field.onBlur();
      if (!checkOnBlur) return;
      if (String(field.value ?? '') !== '') void kit.form.trigger(name);
      else if (!kit.form.formState.isSubmitted) kit.form.clearErrors(name);
    },
    readOnly: kit.readOnly || own.readOnly === true || undefined,
    disabled: kit.saving || own.disabled === true || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': `${id}-msg`,
  };
  const input = render ? render(props) : control ? cloneElement(control, { ...props }) : null;
  return (
    <Field
      label={label}
      htmlFor={id}
      required={required && !kit.readOnly}
      hint={kit.readOnly ? undefined : hint}
      error={error}
      className={className}
    >
      {wrap ? wrap(input) : input}
    </Field>
  );
}

import { Button, Dialog, DialogFooter, Field, Textarea } from '@erp/ui';
import { useRef, useState, type ReactNode } from 'react';
import { DialogForm } from './dialog-form';

/** What the screen's submit can do to the dialog once the service has answered. */
export interface ReasonAnswer {
  /** Show the service's message under the field; the reason stays for another try. */
  showError: (message: string) => void;
  /** Empty the field (a dialog that stays mounted between openings). */
  reset: () => void;
}

export interface ReasonDialogProps {
  open?: boolean;
  title: string;
  description: ReactNode;
  /** The textarea's id (its message is `${fieldId}-msg`). */
  fieldId: string;
  hint: string;
  maxLength: number;
  rows?: number;
  /** The message (SPEC wording) when the reason is left empty. */
  requiredMessage: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Called with a reason that is not blank. */
  onSubmit: (reason: string, answer: ReasonAnswer) => void;
  onClose: () => void;
}

/**
 * A destructive action that needs a reason (reject an overbilling, reverse a ledger entry, short-close
 * a PO): the reason is required, its message shows under the field and the field takes the focus; the
 * dialog cannot be closed while the request runs.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open = true, fieldId, busy, onClose } = props;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const answer: ReasonAnswer = {
    showError: setError,
    reset: () => {
      setReason('');
      setError(null);
    },
  };

  const submit = () => {
    if (busy) return;
    if (!reason.trim()) {
      setError(props.requiredMessage);
      field.current?.focus();
      return;
    }
    props.onSubmit(reason, answer);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      title={props.title}
      description={props.description}
    >
      <DialogForm onSubmit={submit}>
        <Field label="Reason" htmlFor={fieldId} required error={error} hint={props.hint}>
          <Textarea
            id={fieldId}
            ref={field}
            value={reason}
            rows={props.rows}
            maxLength={props.maxLength}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${fieldId}-msg`}
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(null);
            }}
            autoFocus
          />
        </Field>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={busy} aria-busy={busy || undefined}>
            {busy ? props.busyLabel : props.confirmLabel}
          </Button>
        </DialogFooter>
      </DialogForm>
    </Dialog>
  );
}

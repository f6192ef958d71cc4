import type { Boq, BoqResponse } from '@erp/contracts';
import { toast, useNavigate } from '@erp/ui';
import { useFormKit, type FormKit } from '@erp/ui/remote-form';
import { useRef, useState } from 'react';
import { useCreateBoq, useUpdateBoq } from '../api/save-boq';
import {
  boqContract,
  boqProblemToast,
  boqToValues,
  canSaveBoq,
  valuesToBody,
  type BoqFormValues,
  type BoqSaveStatus,
} from './boq-form-values';
import { revealField } from './reveal-field';

export interface BoqFormKitOptions {
  boq: Boq | null;
  initial: BoqFormValues;
  /** Fetches the BOQ again (the stale-save banner's "Load latest version"). */
  reload?: (() => Promise<{ data?: Boq | undefined }>) | undefined;
}

export interface BoqFormKit {
  kit: FormKit<BoqFormValues>;
  /** Saves with this status (Save as Draft, or Confirm once the user confirmed). */
  submit: (status: BoqSaveStatus) => void;
  /** The status being saved, while the save runs. */
  pending: BoqSaveStatus | null;
}

/**
 * The BOQ form's kit (its draft, check, save and stale-save banner) and the two ways to save it: as a
 * draft or confirmed. After saving, the BOQ's page opens.
 */
export function useBoqFormKit({ boq, initial, reload }: BoqFormKitOptions): BoqFormKit {
  const navigate = useNavigate();
  const create = useCreateBoq();
  const update = useUpdateBoq();
  const status = useRef<BoqSaveStatus>('draft');
  const [pending, setPending] = useState<BoqSaveStatus | null>(null);

  const kit = useFormKit<BoqFormValues, BoqResponse, Boq>({
    id: 'boq',
    record: boq,
    initial,
    contract: boqContract[boq ? 'update' : 'create'],
    canSubmit: canSaveBoq,
    problemToast: (problem, values) => {
      // A line far down is brought on screen first (the kit focuses it when it is rendered).
      if (problem.field.startsWith('items.')) setTimeout(() => revealField(kit, problem.field), 0);
      return boqProblemToast(problem, values);
    },
    save: (values, version) => {
      const body = valuesToBody(values, status.current);
      return boq ? update.mutateAsync({ id: boq._id, body: { ...body, version } }) : create.mutateAsync(body);
    },
    onSaved: (result) => {
      const confirmed = result.boq.status === 'confirmed';
      toast({
        title: result.message || (confirmed ? 'BOQ confirmed' : 'BOQ saved as draft'),
        description: `${result.boq.boqId} · ${result.boq.name}`,
        variant: 'success',
      });
      void navigate(`/boq/${result.boq._id}`);
    },
    latest: boq && reload ? { refetch: reload, toValues: boqToValues } : null,
  });

  const submit = (next: BoqSaveStatus) => {
    status.current = next;
    setPending(next);
    void kit.onSubmit().finally(() => setPending(null));
  };

  return { kit, submit, pending };
}

import { Input } from '@erp/ui';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormField } from './form-shell';
import type { FormKit } from './use-form-kit';

export interface LineRemarkFieldProps<V extends FieldValues> {
  kit: FormKit<V>;
  /** The remark's path in the form (`items.3.remark`). */
  name: FieldPath<V>;
  /** The line's place, from 0: screen readers hear "Remark, line 4". */
  index: number;
}

/** A document line's optional remark (indent items, BOQ lines), up to 500 characters. */
export function LineRemarkField<V extends FieldValues>({ kit, name, index }: LineRemarkFieldProps<V>) {
  return (
    <FormField
      kit={kit}
      name={name}
      label={`Remark, line ${index + 1}`}
      className="remark"
      control={<Input placeholder="Optional" autoComplete="off" maxLength={500} />}
    />
  );
}

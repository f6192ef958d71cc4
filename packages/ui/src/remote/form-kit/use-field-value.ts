import { useSyncExternalStore } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { FormKit } from './use-form-kit';

/**
 * One field's current value, re-rendering the component only when that field changes (the form's own
 * `watch()` re-renders the whole form on every keystroke; memoised parts read their fields this way).
 */
export function useFieldValue<V extends FieldValues>(kit: FormKit<V>, name: FieldPath<V>): unknown {
  const { form } = kit;
  return useSyncExternalStore(
    (onChange) => form.subscribe({ name, formState: { values: true }, exact: true, callback: onChange }),
    () => form.getValues(name),
  );
}

/**
 * @erp/ui/remote-form, the form kit (issue 9, item 5): react-hook-form with the contracts' TypeBox
 * schemas as its check. Shared by the remotes as a singleton of its own, apart from @erp/ui/remote, so
 * a screen without a form (a list, a detail page) does not load react-hook-form and TypeBox's checker
 * (~25 KB gzipped, ~150 ms of a phone's main thread; decision 0042). The drafts stay in the remote kit.
 */
export {
  formContract,
  schemaProblems,
  type FormContract,
  type FormContractOptions,
  type FormProblem,
} from './contract';
export {
  focusField,
  useFormKit,
  type ConflictField,
  type FormBanner,
  type FormKit,
  type FormRecord,
  type LatestRecord,
  type UseFormKitOptions,
} from './use-form-kit';
export {
  FormActions,
  FormButtons,
  FormField,
  FormShell,
  type FieldControlProps,
  type FormActionsProps,
  type FormFieldProps,
  type FormShellProps,
} from './form-shell';
export { useFieldValue } from './use-field-value';
export { lineRow, revealField, type ListRow } from './reveal-field';
export { LineRemarkField, type LineRemarkFieldProps } from './line-fields';

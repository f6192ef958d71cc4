/** The form kit (issue 9, item 5): react-hook-form with the contracts' TypeBox schemas as its check. */
export { formContract, schemaProblems, type FormContract, type FormContractOptions, type FormProblem } from './contract';
export { createDraftStore, draftKey, formDrafts, hasFormDraft, type DraftAddress, type DraftStore } from './drafts';
export { focusField, useFormKit, type ConflictField, type FormBanner, type FormKit, type FormRecord, type LatestRecord, type UseFormKitOptions } from './use-form-kit';
export { FormActions, FormButtons, FormField, FormShell, type FieldControlProps, type FormActionsProps, type FormFieldProps, type FormShellProps } from './form-shell';

import type { ComponentProps } from 'react';
import { lazy, Suspense } from 'react';
import { Spinner } from '@erp/ui';
import { Note } from './boq-form-sections';

/** The import dialog is a chunk of its own: fetched when the user opens it (or points at its button). */
export const loadImportDialog = () => import('./boq-import-dialog');
const BoqImportDialog = lazy(loadImportDialog);

export type ImportDialogSlotProps = ComponentProps<typeof BoqImportDialog>;

/** The import dialog while it is open, with a note while its chunk loads. */
export function ImportDialogSlot(props: ImportDialogSlotProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={<ImportLoading />}>
      <BoqImportDialog {...props} />
    </Suspense>
  );
}

/** Said in a corner while the dialog's chunk is fetched (a slow connection). */
function ImportLoading() {
  return (
    <Note role="status" style={{ position: 'fixed', inset: 'auto 1rem 1rem auto' }}>
      <Spinner size={12} /> Opening the import...
    </Note>
  );
}

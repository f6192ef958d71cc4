/**
 * Import from a spreadsheet (step 3): choose an .xlsx or .csv file, the projects service reads it
 * and answers a preview (POST /boq/import: nothing is stored), the user sees what is ready, what was
 * refused and why, may create the items the item master lacks, and adds the ready lines to the form.
 * A chunk of its own: loaded when the user opens it (or points at its button).
 */
import type { BoqImportPreview } from '@erp/contracts';
import { Button, Icon, Spinner } from '@erp/ui';
import { SpreadsheetImportDialog } from '@erp/ui/spreadsheet-import';
import type { AppendResult } from '../hooks/boq-form-values';
import { useBoqImport, type BoqImport } from '../hooks/use-boq-import';
import { ChooseFileContent } from './boq-import-choose';
import { PreviewContent } from './boq-import-preview';
import { plural } from './boq-import-status';

export interface BoqImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Appends the ready lines to the form (skipping items already on it) and says what it did. */
  onAdd: (lines: BoqImportPreview['lines']) => AppendResult;
  /** Items module, Add Item with write: may create the items the file names and the master lacks. */
  canCreateItems: boolean;
  /** Item ids already on the form: their lines are skipped. */
  onForm: ReadonlySet<string>;
}

export default function BoqImportDialog({
  open,
  onOpenChange,
  onAdd,
  canCreateItems,
  onForm,
}: BoqImportDialogProps) {
  const im = useBoqImport(onOpenChange);
  const { preview } = im;
  const ready = preview?.lines ?? [];
  const skipped = ready.filter((line) => onForm.has(line.item._id)).length;
  const toAdd = ready.length - skipped;

  return (
    <SpreadsheetImportDialog
      open={open}
      onOpenChange={onOpenChange}
      onClose={im.close}
      title="Import from Excel"
      description={preview ? preview.fileName : 'Add estimate lines from a spreadsheet'}
      footer={
        <ImportFooter
          im={im}
          toAdd={toAdd}
          onAdd={() => {
            onAdd(ready);
            im.close();
          }}
        />
      }
    >
      {!preview ? (
        <ChooseFileContent im={im} />
      ) : (
        <PreviewContent im={im} preview={preview} skipped={skipped} canCreateItems={canCreateItems} />
      )}
    </SpreadsheetImportDialog>
  );
}

/** The dialog's buttons: Read File before a preview; then Choose Another File and Add the ready lines. */
function ImportFooter({ im, toAdd, onAdd }: { im: BoqImport; toAdd: number; onAdd: () => void }) {
  if (!im.preview) {
    return (
      <>
        <Button variant="outline" onClick={im.close}>
          Cancel
        </Button>
        <Button onClick={im.readFile} disabled={!im.file || im.reading}>
          {im.reading ? <Spinner /> : <Icon name="arrowRight" />}
          {im.reading ? 'Reading file...' : 'Read File'}
        </Button>
      </>
    );
  }
  return (
    <>
      <Button variant="ghost" onClick={im.close}>
        Cancel
      </Button>
      <Button variant="outline" onClick={im.reset} disabled={im.busy}>
        Choose Another File
      </Button>
      <Button onClick={onAdd} disabled={toAdd <= 0 || im.busy}>
        <Icon name="plus" />
        Add {plural(toAdd, 'line')}
      </Button>
    </>
  );
}

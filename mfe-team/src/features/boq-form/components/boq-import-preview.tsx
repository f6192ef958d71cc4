import type { BoqImportPreview, BoqUnknownItem } from '@erp/contracts';
import { Badge, Button, Icon, Spinner } from '@erp/ui';
import { ImportCounts, ImportNote, ImportProblem } from '@erp/ui/spreadsheet-import';
import type { BoqImport } from '../hooks/use-boq-import';
import { Box, CreationStatus, plural, Reading, RowList } from './boq-import-status';

/** How many refused rows are listed (the rest are counted). */
const SHOWN_ROWS = 200;

interface UnknownItemsProps {
  unknown: BoqUnknownItem[];
  im: BoqImport;
  canCreateItems: boolean;
}

/** The items the file names and the item master lacks, and a way to create them (or whom to ask). */
function UnknownItems({ unknown, im, canCreateItems }: UnknownItemsProps) {
  return (
    <Box role="group" aria-label="Items not in the item master">
      <h3>{plural(unknown.length, 'item')} not in the item master</h3>
      <RowList>
        {unknown.slice(0, SHOWN_ROWS).map((item) => (
          <li key={item.name}>
            <span>Row {item.rows[0]}</span>
            <span className="item">{item.name}</span>
            <span className="reasons muted">
              Unit: {item.unit || 'none given'}
              {item.rows.length > 1
                ? ` · also row${item.rows.length === 2 ? '' : 's'} ${item.rows.slice(1, 8).join(', ')}${item.rows.length > 8 ? '…' : ''}`
                : ''}
            </span>
          </li>
        ))}
      </RowList>
      {canCreateItems ? (
        <Button variant="outline" onClick={() => void im.createUnknown(unknown)} disabled={im.busy}>
          {im.creation && im.busy ? <Spinner /> : <Icon name="plus" />}
          Create {plural(unknown.length, 'item')} in the item master
        </Button>
      ) : (
        <ImportNote>
          Ask a Purchaser to add these items to the item master, then read the file again.
        </ImportNote>
      )}
    </Box>
  );
}

/** The rows of the file the service refused, each with its reasons. */
function RefusedRows({ refused }: { refused: BoqImportPreview['refused'] }) {
  return (
    <div>
      <h3 style={{ fontSize: '0.875rem', fontWeight: 600, marginBottom: '0.375rem' }}>Refused rows</h3>
      <RowList aria-label="Refused rows">
        {refused.slice(0, SHOWN_ROWS).map((row) => (
          <li key={row.row}>
            <span>Row {row.row}</span>
            <span className="item">{row.item || '—'}</span>
            <span className="reasons">{row.reasons.join('; ')}</span>
          </li>
        ))}
      </RowList>
      {refused.length > SHOWN_ROWS && (
        <ImportNote>and {plural(refused.length - SHOWN_ROWS, 'more row')}</ImportNote>
      )}
    </div>
  );
}

export interface PreviewContentProps {
  im: BoqImport;
  preview: BoqImportPreview;
  /** Ready lines whose item is already on the form (they are skipped). */
  skipped: number;
  canCreateItems: boolean;
}

/** The dialog once the file is read: what is ready, what the item master lacks, and what was refused. */
export function PreviewContent({ im, preview, skipped, canCreateItems }: PreviewContentProps) {
  const ready = preview.lines;
  const unknown = preview.unknownItems;
  const refused = preview.refused;
  return (
    <>
      <ImportCounts aria-label="Import summary">
        <Badge variant={ready.length > 0 ? 'success' : 'outline'}>{plural(ready.length, 'line')} ready</Badge>
        <Badge variant={refused.length > 0 ? 'destructive' : 'outline'}>
          {plural(refused.length, 'row')} refused
        </Badge>
        <Badge variant="secondary">{plural(preview.totalRows, 'row')} read</Badge>
      </ImportCounts>
      {skipped > 0 && (
        <ImportNote>
          {plural(skipped, 'line')} of the file {skipped === 1 ? 'names an item' : 'name items'} already on
          this BOQ: {skipped === 1 ? 'it' : 'they'} will be skipped, your lines stay as they are.
        </ImportNote>
      )}
      {unknown.length > 0 && <UnknownItems unknown={unknown} im={im} canCreateItems={canCreateItems} />}
      {im.creation && (
        <CreationStatus creation={im.creation} onReadAgain={im.readAgain} reading={im.reading} />
      )}
      {refused.length > 0 && <RefusedRows refused={refused} />}
      {im.reading && !im.creation && <Reading file={im.file} />}
      {im.problem && <ImportProblem role="alert">{im.problem}</ImportProblem>}
    </>
  );
}
